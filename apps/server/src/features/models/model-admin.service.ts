import type { PullDone, PullError, PullProgress } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import { ProviderError } from './model-provider';
import type { ProviderRegistry } from './model-registry';
import { BuiltinProvider } from './providers/builtin.provider';
import { OllamaProvider } from './providers/ollama.provider';

export interface PullSink {
  progress(event: PullProgress): void;
  done(event: PullDone): void;
  error(event: PullError): void;
}

/** Getting and removing models: Ollama pulls with live progress, built-in GGUF deletion. */
export class ModelAdminService {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  /** The Ollama runtime to pull into: the one named, else the first one that answers. */
  async pullTarget(providerId?: string): Promise<OllamaProvider> {
    if (providerId) {
      const entry = await this.registry.entry(providerId);
      if (!entry) throw AppError.notFound('Model provider');
      if (!(entry.provider instanceof OllamaProvider)) {
        throw AppError.badRequest('Models can only be pulled into an Ollama runtime.');
      }
      return entry.provider;
    }
    const snapshot = await this.registry.snapshot();
    const ollama = snapshot.find((item) => item.entry.provider instanceof OllamaProvider && item.state.connected);
    if (!ollama) {
      throw new AppError(
        'provider_unavailable',
        503,
        'Cannot connect to the model server. Please ensure the model services are running.',
      );
    }
    return ollama.entry.provider as OllamaProvider;
  }

  /** Streams Ollama's pull progress into the sink; the signal (client gone, cancel) stops the pull upstream. */
  async pull(target: OllamaProvider, name: string, signal: AbortSignal, sink: PullSink): Promise<void> {
    try {
      for await (const event of target.pull(name, signal)) {
        const total = event.total ?? null;
        const completed = event.completed ?? null;
        const percent = total && completed !== null ? Math.round((completed / total) * 1000) / 10 : null;
        sink.progress({ status: event.status, completed, total, percent });
      }
      this.registry.invalidateModels(target.id);
      sink.done({ name, provider_id: target.id });
    } catch (error) {
      if (signal.aborted) return;
      const providerError = error instanceof ProviderError ? error : null;
      sink.error({
        code: providerError?.kind === 'unreachable' ? 'provider_unavailable' : 'upstream_error',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** Built-in models are deleted; Ollama ones are removed with its own command, as the spec says. */
  async delete(actorId: string, providerId: string, name: string, context: AuditContext): Promise<void> {
    const entry = await this.registry.entry(providerId);
    if (!entry) throw AppError.notFound('Model provider');
    const provider = entry.provider;
    if (provider instanceof BuiltinProvider) {
      // The entry is written first and the file removed inside its transaction: a failed removal leaves no entry.
      await this.uow.run(async (tx) => {
        const event = { userId: actorId, resourceType: 'model', resourceId: `${provider.id}/${name}` };
        await this.audit.record(
          tx,
          { ...event, action: 'DELETE', details: { provider_id: provider.id, name } },
          context,
        );
        try {
          await provider.delete(name);
        } catch (error) {
          if (error instanceof ProviderError && error.kind === 'model_not_found') throw AppError.notFound('Model');
          throw error;
        }
      });
      this.registry.invalidateModels(provider.id);
      return;
    }
    if (provider instanceof OllamaProvider) {
      const command = `ollama rm ${name}`;
      throw new AppError(
        'delete_with_command',
        409,
        `Models are not deleted in the app. Remove it on the model server with: ${command}`,
        { command },
      );
    }
    throw new AppError(
      'delete_with_command',
      409,
      'Models of this runtime are managed on the runtime itself, not in the app.',
      { command: null },
    );
  }
}
