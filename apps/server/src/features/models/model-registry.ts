import type { ProviderSource } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { EventBus } from '../events';
import type { VisibilityRule } from './model-access.service';
import type {
  ListedModel,
  ModelProvider,
  ModelRegistry,
  ProviderError,
  ProviderModel,
  ScopedModelRegistry,
} from './model-provider';
import { type AnsweredCall, type LoadTracker, RoutedProvider } from './routed-provider';

export interface ProviderEntry {
  provider: ModelProvider;
  source: ProviderSource;
  baseUrl: string | null;
  hasApiKey: boolean;
  /** Endpoints of one group serve the same models and share the load (the env's OLLAMA_BASE_URL list). */
  group: string;
}

export interface ProviderState {
  connected: boolean;
  error: string | null;
  models: ProviderModel[];
}

export interface ProviderSnapshot {
  entry: ProviderEntry;
  state: ProviderState;
}

export interface RegistryOptions {
  /** Providers from the environment and the built-in runtime, in the order they are preferred. */
  fixed: ProviderEntry[];
  /** Providers admins added (read from the database; re-read after invalidateProviders). */
  loadAdminEntries: () => Promise<ProviderEntry[]>;
  /** Per-provider limit for listing models (the spec's 5000 ms health timeout). */
  timeoutMs: number;
  /** How long a model list counts as fresh. A stale one is still served (and refreshed behind) for 20× that. */
  cacheMs: number;
  /** The other replicas (PostgreSQL): told when admins add or remove a provider here, and telling us in turn. */
  cluster?: Pick<EventBus, 'broadcastControl' | 'onControl'>;
  /** Model grants: what one user may see (null rule: everything). Without it every user sees every model. */
  access?: { ruleFor(userId: string): Promise<VisibilityRule | null> };
  /** Every chat call that finished, from whichever caller: logged with its request id and counted (metrics). */
  onAnswered?: (call: AnsweredCall) => void;
}

/** The control message replicas send each other when an admin adds or removes a provider. */
const PROVIDERS_CHANGED = 'models.providers_changed';

interface CacheSlot {
  state: ProviderState | null;
  at: number;
  pending: Promise<ProviderState> | null;
}

/**
 * Every model runtime Hearth knows, health-checked through short-lived caches of their model lists, so a slow
 * or dead runtime costs one timeout in the background instead of slowing every request.
 */
export class ProviderRegistry implements ScopedModelRegistry, LoadTracker {
  private adminEntries: Promise<ProviderEntry[]> | null = null;
  private readonly cache = new Map<string, CacheSlot>();
  private readonly load = new Map<string, number>();
  private lastModel: { name: string; at: string } | null = null;

  constructor(private readonly options: RegistryOptions) {
    options.cluster?.onControl((message) => {
      if (message.kind !== PROVIDERS_CHANGED) return;
      this.invalidateProviders();
      if (typeof message.providerId === 'string') this.invalidateModels(message.providerId);
    });
  }

  async entries(): Promise<ProviderEntry[]> {
    this.adminEntries ??= this.options.loadAdminEntries().catch((error: unknown) => {
      this.adminEntries = null;
      throw error;
    });
    return [...this.options.fixed, ...(await this.adminEntries)];
  }

  /** One provider by id; an id not in the list read earlier is looked up again (another replica may have added it). */
  async entry(id: string): Promise<ProviderEntry | undefined> {
    const known = (await this.entries()).find((entry) => entry.provider.id === id);
    if (known) return known;
    this.invalidateProviders();
    return (await this.entries()).find((entry) => entry.provider.id === id);
  }

  invalidateProviders(): void {
    this.adminEntries = null;
  }

  /** An admin added or removed the provider here: re-read the list, and have every other replica do the same. */
  providersChanged(providerId: string): void {
    this.invalidateProviders();
    this.invalidateModels(providerId);
    this.options.cluster?.broadcastControl({ kind: PROVIDERS_CHANGED, providerId });
  }

  /** Forget cached model lists (after a pull, a download, a delete). */
  invalidateModels(providerId?: string): void {
    if (providerId) this.cache.delete(providerId);
    else this.cache.clear();
  }

  private refresh(entry: ProviderEntry, slot: CacheSlot): Promise<ProviderState> {
    slot.pending ??= entry.provider
      .listModels(AbortSignal.timeout(this.options.timeoutMs))
      .then(
        (models): ProviderState => ({ connected: true, error: null, models }),
        (error: unknown): ProviderState => ({
          connected: false,
          error: error instanceof Error ? error.message : String(error),
          models: [],
        }),
      )
      .then((state) => {
        if (this.cache.get(entry.provider.id) === slot) Object.assign(slot, { state, at: Date.now(), pending: null });
        return state;
      });
    return slot.pending;
  }

  async state(entry: ProviderEntry, fresh = false): Promise<ProviderState> {
    let slot = this.cache.get(entry.provider.id);
    if (!slot) {
      slot = { state: null, at: 0, pending: null };
      this.cache.set(entry.provider.id, slot);
    }
    const age = Date.now() - slot.at;
    if (slot.state && !fresh && age < this.options.cacheMs) return slot.state;
    const pending = this.refresh(entry, slot);
    if (slot.state && !fresh && age < this.options.cacheMs * 20) return slot.state;
    return pending;
  }

  async snapshot(fresh = false): Promise<ProviderSnapshot[]> {
    const entries = await this.entries();
    return Promise.all(entries.map(async (entry) => ({ entry, state: await this.state(entry, fresh) })));
  }

  async listModels(): Promise<ListedModel[]> {
    return collect(await this.snapshot());
  }

  async resolve(model: string, providerId?: string): Promise<{ provider: ModelProvider; model: ListedModel }> {
    return this.resolveIn((fresh) => this.snapshot(fresh), model, providerId);
  }

  /** The runtimes and models this user may use; hidden ones are absent, so resolving them answers 404. */
  async forUser(userId: string): Promise<ModelRegistry> {
    const rule = await this.options.access?.ruleFor(userId);
    if (!rule) return this;
    const visible = async (fresh?: boolean) => restrict(await this.snapshot(fresh), rule);
    return {
      listModels: async () => collect(await visible()),
      resolve: (model, providerId) => this.resolveIn(visible, model, providerId),
    };
  }

  private async resolveIn(
    read: (fresh?: boolean) => Promise<ProviderSnapshot[]>,
    model: string,
    providerId?: string,
  ): Promise<{ provider: ModelProvider; model: ListedModel }> {
    const found = this.find(await read(), model, providerId) ?? this.find(await read(true), model, providerId);
    if (!found) throw new AppError('model_not_found', 404, `Model ${model} is not available`);
    return found;
  }

  private find(snapshot: ProviderSnapshot[], model: string, providerId?: string) {
    const pinned = providerId ? snapshot.find((item) => item.entry.provider.id === providerId) : undefined;
    if (providerId && !pinned) return undefined;
    const serving = snapshot.filter(
      (item) =>
        (!pinned || item.entry.group === pinned.entry.group) &&
        item.state.connected &&
        item.state.models.some((candidate) => candidate.name === model),
    );
    const first = serving[0];
    const listedModel = first?.state.models.find((candidate) => candidate.name === model);
    if (!first || !listedModel) return undefined;
    const provider = new RoutedProvider(
      serving.map((item) => item.entry.provider),
      this,
    );
    return { provider, model: { ...listedModel, provider: providerRef(first.entry.provider) } };
  }

  inflight(providerId: string): number {
    return this.load.get(providerId) ?? 0;
  }

  begin(providerId: string): void {
    this.load.set(providerId, this.inflight(providerId) + 1);
  }

  end(providerId: string): void {
    this.load.set(providerId, Math.max(0, this.inflight(providerId) - 1));
  }

  answered(call: AnsweredCall): void {
    this.options.onAnswered?.(call);
  }

  used(model: string): void {
    this.lastModel = { name: model, at: new Date().toISOString() };
  }

  /** The model most recently asked to answer, for system mode. */
  get currentModel(): string | null {
    return this.lastModel?.name ?? null;
  }

  markDown(providerId: string, error: ProviderError): void {
    const slot = this.cache.get(providerId);
    const state = { connected: false, error: error.message, models: [] };
    if (slot) Object.assign(slot, { state, at: Date.now() });
    else this.cache.set(providerId, { state, at: Date.now(), pending: null });
  }
}

export const providerRef = (provider: ModelProvider) => ({
  id: provider.id,
  kind: provider.kind,
  name: provider.name,
});

/** Every model once, from the first runtime (in order of preference) that lists it. */
function collect(snapshot: ProviderSnapshot[]): ListedModel[] {
  const seen = new Set<string>();
  const listed: ListedModel[] = [];
  for (const { entry, state } of snapshot) {
    for (const model of state.models) {
      if (seen.has(model.name)) continue;
      seen.add(model.name);
      listed.push({ ...model, provider: providerRef(entry.provider) });
    }
  }
  return listed;
}

/** The snapshot without the models a rule hides (a hidden runtime keeps its entry but lists nothing). */
const restrict = (snapshot: ProviderSnapshot[], rule: VisibilityRule): ProviderSnapshot[] =>
  snapshot.map(({ entry, state }) => ({
    entry,
    state: { ...state, models: state.models.filter((model) => rule(entry.provider.id, model.name)) },
  }));
