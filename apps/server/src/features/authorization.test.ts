/**
 * Every route against every kind of caller (DESIGN.md §5). The route list is read from the running server,
 * so a route added without a row below fails this test. To add a route: add one entry to ROUTES, saying how
 * to build its request and what each caller should get.
 */
import type { AdminUser, ApiTokenCreated } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole, listRoutes, moveToNewOrganization } from '../../test/helpers';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../test/test-server';

const CALLERS = ['anonymous', 'user', 'otherUser', 'moderator', 'otherOrgAdmin', 'admin', 'superAdmin'] as const;
type Caller = (typeof CALLERS)[number];
type Account = Exclude<Caller, 'anonymous'>;

/** 'allow' is any 2xx; a number is the refusal expected, with its matching error code. */
type Outcome = 'allow' | 401 | 403 | 404;
type Expectation = Record<Caller, Outcome>;

const DENY_CODES: Record<Exclude<Outcome, 'allow'>, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
};

const everyone: Expectation = {
  anonymous: 'allow',
  user: 'allow',
  otherUser: 'allow',
  moderator: 'allow',
  otherOrgAdmin: 'allow',
  admin: 'allow',
  superAdmin: 'allow',
};
const signedIn: Expectation = { ...everyone, anonymous: 401 };
/** Things only the owner (the `user` caller) has: anyone else is told it does not exist. */
const ownerOnly: Expectation = {
  anonymous: 401,
  user: 'allow',
  otherUser: 404,
  moderator: 404,
  otherOrgAdmin: 404,
  admin: 404,
  superAdmin: 404,
};
const admins: Expectation = { ...signedIn, user: 403, otherUser: 403, moderator: 403 };
/** Admin actions on a member of the owner's organisation: an admin elsewhere cannot see them. */
const adminsOfTarget: Expectation = { ...admins, otherOrgAdmin: 404 };

/** What a row's request builder gets: who is calling, and ways to make fresh targets. */
interface Scenario {
  caller: Caller;
  token: string | undefined;
  accounts: Record<Account, TestUser>;
  /** A new plain user in the owner's organisation (created by the super admin). */
  newMember(): Promise<AdminUser>;
  /** A new API token of the owner (the `user` caller). */
  newOwnedToken(): Promise<ApiTokenCreated>;
  /** A new session of the caller, for requests that would end the one the other rows use. */
  freshToken(): Promise<string | undefined>;
  uniqueEmail(): string;
}

interface RouteRequest {
  path: string;
  body?: unknown;
  /** Replaces the caller's token (e.g. with a fresh session); the runner never sends cookies. */
  token?: string;
}

interface RouteRule {
  route: string;
  expect: Expectation;
  request(scenario: Scenario): RouteRequest | Promise<RouteRequest>;
}

const get = (path: string) => () => ({ path });

const ROUTES: RouteRule[] = [
  { route: 'GET /health', expect: everyone, request: get('/health') },
  { route: 'GET /api/openapi.json', expect: everyone, request: get('/api/openapi.json') },
  { route: 'GET /api/docs', expect: everyone, request: get('/api/docs') },
  { route: 'GET /api/docs/', expect: everyone, request: get('/api/docs/') },
  { route: 'GET /api/docs/*', expect: everyone, request: get('/api/docs/static/swagger-ui.css') },
  { route: 'GET /api/docs/json', expect: everyone, request: get('/api/docs/json') },
  { route: 'GET /api/docs/yaml', expect: everyone, request: get('/api/docs/yaml') },
  { route: 'GET /api/docs/static/index.html', expect: everyone, request: get('/api/docs/static/index.html') },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    expect: everyone,
    request: get('/api/docs/static/swagger-initializer.js'),
  },

  {
    route: 'POST /api/auth/signup',
    expect: everyone,
    request: (s) => ({ path: '/api/auth/signup', body: { email: s.uniqueEmail(), password: STRONG_PASSWORD } }),
  },
  {
    route: 'POST /api/auth/login',
    expect: everyone,
    request: (s) => ({ path: '/api/auth/login', body: { email: s.accounts.user.email, password: STRONG_PASSWORD } }),
  },
  {
    route: 'POST /api/auth/logout',
    expect: everyone,
    request: async (s) => ({ path: '/api/auth/logout', body: {}, token: await s.freshToken() }),
  },
  { route: 'GET /api/auth/me', expect: signedIn, request: get('/api/auth/me') },
  {
    route: 'POST /api/auth/password',
    expect: signedIn,
    request: () => ({
      path: '/api/auth/password',
      body: { current_password: STRONG_PASSWORD, new_password: STRONG_PASSWORD },
    }),
  },
  {
    route: 'PATCH /api/profile',
    expect: signedIn,
    request: (s) => ({ path: '/api/profile', body: { full_name: s.caller } }),
  },

  { route: 'GET /api/tokens', expect: signedIn, request: get('/api/tokens') },
  { route: 'POST /api/tokens', expect: signedIn, request: () => ({ path: '/api/tokens', body: { name: 'authz' } }) },
  {
    route: 'DELETE /api/tokens/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/tokens/${(await s.newOwnedToken()).token.id}` }),
  },

  { route: 'GET /api/admin/users', expect: admins, request: get('/api/admin/users') },
  {
    route: 'POST /api/admin/users',
    expect: admins,
    request: (s) => ({ path: '/api/admin/users', body: { email: s.uniqueEmail(), password: STRONG_PASSWORD } }),
  },
  {
    route: 'PATCH /api/admin/users/:id/role',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/users/${(await s.newMember()).id}/role`, body: { role: 'moderator' } }),
  },
  {
    route: 'POST /api/admin/users/:id/ban',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/users/${(await s.newMember()).id}/ban`, body: {} }),
  },
  {
    route: 'POST /api/admin/users/:id/unban',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/users/${(await s.newMember()).id}/unban`, body: {} }),
  },
  {
    route: 'DELETE /api/admin/users/:id',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/users/${(await s.newMember()).id}` }),
  },
];

describe(`authorisation: every route × every caller (${testDb})`, () => {
  let server: TestServer;
  let accounts: Record<Account, TestUser>;
  let emails = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const superAdmin = await createUser(server, 'authz-root');
    const [user, otherUser, moderator, otherOrgAdmin, admin] = [
      await createUser(server, 'authz-owner'),
      await createUser(server, 'authz-other'),
      await createUser(server, 'authz-mod'),
      await createUser(server, 'authz-elsewhere'),
      await createUser(server, 'authz-admin'),
    ];
    await assignRole(server, superAdmin.token, moderator.id, 'moderator');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
    await assignRole(server, superAdmin.token, otherOrgAdmin.id, 'admin');
    await moveToNewOrganization(server, otherOrgAdmin.id);
    accounts = { user, otherUser, moderator, otherOrgAdmin, admin, superAdmin };
  });
  afterAll(() => server.close());

  function scenarioFor(caller: Caller): Scenario {
    const uniqueEmail = () => `authz-${(emails += 1)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
    return {
      caller,
      token: caller === 'anonymous' ? undefined : accounts[caller].token,
      accounts,
      uniqueEmail,
      async newMember() {
        const body = { email: uniqueEmail(), password: STRONG_PASSWORD };
        const response = await server.request<AdminUser>('/api/admin/users', {
          token: accounts.superAdmin.token,
          body,
        });
        if (response.status !== 201) throw new Error(`setup: member creation failed (${response.status})`);
        return response.body;
      },
      async newOwnedToken() {
        const response = await server.request<ApiTokenCreated>('/api/tokens', {
          token: accounts.user.token,
          body: { name: 'target' },
        });
        if (response.status !== 201) throw new Error(`setup: token creation failed (${response.status})`);
        return response.body;
      },
      freshToken: async () =>
        caller === 'anonymous' ? undefined : (await login(server, accounts[caller].email)).token,
    };
  }

  /** What a caller actually got, in the table's terms; an unexpected code shows up as 'status code'. */
  async function outcomeFor(rule: RouteRule, caller: Caller): Promise<Outcome | string> {
    const scenario = scenarioFor(caller);
    const built = await rule.request(scenario);
    const method = rule.route.split(' ')[0];
    const token = 'token' in built ? built.token : scenario.token;
    const response = await server.request<{ code?: string }>(built.path, { method, body: built.body, token });
    if (response.status >= 200 && response.status < 300) return 'allow';
    const code = typeof response.body === 'object' && response.body ? response.body.code : undefined;
    if (
      (response.status === 401 || response.status === 403 || response.status === 404) &&
      code === DENY_CODES[response.status]
    ) {
      return response.status;
    }
    return `${response.status} ${code ?? ''}`.trim();
  }

  it('has exactly one row for every route the server answers', () => {
    const served = listRoutes(server.app.server);
    const covered = ROUTES.map((rule) => rule.route);
    expect(
      served.filter((route) => !covered.includes(route)),
      'routes without a row in ROUTES',
    ).toEqual([]);
    expect(
      covered.filter((route) => !served.includes(route)),
      'rows for routes the server does not answer',
    ).toEqual([]);
    expect(
      covered.filter((route, index) => covered.indexOf(route) !== index),
      'duplicate rows',
    ).toEqual([]);
  });

  it.each(ROUTES.map((rule) => [rule.route, rule] as const))('%s', async (_route, rule) => {
    const actual: Partial<Record<Caller, Outcome | string>> = {};
    for (const caller of CALLERS) actual[caller] = await outcomeFor(rule, caller);
    expect(actual).toEqual(rule.expect);
  });

  it('left every caller signed in and with their role', async () => {
    const roles: Record<Account, string> = {
      user: 'user',
      otherUser: 'user',
      moderator: 'moderator',
      otherOrgAdmin: 'admin',
      admin: 'admin',
      superAdmin: 'super_admin',
    };
    for (const [caller, account] of Object.entries(accounts)) {
      const me = await server.request<{ role: string }>('/api/auth/me', { token: account.token });
      expect(me.status, caller).toBe(200);
      expect(me.body.role, caller).toBe(roles[caller as Account]);
    }
  });
});
