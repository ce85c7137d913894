import { NO_VISION_MODEL_MESSAGE } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { type ListedModel, type ModelProvider, ProviderError, type ScopedModelRegistry } from '../models';

export interface ResolvedModel {
  provider: ModelProvider;
  model: ListedModel;
}

export const noVisionModel = () =>
  new AppError('no_vision_model', 503, NO_VISION_MODEL_MESSAGE, { detail: 'No vision models available' });

const unavailable = () =>
  new AppError(
    'provider_unavailable',
    503,
    'AI Service Unavailable: cannot connect to the model server. Please ensure the model services are running.',
  );

/**
 * Spec §5's send gates on the server: the model exists and this user may use it (404, model grants) and a
 * model runtime is connected (503).
 */
export class ModelGates {
  constructor(private readonly registry: ScopedModelRegistry) {}

  async resolve(userId: string, model: string, providerId?: string): Promise<ResolvedModel> {
    try {
      return await (await this.registry.forUser(userId)).resolve(model, providerId);
    } catch (error) {
      if (error instanceof ProviderError) throw unavailable();
      if (error instanceof AppError && error.code === 'model_not_found') {
        // Unscoped on purpose: "no runtime answers" is about the instance, a hidden model stays a plain 404.
        const all = await this.registry.listModels().catch(() => []);
        if (all.length === 0) throw unavailable();
      }
      throw error;
    }
  }

  /**
   * The model that will look at images: the chosen one when it has vision, otherwise the first installed
   * vision model; none → the spec's 'No vision models are installed...' message.
   */
  forImages(userId: string, chosen: ResolvedModel): Promise<ResolvedModel> {
    return chosen.model.capabilities.vision ? Promise.resolve(chosen) : this.anyVisionModel(userId);
  }

  /** The preferred model when it has vision, else the first installed vision model. */
  async anyVisionModel(userId: string, preferred?: string): Promise<ResolvedModel> {
    const visible = await this.registry.forUser(userId);
    const models = await visible.listModels().catch(() => []);
    const vision =
      models.find((item) => item.capabilities.vision && item.name === preferred) ??
      models.find((item) => item.capabilities.vision);
    if (!vision) throw noVisionModel();
    return visible.resolve(vision.name, vision.provider.id);
  }

  async contextLength(resolved: ResolvedModel): Promise<number | null> {
    try {
      return (await resolved.provider.contextLength?.(resolved.model.name)) ?? null;
    } catch {
      return null;
    }
  }
}
