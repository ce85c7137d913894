import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { type SystemStatus, useSystemStatus } from '../api/get-system-status';
import { OLLAMA_PORT } from '../lib/commands';
import { ManualDownloadCard, SystemReadyCard, TroubleshootingCard } from './status-cards';
import { type IndicatorTone, StatusIndicator } from './status-indicator';

const BACKEND = {
  running: ['Running', 'ok'],
  degraded: ['Degraded', 'warn'],
  down: ['Not running', 'bad'],
} as const satisfies Record<SystemStatus['backend'], readonly [string, IndicatorTone]>;
const SERVICE = {
  running: ['Running', 'ok'],
  down: ['Not running', 'bad'],
  unknown: ['Unknown', 'unknown'],
} as const satisfies Record<SystemStatus['modelService'], readonly [string, IndicatorTone]>;
const MODELS = {
  available: ['Available', 'ok'],
  none: ['None installed', 'warn'],
  unknown: ['Unknown', 'unknown'],
} as const satisfies Record<SystemStatus['models'], readonly [string, IndicatorTone]>;

type Indicator = readonly [string, IndicatorTone];
const shown = (indicator: Indicator | undefined): Indicator => indicator ?? ['', 'unknown'];

const MODEL_SERVICE_DOWN =
  'The model service is not running. Start Ollama (or check OLLAMA_BASE_URL), or add a GGUF model for the built-in runtime.';

function followUp(status: SystemStatus) {
  if (status.backend === 'down') return <TroubleshootingCard message={status.error ?? ''} />;
  if (status.modelService === 'down') return <TroubleshootingCard message={MODEL_SERVICE_DOWN} />;
  if (status.error) return <TroubleshootingCard message={status.error} />;
  if (status.models === 'none') return <ManualDownloadCard />;
  if (status.backend === 'running') return <SystemReadyCard />;
  return (
    <TroubleshootingCard message="Hearth answers, but its database or file storage reports a problem: see the server log." />
  );
}

export function SystemStatusTab() {
  const { data, isFetching, refetch } = useSystemStatus();
  const checking = isFetching || !data;
  const [backendState, backendTone] = shown(data && BACKEND[data.backend]);
  const [serviceState, serviceTone] = shown(data && SERVICE[data.modelService]);
  const [modelsState, modelsTone] = shown(data && MODELS[data.models]);
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>System status</CardTitle>
            <CardDescription>Live checks of this Hearth instance.</CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className={cn(isFetching && 'animate-spin')} aria-hidden />
            Refresh
          </Button>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2" aria-live="polite" aria-busy={checking}>
            <StatusIndicator
              name="Backend API"
              detail={`Hearth's server at ${window.location.origin}`}
              state={backendState}
              tone={backendTone}
              checking={checking}
              testId="status-backend"
            />
            <StatusIndicator
              name="Model service"
              detail={`Ollama (port ${OLLAMA_PORT}), the built-in runtime or an OpenAI-compatible server`}
              state={serviceState}
              tone={serviceTone}
              checking={checking}
              testId="status-model-service"
            />
            <StatusIndicator
              name="Models"
              detail="At least one chat model installed"
              state={modelsState}
              tone={modelsTone}
              checking={checking}
              testId="status-models"
            />
          </ul>
        </CardContent>
      </Card>
      {data && !isFetching ? followUp(data) : null}
    </div>
  );
}
