import type { Provider, ProviderCreateBody, ProviderTestResult } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { checkOutboundUrl } from '../../http/ssrf-guard';
import type { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditEvent, AuditService } from '../audit';
import type { ModelProvider } from './model-provider';
import type { ProviderEntry, ProviderRegistry, ProviderState } from './model-registry';
import type { ProviderRepository, ProviderRow } from './provider.repository';
import { PROVIDER_URL_POLICY, type ProviderNetwork } from './providers/http';
import { OllamaProvider } from './providers/ollama.provider';
import { OpenAiProvider } from './providers/openai.provider';

export { PROVIDER_URL_POLICY };

export function makeRemoteProvider(
  input: { id: string; kind: 'ollama' | 'openai'; name: string; baseUrl: string; apiKey: string | null },
  timeoutMs: number,
  network?: ProviderNetwork,
): ModelProvider {
  const common = { id: input.id, name: input.name, baseUrl: input.baseUrl, timeoutMs, network };
  return input.kind === 'ollama' ? new OllamaProvider(common) : new OpenAiProvider({ ...common, apiKey: input.apiKey });
}

/** Rows → providers. A key that no longer opens (SECRET changed) leaves the provider keyless, not broken. */
export function adminEntries(
  rows: ProviderRow[],
  secrets: SecretBox,
  timeoutMs: number,
  network?: ProviderNetwork,
): ProviderEntry[] {
  return rows.map((row) => {
    const apiKey = openKey(row.api_key_encrypted, secrets);
    const provider = makeRemoteProvider(
      { id: row.id, kind: row.kind, name: row.name, baseUrl: row.base_url, apiKey },
      timeoutMs,
      network,
    );
    return {
      provider,
      source: 'admin',
      baseUrl: row.base_url,
      hasApiKey: row.api_key_encrypted !== null,
      group: row.id,
    };
  });
}

function openKey(sealed: string | null, secrets: SecretBox): string | null {
  if (!sealed) return null;
  try {
    return secrets.open(sealed);
  } catch {
    return null;
  }
}

export const toProvider = (entry: ProviderEntry, state: ProviderState): Provider => ({
  id: entry.provider.id,
  kind: entry.provider.kind,
  name: entry.provider.name,
  base_url: entry.baseUrl,
  has_api_key: entry.hasApiKey,
  source: entry.source,
  connected: state.connected,
  error: state.error,
});

/** Admins add, test and remove model runtimes. Keys are sealed at rest and never leave the server. */
export class ProviderService {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly repository: ProviderRepository,
    private readonly secrets: SecretBox,
    private readonly timeoutMs: number,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<Provider[]> {
    return (await this.registry.snapshot()).map(({ entry, state }) => toProvider(entry, state));
  }

  async create(actorId: string, body: ProviderCreateBody, context: AuditContext): Promise<Provider> {
    const url = await checkOutboundUrl(body.base_url, PROVIDER_URL_POLICY);
    const apiKey = body.api_key?.trim() || null;
    const row = await this.uow.run(async (tx) => {
      const created = await this.repository.create(
        {
          kind: body.kind,
          name: body.name.trim(),
          baseUrl: url.toString().replace(/\/+$/, ''),
          apiKeyEncrypted: apiKey ? this.secrets.seal(apiKey) : null,
          createdBy: actorId,
        },
        tx,
      );
      // The key itself never goes into the log; only whether there is one.
      const details = {
        kind: created.kind,
        name: created.name,
        origin: originOf(created.base_url),
        has_api_key: !!apiKey,
      };
      await this.audit.record(tx, providerEvent(actorId, 'CREATE', created.id, details), context);
      return created;
    });
    this.registry.providersChanged(row.id);
    const entry = await this.registry.entry(row.id);
    if (!entry) throw new Error('Created provider is missing');
    return toProvider(entry, await this.registry.state(entry, true));
  }

  async delete(actorId: string, id: string, context: AuditContext): Promise<void> {
    const entry = await this.registry.entry(id);
    if (!entry) throw AppError.notFound('Model provider');
    if (entry.source !== 'admin') {
      throw AppError.conflict('This provider comes from the server configuration and cannot be removed here.');
    }
    await this.uow.run(async (tx) => {
      if (!(await this.repository.delete(id, tx))) throw AppError.notFound('Model provider');
      const details = { kind: entry.provider.kind, name: entry.provider.name, origin: originOf(entry.baseUrl) };
      await this.audit.record(tx, providerEvent(actorId, 'DELETE', id, details), context);
    });
    this.registry.providersChanged(id);
  }

  async test(id: string): Promise<ProviderTestResult> {
    const entry = await this.registry.entry(id);
    if (!entry) throw AppError.notFound('Model provider');
    const started = performance.now();
    try {
      if (entry.source === 'admin' && entry.baseUrl) await checkOutboundUrl(entry.baseUrl, PROVIDER_URL_POLICY);
      const models = await entry.provider.listModels(AbortSignal.timeout(this.timeoutMs));
      this.registry.invalidateModels(id);
      return { connected: true, error: null, models_count: models.length, latency_ms: elapsed(started) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { connected: false, error: message, models_count: 0, latency_ms: elapsed(started) };
    }
  }
}

const providerEvent = (
  actorId: string,
  action: 'CREATE' | 'DELETE',
  id: string,
  details: Record<string, unknown>,
): AuditEvent => ({ userId: actorId, action, resourceType: 'model_provider', resourceId: id, details });

/** Scheme, host and port only: a URL's user info or query could carry a secret. */
const originOf = (url: string | null): string | null => (url ? new URL(url).origin : null);

const elapsed = (started: number) => Math.round(performance.now() - started);
