import {
  ErrorBody,
  type InstalledModel,
  ModelsResponse,
  OllamaStatus,
  SystemMode,
  VisionModelsResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth';
import type { ListedModel } from './model-provider';
import type { ProviderRegistry } from './model-registry';
import type { SystemModeService } from './system-mode.service';

const errors = { 401: ErrorBody };
const tags = ['models'];

export const toInstalledModel = (model: ListedModel): InstalledModel => ({ id: model.name, ...model });

/** The spec's local-backend model endpoints, same paths and shapes, over every configured runtime. */
export const modelRoutes: FastifyPluginAsyncZod<{ registry: ProviderRegistry; systemMode: SystemModeService }> = async (
  app,
  { registry, systemMode },
) => {
  app.get(
    '/api/ollama/status',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether a model runtime answers, and its models',
        description: 'connected is true when at least one runtime answers; error lists the ones that do not.',
        response: { 200: OllamaStatus, ...errors },
      },
    },
    async (request) => {
      const snapshot = await registry.snapshot();
      const connected = snapshot.some((item) => item.state.connected);
      const failures = snapshot.filter((item) => !item.state.connected).map((item) => item.state.error);
      const models = await (await registry.forUser(currentUser(request).id)).listModels();
      return {
        connected,
        models: models
          .filter((model) => !model.capabilities.embedding)
          .map((model) => ({ name: model.name, details: { parameter_size: model.details.parameter_size } })),
        error: connected ? null : failures.join('; ') || 'No model runtime is configured.',
      };
    },
  );

  app.get(
    '/api/ollama/models',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "All runtimes' installed chat models (with include_embedding=true also embedding models)",
        querystring: z.object({ include_embedding: z.enum(['true', 'false']).optional() }),
        response: { 200: ModelsResponse, ...errors },
      },
    },
    async (request) => {
      const all = request.query.include_embedding === 'true';
      const models = await (await registry.forUser(currentUser(request).id)).listModels();
      return { models: models.filter((model) => all || !model.capabilities.embedding).map(toInstalledModel) };
    },
  );

  app.get(
    '/api/vision/models',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Names of installed models that accept images',
        response: { 200: VisionModelsResponse, ...errors },
      },
    },
    async (request) => ({
      vision_models: (await (await registry.forUser(currentUser(request).id)).listModels())
        .filter((model) => model.capabilities.vision)
        .map((model) => model.name),
    }),
  );

  app.get(
    '/api/system/mode',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'GPU or CPU mode, with GPU facts and the model used last',
        description: 'Errors answer 200 with mode CPU, fallback true and the error text.',
        response: { 200: SystemMode, ...errors },
      },
    },
    () => systemMode.mode(),
  );
};
