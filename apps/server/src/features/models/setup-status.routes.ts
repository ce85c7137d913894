import { SetupStatus } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProviderRegistry } from './model-registry';

/**
 * The public half of the setup page's system status: whether any model runtime answers and whether it has a
 * chat model. Anonymous visitors get only these two booleans (model names and runtime errors need a session,
 * see GET /api/ollama/status); the registry's short cache keeps repeated calls from reaching the runtimes.
 */
export const setupStatusRoutes: FastifyPluginAsyncZod<{ registry: ProviderRegistry }> = async (app, { registry }) => {
  app.get(
    '/api/setup/status',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Whether a model runtime answers and has a chat model (for the public setup page)',
        response: { 200: SetupStatus },
      },
    },
    async () => {
      const snapshot = await registry.snapshot();
      const connected = snapshot.some((item) => item.state.connected);
      const models = connected ? await registry.listModels() : [];
      return {
        model_service: { connected },
        models: { available: models.some((model) => !model.capabilities.embedding) },
      };
    },
  );
};
