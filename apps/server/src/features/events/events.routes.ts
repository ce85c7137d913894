import { CredentialsRevoked, EVENTS_HEARTBEAT_MS, SESSION_REVOKED_EVENT } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { type EventStream, openEventStream } from '../../http/event-stream';
import type { EventBus } from './event-bus';

/** GET /api/events: the signed-in user's own realtime events as server-sent events, with heartbeats. */
export interface EventRoutesOptions {
  bus: EventBus;
  heartbeatMs?: number;
  /**
   * The backstop behind revocation events: every `revalidateMs` an open stream checks that its session or API
   * token still stands, so one lost notification cannot keep a revoked credential listening.
   */
  stillActive?: (kind: 'session' | 'api_token', id: string) => Promise<boolean>;
  revalidateMs?: number;
}

const REVALIDATE_MS = 60_000;

export const eventRoutes: FastifyPluginAsyncZod<EventRoutesOptions> = async (
  app,
  { bus, heartbeatMs = EVENTS_HEARTBEAT_MS, stillActive, revalidateMs = REVALIDATE_MS },
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
      const credential =
        request.auth?.kind === 'api_token'
          ? { kind: 'api_token' as const, id: request.auth.tokenId }
          : { kind: 'session' as const, id: request.auth?.kind === 'session' ? request.auth.sessionId : '' };
      const stream = openEventStream(reply, { heartbeatMs });
      open.add(stream);
      stream.comment('connected');
      const unsubscribe = bus.subscribe({ userId: user.id, role: user.role }, (event) => {
        if (event.type === SESSION_REVOKED_EVENT) {
          // Ends with its credential (sign-out, revoked session or token, password change, ban, deletion), on
          // whichever replica holds it; another credential's revocation is none of this stream's business.
          if (!isRevoked(event, credential)) return;
          stream.send(event.type, { type: SESSION_REVOKED_EVENT });
          end();
          return;
        }
        stream.send(event.type, event);
      });
      const recheck = stillActive
        ? setInterval(() => {
            stillActive(credential.kind, credential.id)
              .then((active) => {
                if (!active) end();
              })
              .catch(() => undefined);
          }, revalidateMs)
        : undefined;
      recheck?.unref();
      // A stream the server ends never aborts (only a client leaving does): both ways let go of the same things.
      function release() {
        clearInterval(recheck);
        unsubscribe();
        open.delete(stream);
      }
      function end() {
        release();
        stream.terminate();
      }
      stream.signal.addEventListener('abort', () => {
        release();
        stream.end();
      });
      return reply;
    },
  );
};

/** A revocation without lists ends every credential of the user; with them, only the ones named. */
function isRevoked(event: unknown, credential: { kind: 'session' | 'api_token'; id: string }): boolean {
  const parsed = CredentialsRevoked.safeParse(event);
  if (!parsed.success) return true;
  const { session_ids: sessions, token_ids: tokens } = parsed.data;
  if (!sessions && !tokens) return true;
  return (credential.kind === 'session' ? sessions : tokens)?.includes(credential.id) ?? false;
}
