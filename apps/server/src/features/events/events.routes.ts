import { EVENTS_HEARTBEAT_MS, SESSION_REVOKED_EVENT } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { type EventStream, openEventStream } from '../../http/event-stream';
import type { EventBus } from './event-bus';

/** GET /api/events: the signed-in user's own realtime events as server-sent events, with heartbeats. */
export const eventRoutes: FastifyPluginAsyncZod<{ bus: EventBus; heartbeatMs?: number }> = async (
  app,
  { bus, heartbeatMs = EVENTS_HEARTBEAT_MS },
) => {
  const open = new Set<EventStream>();
  // Open streams never go idle: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.terminate();
  });

  app.get(
    '/api/events',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        summary: 'Realtime events of the signed-in user (text/event-stream)',
        description:
          'Each event is `event: <type>` with `data: <JSON object including type>`; a `: heartbeat` comment ' +
          'line comes every 15 seconds. Only events for this user (or for admins, when the user is one).',
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const stream = openEventStream(reply, { heartbeatMs });
      open.add(stream);
      stream.comment('connected');
      const unsubscribe = bus.subscribe({ userId: user.id, role: user.role }, (event) => {
        stream.send(event.type, event);
        // A banned or deleted user's open stream ends with their sessions, on whichever replica holds it.
        if (event.type === SESSION_REVOKED_EVENT) stream.terminate();
      });
      stream.signal.addEventListener('abort', () => {
        unsubscribe();
        open.delete(stream);
        stream.end();
      });
      return reply;
    },
  );
};
