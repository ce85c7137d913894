import { EmbeddingSettingsResponse, ErrorBody, isAdminRole, SetEmbeddingModelBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../http/auth';
import { auditContext } from '../../audit';
import type { EmbeddingService } from './embedding.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody };

/** The instance's embedding model: everyone sees it and their collections' progress; admins choose it. */
export const embeddingRoutes: FastifyPluginAsyncZod<{ embeddingService: EmbeddingService }> = async (
  app,
  { embeddingService },
) => {
  app.get(
    '/api/knowledge/embedding',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: "The active embedding model, the own collections' embedding progress (admins: models to choose)",
        response: { 200: EmbeddingSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return await embeddingService.status(user.id, isAdminRole(user.role));
    },
  );

  app.put(
    '/api/knowledge/embedding',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['knowledge'],
        summary: 'Choose the embedding model (it must answer a test embedding) or none; collections are re-embedded',
        body: SetEmbeddingModelBody,
        response: { 200: EmbeddingSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await embeddingService.setModel(user.id, request.body.model, auditContext(request));
      return await embeddingService.status(user.id, true);
    },
  );
};
