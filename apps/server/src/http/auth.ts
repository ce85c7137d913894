import { isAdminRole } from '@hearth/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, Credential } from '../features/accounts/auth.service';
import type { AuthUser } from '../features/accounts/user.types';
import { hmac, safeEqual } from '../lib/crypto';
import { AppError } from './errors';

export const SESSION_COOKIE = 'hearth_session';
export const CSRF_COOKIE = 'hearth_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Who may call a route. Every /api and /v1 route must say; a route that does not fails start-up. */
export type Access = 'public' | 'user' | 'admin' | 'super_admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * 'session': only a signed-in browser or app session may call it, never an API token: minting tokens and
     * changing credentials (password, e-mail, 2FA, sessions, deleting the account) need the person, not a script.
     */
    credential?: 'session';
    /** Answers a session that must enrol a second factor first (see MFA_ENROLMENT_MESSAGE). */
    mfaEnrolment?: boolean;
  }
  interface FastifyRequest {
    auth: Credential | null;
  }
}

export const MFA_ENROLMENT_MESSAGE = 'Your administrator requires two-factor authentication. Set it up to continue.';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AuthHookOptions {
  authService: AuthService;
  secret: string;
  cookieSecure: 'auto' | 'true' | 'false';
}

export function registerAuth(app: FastifyInstance, options: AuthHookOptions): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const guarded = route.url.startsWith('/api') || route.url.startsWith('/v1/');
    if (guarded && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access level`);
    }
  });

  app.addHook('onRequest', async (request) => {
    request.auth = await resolveCredential(request, options.authService);
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    if (UNSAFE.has(request.method)) checkCsrf(request, options.secret);
    if (access === 'public') return;
    const user = request.auth?.user;
    if (!user) throw AppError.unauthorized();
    const config = request.routeOptions.config;
    if (config.credential === 'session' && request.auth?.kind !== 'session') {
      throw new AppError('session_required', 403, 'API tokens cannot do this. Sign in to Hearth and try again.');
    }
    if (request.auth?.kind === 'session' && request.auth.mfaEnrolRequired && !config.mfaEnrolment) {
      throw new AppError('mfa_enrolment_required', 403, MFA_ENROLMENT_MESSAGE);
    }
    if (access === 'admin' && !isAdminRole(user.role)) throw AppError.forbidden();
    if (access === 'super_admin' && user.role !== 'super_admin') throw AppError.forbidden();
  });
}

async function resolveCredential(request: FastifyRequest, authService: AuthService): Promise<Credential | null> {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const userAgent = request.headers['user-agent'] ?? null;
    const resolved = match?.[1] ? await authService.resolve(match[1], { ip: request.ip, userAgent }) : undefined;
    return resolved ? { ...resolved, via: 'bearer' } : null;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return null;
  const resolved = await authService.resolve(cookie);
  return resolved?.kind === 'session' ? { ...resolved, via: 'cookie' } : null;
}

/**
 * Browsers attach cookies to cross-site requests, so a cookie-authenticated write must prove it came from
 * our own page: a header carrying a token bound to the session (readable from a cookie by our script only).
 * Any unsafe request whose Origin is another site is refused too, which covers sign-in and sign-up forms.
 */
function checkCsrf(request: FastifyRequest, secret: string): void {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host !== request.host) throw new AppError('csrf_failed', 403, 'Cross-site request refused.');
  }
  const credential = request.auth;
  if (credential?.via !== 'cookie' || credential.kind !== 'session') return;
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !safeEqual(sent, csrfTokenFor(secret, credential.sessionId))) {
    throw new AppError('csrf_failed', 403, 'Security token missing or invalid. Reload the page and try again.');
  }
}

export const csrfTokenFor = (secret: string, sessionId: string): string => hmac(secret, `csrf:${sessionId}`);

export function setSessionCookies(
  reply: FastifyReply,
  options: { token: string; sessionId: string; maxAgeSeconds: number; secret: string; secure: boolean },
): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: options.secure, maxAge: options.maxAgeSeconds };
  void reply.setCookie(SESSION_COOKIE, options.token, { ...base, httpOnly: true });
  void reply.setCookie(CSRF_COOKIE, csrfTokenFor(options.secret, options.sessionId), { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  void reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

export const isSecureRequest = (request: FastifyRequest, setting: AuthHookOptions['cookieSecure']): boolean =>
  setting === 'auto' ? request.protocol === 'https' : setting === 'true';

/** The signed-in user of a route whose access level already guaranteed one. */
export function currentUser(request: FastifyRequest): AuthUser {
  const user = request.auth?.user;
  if (!user) throw AppError.unauthorized();
  return user;
}
