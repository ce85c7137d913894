import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { type SystemStatus, useSystemStatus } from '../api/get-system-status';
import { OLLAMA_PORT } from '../lib/commands';
import { ManualDownloadCard, SystemReadyCard, TroubleshootingCard } from './status-cards';
import { type IndicatorTone, StatusIndicator } from './status-indicator';

const BACKEND = {
  running: ['status.running', 'ok'],
  degraded: ['status.degraded', 'warn'],
  down: ['status.down', 'bad'],
} as const satisfies Record<SystemStatus['backend'], readonly [string, IndicatorTone]>;
const SERVICE = {
  running: ['status.running', 'ok'],
  down: ['status.down', 'bad'],
  unknown: ['status.unknown', 'unknown'],
} as const satisfies Record<SystemStatus['modelService'], readonly [string, IndicatorTone]>;
const MODELS = {
  available: ['status.available', 'ok'],
  none: ['status.none', 'warn'],
  unknown: ['status.unknown', 'unknown'],
} as const satisfies Record<SystemStatus['models'], readonly [string, IndicatorTone]>;

type Indicator = readonly [string, IndicatorTone];
const shown = (indicator: Indicator | undefined): Indicator => indicator ?? ['', 'unknown'];

function FollowUp({ status }: { status: SystemStatus }) {
  const { t } = useTranslation('setup');
  if (status.backend === 'down') return <TroubleshootingCard message={status.error ?? ''} />;
  if (status.modelService === 'down') return <TroubleshootingCard message={t('status.modelServiceDown')} />;
  if (status.error) return <TroubleshootingCard message={status.error} />;
  if (status.models === 'none') return <ManualDownloadCard />;
  if (status.backend === 'running') return <SystemReadyCard />;
  return <TroubleshootingCard message={t('status.storageProblem')} />;
}

export function SystemStatusTab() {
  const { data, isFetching, refetch } = useSystemStatus();
  const { t } = useTranslation('setup');
  const checking = isFetching || !data;
  const [backendState, backendTone] = shown(data && BACKEND[data.backend]);
  const [serviceState, serviceTone] = shown(data && SERVICE[data.modelService]);
  const [modelsState, modelsTone] = shown(data && MODELS[data.models]);
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>{t('status.title')}</CardTitle>
            <CardDescription>{t('status.description')}</CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className={cn(isFetching && 'animate-spin')} aria-hidden />
            {t('status.refresh')}
          </Button>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2" aria-live="polite" aria-busy={checking}>
            <StatusIndicator
              name={t('status.backend')}
              detail={t('status.backendDetail', { origin: window.location.origin })}
              state={t(backendState)}
              tone={backendTone}
              checking={checking}
              testId="status-backend"
            />
            <StatusIndicator
              name={t('status.modelService')}
              detail={t('status.modelServiceDetail', { port: OLLAMA_PORT })}
              state={t(serviceState)}
              tone={serviceTone}
              checking={checking}
              testId="status-model-service"
            />
            <StatusIndicator
              name={t('status.models')}
              detail={t('status.modelsDetail')}
              state={t(modelsState)}
              tone={modelsTone}
              checking={checking}
              testId="status-models"
            />
          </ul>
        </CardContent>
      </Card>
      {data && !isFetching ? <FollowUp status={data} /> : null}
    </div>
  );
}
