import type { FastifyInstance } from 'fastify';
import type { ChatUsage } from '../chat';
import type { ScopedModelRegistry } from '../models';
import { temporaryChatRoutes } from './temporary-chat.routes';
import { TemporaryChatService } from './temporary-chat.service';

/** Wires temporary chat (issue 17): the models the user may use, and their quotas and usage (issue 19). */
export const buildTemporaryChat = (registry: ScopedModelRegistry, usage?: ChatUsage) =>
  new TemporaryChatService(registry, usage);

export async function registerTemporaryChatRoutes(server: FastifyInstance, service: TemporaryChatService) {
  await server.register(temporaryChatRoutes, { temporaryChatService: service });
}
