import { ConversationSettings, ErrorBody, IdParams, UpdateConversationSettingsBody } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { ChatSettingsService } from './chat-settings.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** A conversation's own settings: what the chat header's "Chat settings" panel reads and saves. */
export const chatSettingsRoutes: FastifyPluginAsyncZod<{ chatSettingsService: ChatSettingsService }> = async (
  app,
  { chatSettingsService: service },
) => {
  app.get(
    '/api/conversations/:id/settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['conversations'],
        summary: "This chat's own settings (system prompt, parameters, model, collections) and its preset",
        params: IdParams,
        response: { 200: ConversationSettings, ...errors },
      },
    },
    async (request) => service.get(currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/conversations/:id/settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['conversations'],
        summary: "Replace this chat's own settings; applied to every later answer of the chat",
        params: IdParams,
        body: UpdateConversationSettingsBody,
        response: { 200: ConversationSettings, ...errors },
      },
    },
    async (request) =>
      service.update(currentUser(request).id, request.params.id, request.body.settings, auditContext(request)),
  );
};
