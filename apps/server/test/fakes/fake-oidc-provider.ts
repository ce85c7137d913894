// The package ships no types; this brings the declaration along wherever the fake is imported (e2e too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account, type KoaContext } from 'oidc-provider';

/** A person at the fake provider; change `groups` (or anything) between sign-ins. */
export interface FakeOidcUser {
  email: string;
  email_verified: boolean;
  name: string;
  groups: string[];
}

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** By login name (typed on the provider's login page; any password is accepted). */
  users: Map<string, FakeOidcUser>;
  /** Changes a known user (e.g. their groups) before their next sign-in. */
  update(login: string, patch: Partial<FakeOidcUser>): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback, with its development login page: any
 * password signs in a known login name. Consent is granted automatically. `groups` is released with the profile
 * scope, as many providers do with a groups mapper.
 */
export async function startFakeOidcProvider(options: { redirectUris: string[] }): Promise<FakeOidcProvider> {
  const users = new Map<string, FakeOidcUser>();
  const clientId = 'hearth-test';
  const clientSecret = 'hearth-test-secret-0123456789abcdef';
  let handler: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handler(request, response));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['fake-oidc-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: true } },
    // Explicit lifetimes keep the library's "you SHOULD change it" notices out of the test output.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount(_ctx: KoaContext, id: string): Account | undefined {
      if (!users.has(id)) return undefined;
      return {
        accountId: id,
        // Read at each token/userinfo request, so a change between sign-ins shows at the next one.
        claims: async () => ({ sub: id, ...users.get(id) }),
      };
    },
    // No consent screen: every client is trusted with what it asks for.
    async loadExistingGrant(ctx: KoaContext) {
      const { client, session, params, provider: self } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(String(params?.scope ?? 'openid'));
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
      await grant.save();
      return grant;
    },
  });
  handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    users,
    update(login, patch) {
      const user = users.get(login);
      if (!user) throw new Error(`fake OIDC provider: no user ${login}`);
      users.set(login, { ...user, ...patch });
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Cookies by origin, as a browser would keep them (paths ignored: each test talks to two origins only). */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.jars.get(url.origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  store(url: URL, response: Response): void {
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    this.jars.set(url.origin, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  set(url: string, name: string, value: string): void {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    jar.set(name, value);
    this.jars.set(origin, jar);
  }
}

export interface BrowserSignIn {
  /** Where Hearth finally sent the browser: "/" after a sign-in, "/auth?sso_error=..." after a refusal. */
  location: string | null;
  status: number;
  /** Hearth's session cookie after the sign-in, if any. */
  sessionCookie: string | null;
  /** The last page's body (a test sign-in's result page). */
  body: string;
}

/**
 * Plays the browser through a whole OIDC sign-in: Hearth's start URL, the provider's login page (login name and
 * any password), back to Hearth's callback. `tamper` may change the callback URL (e.g. its state) before it is
 * followed; `hearthCookie` is sent to Hearth (a test sign-in's flow cookie and the super admin's session).
 */
export async function browserSignIn(
  hearthUrl: string,
  startUrl: string,
  login: string,
  options: { tamper?: (callback: URL) => void; hearthCookie?: string } = {},
): Promise<BrowserSignIn> {
  const jar = new CookieJar();
  const hearth = new URL(hearthUrl).origin;
  if (options.hearthCookie) {
    for (const pair of options.hearthCookie.split('; ')) {
      const [name = '', value = ''] = pair.split('=');
      jar.set(hearth, name, value);
    }
  }
  let url = new URL(startUrl, hearth);
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.origin === hearth && url.pathname.endsWith('/oidc/callback')) options.tamper?.(url);
    const headers: Record<string, string> = { cookie: jar.header(url) };
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    jar.store(url, response);
    const location = response.headers.get('location');
    const text = await response.text();
    if (response.status >= 300 && response.status < 400 && location) {
      if (url.origin === hearth && url.pathname.endsWith('/oidc/callback')) {
        const session = /hearth_session=([^;]+)/.exec(response.headers.getSetCookie().join('\n'))?.[1] ?? null;
        return { location, status: response.status, sessionCookie: session, body: text };
      }
      url = new URL(location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    // The provider's login form.
    const form = /<form[^>]*action="([^"]+)"[^>]*>[\s\S]*?name="prompt" value="login"/.exec(text);
    if (form?.[1]) {
      url = new URL(form[1].replace(/&amp;/g, '&'), url);
      method = 'POST';
      body = new URLSearchParams({ prompt: 'login', login, password: 'any-password' }).toString();
      continue;
    }
    return { location: null, status: response.status, sessionCookie: null, body: text };
  }
  throw new Error('OIDC sign-in did not finish in 20 steps');
}
