/**
 * Every route against every kind of caller (DESIGN.md §5). The route list is read from the running server,
 * so a route added without a row below fails this test. To add a route: add one entry to ROUTES, saying how
 * to build its request and what each caller should get.
 */
import type { AdminUser, ApiTokenCreated, Attachment, MessageList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEvents } from '../../test/chat-helpers';
import { type FakeOllama, startFakeOllama } from '../../test/fakes/fake-ollama';
import { assignRole, listRoutes, moveToNewOrganization } from '../../test/helpers';
import { openSse } from '../../test/sse-client';
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

/** The error bodies: ours {code}, and OpenAI's {error: {code}} under /v1. */
interface ErrorShape {
  code?: string;
  error?: { code?: string };
}

/** What a row's request builder gets: who is calling, and ways to make fresh targets. */
interface Scenario {
  caller: Caller;
  token: string | undefined;
  accounts: Record<Account, TestUser>;
  /** A new plain user in the owner's organisation (created by the super admin). */
  newMember(): Promise<AdminUser>;
  /** A new API token of the owner (the `user` caller). */
  newOwnedToken(): Promise<ApiTokenCreated>;
  /** A new conversation of the owner with one question and answer. */
  newOwnedConversation(): Promise<{ id: string; userMessageId: string }>;
  /** A new chat attachment of the owner. */
  newOwnedAttachment(): Promise<Attachment>;
  /** A new knowledge collection of the owner; its id. */
  newOwnedCollection(): Promise<string>;
  /** A new (queued) knowledge document of the owner; its id. */
  newOwnedDocument(): Promise<string>;
  /** The fake model runtime's URL (model providers, download sources). */
  fakeRuntimeUrl: string;
  /** A new model provider added by the super admin; its id. */
  newProvider(): Promise<string>;
  /** A new GGUF download started by the super admin; its id. */
  newDownload(): Promise<string>;
  /** A new session of the caller, for requests that would end the one the other rows use. */
  freshToken(): Promise<string | undefined>;
  uniqueEmail(): string;
}

interface RouteRequest {
  path: string;
  body?: unknown;
  /** A multipart body instead of JSON. */
  form?: FormData;
  /** The answer is a server-sent-events stream: the runner reads the status, then hangs up. */
  stream?: boolean;
  /** Replaces the caller's token (e.g. with a fresh session); the runner never sends cookies. */
  token?: string;
}

interface RouteRule {
  route: string;
  expect: Expectation;
  request(scenario: Scenario): RouteRequest | Promise<RouteRequest>;
}

const get = (path: string) => () => ({ path });
const MODEL = 'llama3:latest';
/** A fresh GGUF file name, so downloads never collide. */
const uniqueGguf = () => `authz-${Math.random().toString(36).slice(2, 10)}.gguf`;
const textFile = () => {
  const form = new FormData();
  form.append('file', new Blob(['authorisation check']), 'authz.txt');
  return form;
};

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

  { route: 'GET /api/conversations', expect: signedIn, request: get('/api/conversations') },
  { route: 'POST /api/conversations', expect: signedIn, request: () => ({ path: '/api/conversations', body: {} }) },
  { route: 'DELETE /api/conversations', expect: signedIn, request: get('/api/conversations') },
  {
    route: 'GET /api/conversations/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/conversations/${(await s.newOwnedConversation()).id}` }),
  },
  {
    route: 'PATCH /api/conversations/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/conversations/${(await s.newOwnedConversation()).id}`, body: { title: 'x' } }),
  },
  {
    route: 'DELETE /api/conversations/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/conversations/${(await s.newOwnedConversation()).id}` }),
  },
  {
    route: 'GET /api/conversations/:id/messages',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/conversations/${(await s.newOwnedConversation()).id}/messages` }),
  },
  {
    route: 'POST /api/conversations/:id/stop',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/conversations/${(await s.newOwnedConversation()).id}/stop`, body: {} }),
  },
  {
    route: 'POST /api/conversations/:id/regenerate',
    expect: ownerOnly,
    request: async (s) => ({
      path: `/api/conversations/${(await s.newOwnedConversation()).id}/regenerate`,
      body: { model: MODEL },
    }),
  },
  {
    route: 'POST /api/conversations/:id/messages/:messageId/edit',
    expect: ownerOnly,
    request: async (s) => {
      const { id, userMessageId } = await s.newOwnedConversation();
      return { path: `/api/conversations/${id}/messages/${userMessageId}/edit`, body: { model: MODEL, content: 'x' } };
    },
  },
  {
    route: 'POST /api/chat/stream',
    expect: signedIn,
    request: () => ({ path: '/api/chat/stream', body: { model: MODEL, content: 'authz' } }),
  },
  {
    route: 'POST /api/chat',
    expect: signedIn,
    request: () => ({ path: '/api/chat', body: { model: MODEL, message: 'authz' } }),
  },
  {
    route: 'POST /api/vision/analyze',
    expect: signedIn,
    request: () => ({
      path: '/api/vision/analyze',
      body: {
        image_data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      },
    }),
  },
  {
    route: 'POST /api/chat/attachments',
    expect: signedIn,
    request: () => ({ path: '/api/chat/attachments', form: textFile() }),
  },
  {
    route: 'GET /api/chat/attachments/:id/content',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/chat/attachments/${(await s.newOwnedAttachment()).id}/content` }),
  },
  { route: 'GET /api/knowledge/collections', expect: signedIn, request: get('/api/knowledge/collections') },
  {
    route: 'POST /api/knowledge/collections',
    expect: signedIn,
    request: () => ({ path: '/api/knowledge/collections', body: { name: 'authz' } }),
  },
  {
    route: 'GET /api/knowledge/collections/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/collections/${await s.newOwnedCollection()}` }),
  },
  {
    route: 'DELETE /api/knowledge/collections/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/collections/${await s.newOwnedCollection()}` }),
  },
  {
    route: 'GET /api/knowledge/collections/:id/documents',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/collections/${await s.newOwnedCollection()}/documents` }),
  },
  {
    route: 'POST /api/knowledge/collections/:id/documents',
    expect: ownerOnly,
    request: async (s) => ({
      path: `/api/knowledge/collections/${await s.newOwnedCollection()}/documents`,
      form: textFile(),
    }),
  },
  {
    route: 'GET /api/knowledge/documents/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/documents/${await s.newOwnedDocument()}` }),
  },
  {
    route: 'GET /api/knowledge/documents/:id/file',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/documents/${await s.newOwnedDocument()}/file` }),
  },
  {
    route: 'DELETE /api/knowledge/documents/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/documents/${await s.newOwnedDocument()}` }),
  },
  {
    route: 'POST /api/documents/upload',
    expect: signedIn,
    request: () => ({ path: '/api/documents/upload', form: textFile() }),
  },
  {
    route: 'POST /api/knowledge/search',
    expect: signedIn,
    request: () => ({ path: '/api/knowledge/search', body: { query: 'authz' } }),
  },
  {
    route: 'POST /api/knowledge/search-knowledge',
    expect: signedIn,
    request: () => ({ path: '/api/knowledge/search-knowledge', body: { query: 'authz' } }),
  },
  { route: 'GET /v1/models', expect: signedIn, request: get('/v1/models') },
  {
    route: 'POST /v1/chat/completions',
    expect: signedIn,
    request: () => ({
      path: '/v1/chat/completions',
      body: { model: MODEL, messages: [{ role: 'user', content: 'hi' }] },
    }),
  },
  { route: 'GET /api/events', expect: signedIn, request: () => ({ path: '/api/events', stream: true }) },
  { route: 'GET /api/ollama/status', expect: signedIn, request: get('/api/ollama/status') },
  { route: 'GET /api/ollama/models', expect: signedIn, request: get('/api/ollama/models') },
  { route: 'GET /api/vision/models', expect: signedIn, request: get('/api/vision/models') },
  { route: 'GET /api/system/mode', expect: signedIn, request: get('/api/system/mode') },
  { route: 'GET /api/models/starters', expect: signedIn, request: get('/api/models/starters') },
  { route: 'GET /api/models/providers', expect: admins, request: get('/api/models/providers') },
  {
    route: 'POST /api/models/providers',
    expect: admins,
    request: (s) => ({
      path: '/api/models/providers',
      body: { kind: 'ollama', name: 'Authz', base_url: s.fakeRuntimeUrl },
    }),
  },
  {
    route: 'DELETE /api/models/providers/:id',
    expect: admins,
    request: async (s) => ({ path: `/api/models/providers/${await s.newProvider()}` }),
  },
  {
    route: 'POST /api/models/providers/:id/test',
    expect: admins,
    request: () => ({ path: '/api/models/providers/ollama/test', body: {} }),
  },
  {
    route: 'POST /api/models/pull',
    expect: admins,
    request: () => ({ path: '/api/models/pull', body: { name: 'authz:1b' } }),
  },
  {
    // The built-in runtime is off in this table, so admins get 404; real deletion is covered in models.test.ts.
    route: 'DELETE /api/models/:provider_id/:name',
    expect: { ...admins, otherOrgAdmin: 404, admin: 404, superAdmin: 404 },
    request: get('/api/models/builtin/authz.gguf'),
  },
  { route: 'GET /api/models/downloads', expect: admins, request: get('/api/models/downloads') },
  {
    route: 'POST /api/models/downloads',
    expect: admins,
    request: (s) => ({
      path: '/api/models/downloads',
      body: { url: `${s.fakeRuntimeUrl}/files/missing.gguf`, file_name: uniqueGguf() },
    }),
  },
  {
    route: 'DELETE /api/models/downloads/:id',
    expect: admins,
    request: async (s) => ({ path: `/api/models/downloads/${await s.newDownload()}` }),
  },
];

describe(`authorisation: every route × every caller (${testDb})`, () => {
  let server: TestServer;
  let ollama: FakeOllama;
  let accounts: Record<Account, TestUser>;
  let emails = 0;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    server = await startTestServer({
      OLLAMA_BASE_URL: ollama.url,
      BUILTIN_RUNTIME: 'false',
      ALLOW_PRIVATE_DOWNLOADS: 'true',
      MODEL_LIST_CACHE_MS: '600000',
    });
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
  afterAll(async () => {
    await server.close();
    await ollama.close();
  });

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
      async newOwnedConversation() {
        const response = await fetch(`${server.url}/api/chat/stream`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accounts.user.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: MODEL, content: 'target' }),
        });
        const first = parseEvents(await response.text())[0];
        if (first?.type !== 'conversation') throw new Error(`setup: conversation creation failed (${response.status})`);
        const id = first.conversation.id;
        const messages = await server.request<MessageList>(`/api/conversations/${id}/messages`, {
          token: accounts.user.token,
        });
        return { id, userMessageId: messages.body.messages[0]?.id ?? '' };
      },
      async newOwnedAttachment() {
        const response = await fetch(`${server.url}/api/chat/attachments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accounts.user.token}` },
          body: textFile(),
        });
        if (response.status !== 201) throw new Error(`setup: attachment upload failed (${response.status})`);
        return (await response.json()) as Attachment;
      },
      async newOwnedCollection() {
        const response = await server.request<{ id: string }>('/api/knowledge/collections', {
          token: accounts.user.token,
          body: { name: 'authz collection' },
        });
        if (response.status !== 201) throw new Error(`setup: collection failed (${response.status})`);
        return response.body.id;
      },
      async newOwnedDocument() {
        const collectionId = await this.newOwnedCollection();
        const response = await fetch(`${server.url}/api/knowledge/collections/${collectionId}/documents`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accounts.user.token}` },
          body: textFile(),
        });
        if (response.status !== 202) throw new Error(`setup: document upload failed (${response.status})`);
        return ((await response.json()) as { id: string }).id;
      },
      fakeRuntimeUrl: ollama.url,
      async newProvider() {
        const response = await server.request<{ id: string }>('/api/models/providers', {
          token: accounts.superAdmin.token,
          body: { kind: 'ollama', name: 'Target', base_url: ollama.url },
        });
        if (response.status !== 201) throw new Error(`setup: provider creation failed (${response.status})`);
        return response.body.id;
      },
      async newDownload() {
        const response = await server.request<{ id: string }>('/api/models/downloads', {
          token: accounts.superAdmin.token,
          body: { url: `${ollama.url}/files/missing.gguf`, file_name: uniqueGguf() },
        });
        if (response.status !== 202) throw new Error(`setup: download creation failed (${response.status})`);
        return response.body.id;
      },
      freshToken: async () =>
        caller === 'anonymous' ? undefined : (await login(server, accounts[caller].email)).token,
    };
  }

  /** An event stream: its status, and its JSON body when it is refused. */
  async function streamOutcome(path: string, token: string | undefined) {
    const stream = await openSse(server.url + path, { token });
    if (stream.status >= 200 && stream.status < 300) {
      stream.close();
      return { status: stream.status, body: {} as ErrorShape };
    }
    await stream.ended;
    return { status: stream.status, body: JSON.parse(stream.text()) as ErrorShape };
  }

  /** What a caller actually got, in the table's terms; an unexpected code shows up as 'status code'. */
  async function outcomeFor(rule: RouteRule, caller: Caller): Promise<Outcome | string> {
    const scenario = scenarioFor(caller);
    const built = await rule.request(scenario);
    const method = rule.route.split(' ')[0];
    const token = 'token' in built ? built.token : scenario.token;
    const response = built.stream
      ? await streamOutcome(built.path, token)
      : built.form
        ? await fetch(server.url + built.path, {
            method,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            body: built.form,
          }).then(async (raw) => ({ status: raw.status, body: (await raw.json()) as ErrorShape }))
        : await server.request<ErrorShape>(built.path, { method, body: built.body, token });
    if (response.status >= 200 && response.status < 300) return 'allow';
    // /v1 answers in OpenAI's error shape, {error: {code}}.
    const body = typeof response.body === 'object' && response.body ? response.body : undefined;
    const code = body?.code ?? body?.error?.code;
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
