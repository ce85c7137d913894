import {
  ErrorBody,
  LoginResponse,
  MfaCodeBody,
  MfaDisableBody,
  MfaEnrolment,
  MfaLoginBody,
  MfaRecoveryCodes,
  MfaStatus,
  OkResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { type AuthService, type ClientInfo, sendSession } from '../accounts';
import { auditContext } from '../audit';
import type { MfaService } from './mfa.service';

export interface MfaRoutesOptions {
  mfaService: MfaService;
  authService: AuthService;
  secret: string;
  cookieSecure: 'auto' | 'true' | 'false';
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Two-factor sign-in: the code step of sign-in, and enrol/disable for the signed-in person (never a token). */
export const mfaRoutes: FastifyPluginAsyncZod<MfaRoutesOptions> = async (app, options) => {
  const { mfaService, authService } = options;
  const sessionId = (request: { auth: { kind: string; sessionId?: string } | null }) =>
    request.auth?.kind === 'session' ? request.auth.sessionId : undefined;

  app.post(
    '/api/auth/login/mfa',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Finish signing in with an authenticator code or a recovery code',
        description: 'The challenge comes from POST /api/auth/login; it allows 5 wrong codes, for 5 minutes.',
        body: MfaLoginBody,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const client: ClientInfo = {
        ip: request.ip,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      };
      const { challenge, ...proof } = request.body;
      const { user, method } = await mfaService.completeChallenge(challenge, proof, auditContext(request));
      const session = await authService.startSession(user, client, { method });
      return sendSession(request, reply, session, options);
    },
  );

  app.get(
    '/api/auth/mfa',
    {
      config: { access: 'user', mfaEnrolment: true },
      schema: { tags: ['auth'], summary: 'Two-factor status of the signed-in account', response: { 200: MfaStatus } },
    },
    async (request) => {
      const pending = request.auth?.kind === 'session' && request.auth.mfaEnrolRequired === true;
      return mfaService.status(currentUser(request), pending);
    },
  );

  app.post(
    '/api/auth/mfa/enrol',
    {
      config: { access: 'user', credential: 'session', mfaEnrolment: true },
      schema: {
        tags: ['auth'],
        summary: 'Start setting up an authenticator app: a new secret and its QR code',
        response: { 200: MfaEnrolment, ...errors },
      },
    },
    async (request) => mfaService.startEnrolment(currentUser(request)),
  );

  app.post(
    '/api/auth/mfa/confirm',
    {
      config: { access: 'user', credential: 'session', mfaEnrolment: true },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor on with a first code; answers the recovery codes, shown once',
        body: MfaCodeBody,
        response: { 200: MfaRecoveryCodes, ...errors },
      },
    },
    async (request) =>
      mfaService.confirmEnrolment(currentUser(request), request.body.code, sessionId(request), auditContext(request)),
  );

  app.post(
    '/api/auth/mfa/disable',
    {
      config: { access: 'user', credential: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor off (needs a current code or the password)',
        body: MfaDisableBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await mfaService.disable(currentUser(request), request.body, auditContext(request));
      return { ok: true as const };
    },
  );
};
