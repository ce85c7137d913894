import { ErrorBody, IdParams, OkResponse, RevokedCount, SessionList } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { auditContext } from '../audit';
import type { SessionsService } from './sessions.service';

/** GET, DELETE one, and "sign out everywhere else": the signed-in person's own sessions only. */
export const sessionRoutes: FastifyPluginAsyncZod<{ sessionsService: SessionsService }> = async (
  app,
  { sessionsService },
) => {
  app.get(
    '/api/auth/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Own sessions and API tokens, with device, address, created and last seen',
        response: { 200: SessionList, 401: ErrorBody },
      },
    },
    async (request) => {
      const auth = request.auth;
      const current =
        auth?.kind === 'api_token'
          ? { kind: 'api_token' as const, id: auth.tokenId }
          : { kind: 'session' as const, id: auth?.kind === 'session' ? auth.sessionId : '' };
      return sessionsService.listFor(currentUser(request).id, current);
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      config: { access: 'user', credential: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out one session (its open event streams end too)',
        params: IdParams,
        response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await sessionsService.revokeOne(currentUser(request).id, request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    {
      config: { access: 'user', credential: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere else: every session but this one',
        response: { 200: RevokedCount, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      if (request.auth?.kind !== 'session') throw AppError.forbidden();
      const count = await sessionsService.revokeOthers(
        currentUser(request).id,
        request.auth.sessionId,
        auditContext(request),
      );
      return { ok: true as const, revoked_sessions: count };
    },
  );
};
