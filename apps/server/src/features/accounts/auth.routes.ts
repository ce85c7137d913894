import {
  ErrorBody,
  LoginBody,
  LoginResult,
  LogoutBody,
  Me,
  OkResponse,
  PasswordChangeBody,
  PasswordChangeResponse,
  ProfileUpdateBody,
  SignupAccepted,
  SignupBody,
  SignupResponse,
} from '@hearth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AuthHookOptions,
  clearSessionCookies,
  currentUser,
  isSecureRequest,
  setSessionCookies,
} from '../../http/auth';
import { AppError } from '../../http/errors';
import { auditContext } from '../audit';
import type { AuthService, ClientInfo } from './auth.service';
import type { ProfileService } from './profile.service';

export interface AuthRoutesOptions {
  authService: AuthService;
  profileService: ProfileService;
  secret: string;
  cookieSecure: AuthHookOptions['cookieSecure'];
  /** With mail set up, sign-up answers alike for new and taken addresses (the recovery feature's QuietSignup). */
  quietSignup?: {
    applies(): Promise<boolean>;
    /** The verification mail for an account made the usual way (the first one), when mail is set up. */
    welcome(account: { id: string; email: string; full_name: string | null }, baseUrl: string): Promise<unknown>;
    run(input: SignupBody & { password: string }, client: ClientInfo, baseUrl: string): Promise<SignupAccepted>;
  };
  publicUrl?: string;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { authService, profileService } = options;
  const clientOf = (request: { ip: string; headers: Record<string, unknown> }): ClientInfo => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  app.post(
    '/api/auth/signup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        description: 'The first account on a fresh instance becomes super_admin (or the SUPER_ADMIN_EMAIL account).',
        body: SignupBody,
        response: { 201: SignupResponse.or(SignupAccepted), ...errors },
      },
    },
    async (request, reply) => {
      const quiet = options.quietSignup;
      const baseUrl = options.publicUrl ?? `${request.protocol}://${request.host}`;
      if (quiet && (await quiet.applies())) {
        return reply.status(201).send(await quiet.run(request.body, clientOf(request), baseUrl));
      }
      const user = await authService.signup(request.body, clientOf(request));
      await quiet?.welcome(user, baseUrl);
      return reply.status(201).send({
        user: { id: user.id, email: user.email, full_name: user.full_name, role: user.role },
        // Only said when true, so the usual answer stays {user}.
        ...(user.pending && { pending: true }),
      });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description:
          'Returns a bearer token and sets the session cookie (HttpOnly) and the CSRF cookie. When the account ' +
          'has two-factor sign-in it answers `{mfa_required: true, challenge}` instead: send the challenge and a ' +
          'code to POST /api/auth/login/mfa.',
        body: LoginBody,
        response: { 200: LoginResult, ...errors },
      },
    },
    async (request, reply) => {
      const result = await authService.login(request.body, clientOf(request));
      if ('mfa_required' in result) return result;
      return sendSession(request, reply, result, options);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: this session (local, the default), the other sessions (others) or all (global)',
        // No body at all (older clients) means local.
        body: LogoutBody.nullish(),
        response: { 200: OkResponse, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const scope = request.body?.scope ?? 'local';
      const credential = request.auth;
      // Ending other sessions is a credential change: a script's API token may not do it (weakness 1).
      if (credential?.kind === 'api_token' && scope !== 'local') {
        throw new AppError('session_required', 403, 'API tokens cannot do this. Sign in to Hearth and try again.');
      }
      if (credential?.kind === 'session') {
        await authService.logout(credential.sessionId, credential.user.id, scope, auditContext(request));
      }
      if (scope !== 'others') clearSessionCookies(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: 'user', mfaEnrolment: true },
      schema: { tags: ['auth'], summary: 'The signed-in account', response: { 200: Me, 401: ErrorBody } },
    },
    async (request) => currentUser(request),
  );

  app.post(
    '/api/auth/password',
    {
      config: { access: 'user', credential: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'Change password (signs out other sessions and revokes every API token)',
        body: PasswordChangeBody,
        response: { 200: PasswordChangeResponse, ...errors },
      },
    },
    async (request) => {
      const keep = request.auth?.kind === 'session' ? request.auth.sessionId : undefined;
      const revoked = await authService.changePassword(
        currentUser(request),
        request.body.current_password,
        request.body.new_password,
        keep,
        auditContext(request),
      );
      return {
        ok: true as const,
        revoked_sessions: revoked.sessionIds.length,
        revoked_tokens: revoked.tokenIds.length,
      };
    },
  );

  app.patch(
    '/api/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Update own full name and avatar',
        body: ProfileUpdateBody,
        response: { 200: Me, ...errors },
      },
    },
    async (request) => profileService.update(currentUser(request).id, request.body, auditContext(request)),
  );
};

type StartedSession = Awaited<ReturnType<AuthService['startSession']>>;

/** Sets the session and CSRF cookies and answers with the bearer token: every sign-in method ends here. */
export function sendSession(
  request: FastifyRequest,
  reply: FastifyReply,
  session: StartedSession,
  options: Pick<AuthRoutesOptions, 'secret' | 'cookieSecure'>,
) {
  setSessionCookies(reply, {
    token: session.token,
    sessionId: session.sessionId,
    maxAgeSeconds: session.expiresInSeconds,
    secret: options.secret,
    secure: isSecureRequest(request, options.cookieSecure),
  });
  const { id, email, full_name, role } = session.user;
  return {
    access_token: session.token,
    token_type: 'bearer' as const,
    expires_in: session.expiresInSeconds,
    user: { id, email, full_name, role },
  };
}
