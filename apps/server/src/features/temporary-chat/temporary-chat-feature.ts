import type { FastifyInstance } from 'fastify';
import type { ScopedModelRegistry } from '../models';
import { temporaryChatRoutes } from './temporary-chat.routes';
import { TemporaryChatService } from './temporary-chat.service';

/** Wires temporary chat (issue 17); it needs only the models the user may use. */
export const buildTemporaryChat = (registry: ScopedModelRegistry) => new TemporaryChatService(registry);

export async function registerTemporaryChatRoutes(server: FastifyInstance, service: TemporaryChatService) {
  await server.register(temporaryChatRoutes, { temporaryChatService: service });
}
