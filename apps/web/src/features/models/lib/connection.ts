import type { InstalledModel, OllamaStatus, SystemMode } from '@hearth/contract';

/** The header badge (spec §2): Detecting..., GPU Mode, CPU Only, Disconnected. */
export type ConnectionBadge = 'detecting' | 'gpu' | 'cpu' | 'disconnected';

/** The badge's words: keys of the models namespace. */
export const BADGE_LABEL_KEYS = {
  detecting: 'connection.badges.detecting',
  gpu: 'connection.badges.gpu',
  cpu: 'connection.badges.cpu',
  disconnected: 'connection.badges.disconnected',
} as const satisfies Record<ConnectionBadge, string>;

export interface ConnectionInputs {
  status: OllamaStatus | undefined;
  statusFailed: boolean;
  mode: SystemMode | undefined;
  modeSettled: boolean;
  models: InstalledModel[] | undefined;
  modelsFailed: boolean;
}

export interface ConnectionState {
  badge: ConnectionBadge;
  /** Every check has answered (or failed): the chat may decide. */
  ready: boolean;
  connected: boolean;
  /** Chat-capable models; empty whenever a check failed (spec §4: failed checks clear the models). */
  models: InstalledModel[];
  /** Why there is nothing to chat with, for the model-check message. */
  problem: 'cannot_connect' | 'no_models' | null;
  error: string | null;
}

export function deriveConnection(input: ConnectionInputs): ConnectionState {
  const statusKnown = input.status !== undefined || input.statusFailed;
  const modelsKnown = input.models !== undefined || input.modelsFailed;
  const ready = statusKnown && modelsKnown && input.modeSettled;
  const connected = input.status?.connected === true && !input.statusFailed;
  const models = connected && !input.modelsFailed ? (input.models ?? []).filter((m) => !m.capabilities.embedding) : [];
  const badge: ConnectionBadge = !statusKnown
    ? 'detecting'
    : !connected
      ? 'disconnected'
      : !input.modeSettled
        ? 'detecting'
        : input.mode?.mode === 'GPU'
          ? 'gpu'
          : 'cpu';
  const problem = !ready ? null : !connected ? 'cannot_connect' : models.length === 0 ? 'no_models' : null;
  return { badge, ready, connected, models, problem, error: input.status?.error ?? null };
}
