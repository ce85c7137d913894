import { MonitorCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n';
import type { ModelSelection } from '../hooks/use-model-selection';

const gb = (mb: number) => `${formatNumber(mb / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} GB`;

/** Shown in GPU mode (spec §2): the device and its memory. */
export function GpuStatusCard({ gpu }: { gpu: ModelSelection['gpuInfo'] }) {
  const { t } = useTranslation('models');
  if (!gpu) return null;
  const vram =
    gpu.vram_total_mb === null
      ? t('gpu.vramUnknown')
      : gpu.vram_used_mb === null
        ? t('gpu.vramTotal', { total: gb(gpu.vram_total_mb) })
        : t('gpu.vramUsed', { used: gb(gpu.vram_used_mb), total: gb(gpu.vram_total_mb) });
  return (
    <div
      data-testid="gpu-status-card"
      className="flex items-center gap-3 rounded-lg border bg-card px-3 py-2 text-sm text-card-foreground"
    >
      <MonitorCog className="size-4 text-primary" aria-hidden />
      <span className="font-medium">{t('gpu.title')}</span>
      <span className="truncate text-muted-foreground">{gpu.name}</span>
      <span className="ml-auto text-xs text-muted-foreground">{vram}</span>
    </div>
  );
}
