import { HealthResponse, SetupStatus } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { i18n } from '../../../lib/i18n';

export type BackendState = 'running' | 'degraded' | 'down';
export type ServiceState = 'running' | 'down' | 'unknown';
export type ModelsState = 'available' | 'none' | 'unknown';

export interface SystemStatus {
  backend: BackendState;
  modelService: ServiceState;
  models: ModelsState;
  /** Why a check could not finish; null when every check answered. */
  error: string | null;
}

export const backendDownMessage = (): string => i18n.t('setup:status.backendDown');
export const SETUP_STATUS_PATH = '/api/setup/status';
/** The spec's health-check timeout. */
export const HEALTH_TIMEOUT_MS = 5000;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The setup page's check, in the spec's order: the backend first (GET /health, 5 s); if it does not answer,
 * stop with 'Backend API is not running...'. Then the model service, then whether it has a model.
 */
export async function checkSystemStatus(fetchImpl: Fetch = fetch): Promise<SystemStatus> {
  const unknown = { modelService: 'unknown', models: 'unknown' } as const;
  let backend: BackendState;
  try {
    const response = await fetchImpl(apiPaths.health, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    // Anything but Hearth's own health answer (a proxy's 502 page, say) means the backend is not there.
    const health = HealthResponse.safeParse(await readJson(response));
    if (!health.success) return { backend: 'down', ...unknown, error: backendDownMessage() };
    backend = health.data.status === 'ok' ? 'running' : 'degraded';
  } catch {
    return { backend: 'down', ...unknown, error: backendDownMessage() };
  }
  try {
    const response = await fetchImpl(SETUP_STATUS_PATH, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    const status = SetupStatus.safeParse(await readJson(response));
    if (!response.ok || !status.success) {
      return { backend, ...unknown, error: i18n.t('setup:status.httpFailed', { status: response.status }) };
    }
    const connected = status.data.model_service.connected;
    return {
      backend,
      modelService: connected ? 'running' : 'down',
      models: connected ? (status.data.models.available ? 'available' : 'none') : 'unknown',
      error: null,
    };
  } catch {
    return { backend, ...unknown, error: i18n.t('setup:status.noAnswer') };
  }
}

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['setup', 'system-status'] as const,
    queryFn: () => checkSystemStatus(),
    retry: false,
    staleTime: 0,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());
