import { MonitorCog } from 'lucide-react';
import type { ModelSelection } from '../hooks/use-model-selection';

const gb = (mb: number) => `${(mb / 1024).toFixed(1)} GB`;

/** Shown in GPU mode (spec §2): the device and its memory. */
export function GpuStatusCard({ gpu }: { gpu: ModelSelection['gpuInfo'] }) {
  if (!gpu) return null;
  const vram =
    gpu.vram_total_mb === null
      ? 'VRAM unknown'
      : gpu.vram_used_mb === null
        ? `${gb(gpu.vram_total_mb)} VRAM`
        : `${gb(gpu.vram_used_mb)} of ${gb(gpu.vram_total_mb)} VRAM in use`;
  return (
    <div
      data-testid="gpu-status-card"
      className="flex items-center gap-3 rounded-lg border bg-card px-3 py-2 text-sm text-card-foreground"
    >
      <MonitorCog className="size-4 text-primary" aria-hidden />
      <span className="font-medium">GPU acceleration</span>
      <span className="truncate text-muted-foreground">{gpu.name}</span>
      <span className="ml-auto text-xs text-muted-foreground">{vram}</span>
    </div>
  );
}
