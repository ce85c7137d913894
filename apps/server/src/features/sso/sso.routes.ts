import {
  ErrorBody,
  LdapLoginBody,
  LoginResult,
  OidcCallbackQuery,
  OidcTestStart,
  SsoErrorCode,
  SsoProviders,
  SsoSettings,
  SsoSettingsBody,
  SsoTestResult,
} from '@hearth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, isSecureRequest } from '../../http/auth';
import { AppError } from '../../http/errors';
import { type ClientInfo, sendSession } from '../accounts';
import { auditContext } from '../audit';
import type { LdapService } from './ldap.service';
import { OIDC_FLOW_COOKIE, OIDC_FLOW_TTL_SECONDS, openFlow, sealFlow } from './oidc-flow-cookie';
import type { OidcService } from './oidc.service';
import type { SsoSettingsService } from './sso-settings.service';
import { testResultPage } from './test-result-page';

export interface SsoRoutesOptions {
  ssoSettings: SsoSettingsService;
  oidc: OidcService;
  ldap: LdapService;
  secret: string;
  cookieSecure: 'auto' | 'true' | 'false';
  /** The callback URL is built from PUBLIC_URL when set (behind a proxy the request's own host may differ). */
  publicUrl: string | undefined;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody };
const CALLBACK_PATH = '/api/auth/oidc/callback';
const FLOW_COOKIE_PATH = '/api/auth/oidc';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, options) => {
  const { ssoSettings, oidc, ldap } = options;
  const redirectUri = (request: FastifyRequest) =>
    new URL(CALLBACK_PATH, options.publicUrl ?? `${request.protocol}://${request.host}`).href;
  const startFlow = async (request: FastifyRequest, reply: FastifyReply, testBy: string | null) => {
    const { url, flow } = await oidc.begin(redirectUri(request), testBy);
    void reply.setCookie(OIDC_FLOW_COOKIE, sealFlow(options.secret, flow), {
      path: FLOW_COOKIE_PATH,
      httpOnly: true,
      // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
      sameSite: 'lax',
      secure: isSecureRequest(request, options.cookieSecure),
      maxAge: OIDC_FLOW_TTL_SECONDS,
    });
    return url;
  };

  app.get(
    '/api/auth/sso',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Single sign-on methods on the sign-in page',
        response: { 200: SsoProviders },
      },
    },
    async () => ssoSettings.providers(),
  );

  app.get(
    '/api/auth/oidc/start',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with the OpenID provider (redirects to it; 404 while OIDC is off)',
        response: { 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!(await oidc.enabled())) throw AppError.notFound('Single sign-on');
      try {
        return reply.redirect(await startFlow(request, reply, null), 302);
      } catch {
        return reply.redirect(`/auth?sso_error=sso_provider_error`, 302);
      }
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Where the OpenID provider sends the browser back (signs in, then redirects to the app)',
        querystring: OidcCallbackQuery,
      },
    },
    async (request, reply) => {
      const flow = openFlow(options.secret, request.cookies[OIDC_FLOW_COOKIE]);
      void reply.clearCookie(OIDC_FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      // A test sign-in's claims are shown only to the super admin who started it.
      const tester = flow?.testBy ?? null;
      if (tester && request.auth?.user.id !== tester) throw AppError.notFound('Single sign-on');
      if (!tester && !(await oidc.enabled())) throw AppError.notFound('Single sign-on');
      const callbackUrl = new URL(redirectUri(request));
      callbackUrl.search = new URLSearchParams(request.query as Record<string, string>).toString();
      try {
        const outcome = await oidc.finish(callbackUrl, flow, clientOf(request));
        if (outcome.kind === 'test') return reply.type('text/html').send(testResultPage(outcome.result));
        sendSession(request, reply, outcome.session, options);
        return reply.redirect('/', 302);
      } catch (error) {
        const code = error instanceof AppError ? SsoErrorCode.safeParse(error.code) : null;
        if (!code?.success) throw error;
        return reply.redirect(`/auth?sso_error=${code.data}`, 302);
      }
    },
  );

  app.post(
    '/api/auth/ldap/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a directory (LDAP / Active Directory) user name and password',
        description:
          'Answers like POST /api/auth/login: a session, or `{mfa_required, challenge}` for a second factor.',
        body: LdapLoginBody,
        response: { 200: LoginResult, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await ldap.enabled())) throw AppError.notFound('Single sign-on');
      const result = await ldap.login(request.body, clientOf(request));
      // With two-factor sign-in the answer is a challenge for POST /api/auth/login/mfa, as for passwords.
      if ('mfa_required' in result) return result;
      return sendSession(request, reply, result, options);
    },
  );

  app.get(
    '/api/admin/settings/sso',
    {
      config: { access: 'super_admin' },
      schema: {
        tags: ['admin'],
        summary: 'Single sign-on settings (secrets only as "set")',
        response: { 200: SsoSettings, ...errors },
      },
    },
    async () => ssoSettings.get(),
  );

  app.put(
    '/api/admin/settings/sso',
    {
      config: { access: 'super_admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change the OIDC and LDAP settings (an empty secret keeps the stored one)',
        body: SsoSettingsBody,
        response: { 200: SsoSettings, ...errors },
      },
    },
    async (request) => ssoSettings.update(currentUser(request).id, request.body, auditContext(request)),
  );

  app.post(
    '/api/admin/settings/sso/oidc/test',
    {
      config: { access: 'super_admin' },
      schema: {
        tags: ['admin'],
        summary: 'Start a test sign-in: open the URL; the callback shows the claims and mapping, signing nobody in',
        response: { 200: OidcTestStart, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return { authorization_url: await startFlow(request, reply, currentUser(request).id), error: null };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { authorization_url: null, error: `The provider could not be reached: ${reason}` };
      }
    },
  );

  app.post(
    '/api/admin/settings/sso/ldap/test',
    {
      config: { access: 'super_admin' },
      schema: {
        tags: ['admin'],
        summary: 'Test the directory with a user name and password: entry, groups and mapping; signs nobody in',
        body: LdapLoginBody,
        response: { 200: SsoTestResult, ...errors },
      },
    },
    async (request) => ldap.test(request.body),
  );
};
