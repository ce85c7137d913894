import {
  ErrorBody,
  LoginBody,
  LoginResponse,
  Me,
  OkResponse,
  PasswordChangeBody,
  ProfileUpdateBody,
  SignupBody,
  SignupResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AuthHookOptions,
  clearSessionCookies,
  currentUser,
  isSecureRequest,
  setSessionCookies,
} from '../../http/auth';
import { auditContext } from '../audit';
import type { AuthService, ClientInfo } from './auth.service';
import type { ProfileService } from './profile.service';

export interface AuthRoutesOptions {
  authService: AuthService;
  profileService: ProfileService;
  secret: string;
  cookieSecure: AuthHookOptions['cookieSecure'];
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
        response: { 201: SignupResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await authService.signup(request.body, clientOf(request));
      return reply
        .status(201)
        .send({ user: { id: user.id, email: user.email, full_name: user.full_name, role: user.role } });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description: 'Returns a bearer token and sets the session cookie (HttpOnly) and the CSRF cookie.',
        body: LoginBody,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = await authService.login(request.body, clientOf(request));
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
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out (ends the current session)',
        response: { 200: OkResponse, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      if (request.auth?.kind === 'session') {
        await authService.logout(request.auth.sessionId, request.auth.user.id, auditContext(request));
      }
      clearSessionCookies(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], summary: 'The signed-in account', response: { 200: Me, 401: ErrorBody } },
    },
    async (request) => currentUser(request),
  );

  app.post(
    '/api/auth/password',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Change password (signs out other sessions)',
        body: PasswordChangeBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const keep = request.auth?.kind === 'session' ? request.auth.sessionId : undefined;
      await authService.changePassword(
        currentUser(request),
        request.body.current_password,
        request.body.new_password,
        keep,
        auditContext(request),
      );
      return { ok: true as const };
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
