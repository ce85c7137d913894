import type { InstalledModel, OllamaStatus, SystemMode } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { BADGE_LABEL_KEYS, deriveConnection, type ConnectionBadge, type ConnectionInputs } from './connection';

const label = (badge: ConnectionBadge): string => i18n.t(BADGE_LABEL_KEYS[badge], { ns: 'models' });

const model = (name: string, embedding = false): InstalledModel => ({
  id: name,
  name,
  size: 1,
  modified_at: '',
  digest: '',
  details: { parameter_size: null, quantization_level: null, format: null, family: null, families: null },
  provider: { id: 'ollama', kind: 'ollama', name: 'Ollama' },
  capabilities: { vision: false, embedding },
});
const status = (connected: boolean): OllamaStatus => ({ connected, models: [], error: connected ? null : 'refused' });
const mode = (value: 'GPU' | 'CPU'): SystemMode => ({
  mode: value,
  gpu_available: value === 'GPU',
  current_model: null,
  timestamp: '',
  gpu_info: null,
  container_hostname: 'h',
  fallback: false,
  error: null,
});
const inputs = (patch: Partial<ConnectionInputs>): ConnectionInputs => ({
  status: status(true),
  statusFailed: false,
  mode: mode('CPU'),
  modeSettled: true,
  models: [model('llama3:latest')],
  modelsFailed: false,
  ...patch,
});

describe('deriveConnection', () => {
  it('says Detecting... until the status check answers', () => {
    const state = deriveConnection(inputs({ status: undefined, models: undefined, modeSettled: false }));
    expect(label(state.badge)).toBe('Detecting...');
    expect(state.ready).toBe(false);
    expect(state.problem).toBeNull();
  });

  it('shows GPU Mode or CPU Only from the system mode once connected', () => {
    expect(label(deriveConnection(inputs({ mode: mode('GPU') })).badge)).toBe('GPU Mode');
    expect(label(deriveConnection(inputs({})).badge)).toBe('CPU Only');
  });

  it('is Disconnected, with no models, when the runtime or the server cannot be reached', () => {
    for (const patch of [{ status: status(false) }, { status: undefined, statusFailed: true }]) {
      const state = deriveConnection(inputs(patch));
      expect(label(state.badge)).toBe('Disconnected');
      expect(state.connected).toBe(false);
      expect(state.models).toEqual([]);
      expect(state.problem).toBe('cannot_connect');
    }
  });

  it('leaves embedding models out of the chat models and reports when none is left', () => {
    const state = deriveConnection(inputs({ models: [model('nomic-embed-text', true)] }));
    expect(state.models).toEqual([]);
    expect(state.problem).toBe('no_models');
  });
});
