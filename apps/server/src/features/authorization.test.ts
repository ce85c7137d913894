/**
 * Every route against every kind of caller (DESIGN.md §5). The route list is read from the running server,
 * so a route added without a row below fails this test. To add a route: add one entry to ROUTES, saying how
 * to build its request and what each caller should get. In the postgres project the same table runs a second
 * time against two replica processes on PostgreSQL + S3 (issue 8): setup on one, every checked request on the other.
 */
import { randomUUID } from 'node:crypto';
import type {
  AdminUser,
  ApiTokenCreated,
  Attachment,
  ChatShare,
  EgressReport,
  InvitationCreated,
  MessageList,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEvents } from '../../test/chat-helpers';
import { type FakeGithub, startFakeGithub } from '../../test/fakes/fake-github';
import { type FakeMcpHttp, startFakeMcpHttp } from '../../test/fakes/fake-mcp';
import { type FakeMcpOAuth, startFakeMcpOAuth } from '../../test/fakes/fake-mcp-oauth';
import { type FakeOllama, startFakeOllama } from '../../test/fakes/fake-ollama';
import { type FakeSite, htmlPage, startFakeSite } from '../../test/fakes/fake-site';
import { type FakeSpeech, startFakeSpeech } from '../../test/fakes/fake-speech';
import { type FakeSmtp, linkIn, startFakeSmtp } from '../../test/fakes/fake-smtp';
import { assignRole, listRoutes, moveToNewOrganization } from '../../test/helpers';
import { replicaSkipReason, startReplicaPair } from '../../test/replica-pair';
import { enableTotp, mfaChallengeFor, newSessionId, startTotp, totpCodeAt } from '../../test/mfa-helpers';
import { openSse } from '../../test/sse-client';
import { insertVersion } from './updates/update-test-helpers';
import { DocsMaintenanceTargets } from './docs/maintenance/maintenance-test-helpers';
import { LDAP_OFF, OIDC_OFF } from './sso/sso-test-helpers';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  type DbHandle,
  type HttpClient,
  kyselyOf,
  startTestServer,
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
/** Only the super admin (e.g. the Update Settings dialog). */
const superAdminsOnly: Expectation = { ...admins, otherOrgAdmin: 403, admin: 403 };
/** A sign-in method that is switched off: not found, whoever asks. */
const ssoOff: Expectation = {
  anonymous: 404,
  user: 404,
  otherUser: 404,
  moderator: 404,
  otherOrgAdmin: 404,
  admin: 404,
  superAdmin: 404,
};

/** The error bodies: ours {code}, and OpenAI's {error: {code}} under /v1. */
interface ErrorShape {
  code?: string;
  error?: { code?: string };
}

/** A new chat folder of the owner (the `user` caller); its id. */
async function newOwnedFolder(s: Scenario): Promise<string> {
  const response = await s.setupClient.request<{ id: string }>('/api/chat-folders', {
    token: s.accounts.user.token,
    body: { name: 'target' },
  });
  if (response.status !== 201) throw new Error(`setup: folder creation failed (${response.status})`);
  return response.body.id;
}

/** A new preset of the owner (the `user` caller), shared with the organisation; its id. */
async function newOwnedPreset(s: Scenario): Promise<string> {
  const response = await s.setupClient.request<{ id: string }>('/api/presets', {
    token: s.accounts.user.token,
    body: { name: 'authz preset', shared: true },
  });
  if (response.status !== 201) throw new Error(`setup: preset creation failed (${response.status})`);
  return response.body.id;
}

/** What a row's request builder gets: who is calling, and ways to make fresh targets. */
interface Scenario {
  caller: Caller;
  token: string | undefined;
  accounts: Record<Account, TestUser>;
  /** A new plain user in the owner's organisation (created by the super admin). */
  newMember(): Promise<AdminUser>;
  /** A new account of the owner's organisation waiting for approval; its id. */
  newPendingMember(): Promise<string>;
  /** A new single-use invitation into the owner's organisation, made by the super admin. */
  newInvitation(): Promise<InvitationCreated>;
  /** A new API token of the owner (the `user` caller). */
  newOwnedToken(): Promise<ApiTokenCreated>;
  /** A new conversation of the owner with one question and answer. */
  newOwnedConversation(): Promise<{ id: string; userMessageId: string; answerId: string }>;
  /** A new chat attachment of the owner. */
  newOwnedAttachment(): Promise<Attachment>;
  /** A new live version (inserted as the releases feature would); its version number. */
  newLiveVersion(): Promise<string>;
  /** A version number no other row uses. */
  uniqueVersion(): string;
  /** A new version made through the releases API by the super admin ('github-live': deployed via GitHub); its id. */
  newVersion(status: 'draft' | 'staged' | 'github-live'): Promise<string>;
  /** The local fake GitHub's API base URL, which the integration is configured with. */
  githubApiUrl: string;
  /** A new knowledge collection of the owner; its id. */
  newOwnedCollection(): Promise<string>;
  /** A new (queued) knowledge document of the owner; its id. */
  newOwnedDocument(): Promise<string>;
  /** A new knowledge document of the owner whose reading failed (it has no text); its id. */
  newOwnedFailedDocument(): Promise<string>;
  /** A new prompt of the owner (shared with the organisation); its id. */
  newOwnedPrompt(): Promise<string>;
  /** A new empty organisation made by the super admin; its id. */
  newOrganization(): Promise<string>;
  /** A new group of the owner's organisation, made by the super admin, with one new member. */
  newGroup(): Promise<{ id: string; memberId: string }>;
  /** The fake model runtime's URL (model providers, download sources). */
  fakeRuntimeUrl: string;
  /** A loopback web page the admin allowlist lets the scraper reach. */
  siteUrl: string;
  /** A new model provider added by the super admin; its id. */
  newProvider(): Promise<string>;
  /** The loopback URL of a fake MCP server (Streamable HTTP). */
  mcpUrl: string;
  /** A new HTTP MCP server open to everyone, registered by the super admin (taking users' keys when asked); its id. */
  newMcpServer(userAuth?: 'key' | 'oauth'): Promise<string>;
  /** A new GGUF download started by the super admin; its id. */
  newDownload(): Promise<string>;
  /** The server that setup requests go to (fixtures a row builds through the API itself). */
  setupClient: HttpClient;
  /** A new session of the caller, for requests that would end the one the other rows use. */
  freshToken(): Promise<string | undefined>;
  /** A brand-new account's token (undefined for anonymous), for requests that delete the caller's account. */
  disposableToken(): Promise<string | undefined>;
  uniqueEmail(): string;
  /** The current revision of a documentation page (0 = shipped), read by the super admin. */
  docRevision(path: string): Promise<number>;
  /** A new documentation change recorded from a small git repository (configured as the tree); its id. */
  newDocChange(): Promise<string>;
  /** A new pending documentation update drafted by the super admin; its id. */
  newDocUpdate(): Promise<string>;
  /** A drafting job the super admin started for a new documentation change; its id. */
  newDocDraft(): Promise<string>;
}

interface RouteRequest {
  path: string;
  body?: unknown;
  /** A multipart body instead of JSON. */
  form?: FormData;
  /** The answer is a server-sent-events stream: the runner reads the status, then hangs up. */
  stream?: boolean;
  /** The answer is a redirect for the browser: the runner does not follow it, and a 3xx counts as allowed. */
  redirect?: boolean;
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

/** A short recording as a multipart upload (the fake speech runtime transcribes anything). */
const audioFile = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(256)], { type: 'audio/webm' }), 'dictation.webm');
  return form;
};
/** A one-conversation ChatGPT export (conversations.json) as an upload. */
const chatGptExport = () => {
  const form = new FormData();
  const mapping = {
    q: { parent: null, message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['authz'] } } },
  };
  form.append(
    'file',
    new Blob([JSON.stringify([{ title: 'authz', current_node: 'q', mapping }])]),
    'conversations.json',
  );
  return form;
};
/** A new share link of the owner's new conversation (made through the setup server). */
const newOwnedShare = async (s: Scenario) => {
  const conversation = await s.newOwnedConversation();
  const response = await s.setupClient.request<ChatShare>('/api/shares', {
    token: s.accounts.user.token,
    body: { conversation_id: conversation.id },
  });
  if (response.status !== 201) throw new Error(`setup: share failed (${response.status})`);
  return response.body;
};

/** Captures the table's mail (SMTP is configured, so the mail-based routes answer). */
let mailCatcher: FakeSmtp;
const linkToken = (url: string) => decodeURIComponent(new URL(url).hash.replace(/^#token=/, ''));

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
  { route: 'GET /api/auth/setup', expect: everyone, request: get('/api/auth/setup') },
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

  { route: 'GET /api/auth/sessions', expect: signedIn, request: get('/api/auth/sessions') },
  {
    route: 'DELETE /api/auth/sessions/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/auth/sessions/${await newSessionId(s.setupClient, s.accounts.user.email)}` }),
  },
  {
    // Ends the caller's other sessions: a brand-new account's, so the accounts the other rows use stay signed in.
    route: 'POST /api/auth/sessions/revoke-others',
    expect: signedIn,
    request: async (s) => ({ path: '/api/auth/sessions/revoke-others', token: await s.disposableToken() }),
  },
  {
    route: 'POST /api/auth/login/mfa',
    expect: everyone,
    request: async (s) => ({
      path: '/api/auth/login/mfa',
      body: await mfaChallengeFor(s.setupClient, (await s.newMember()).email),
    }),
  },
  { route: 'GET /api/auth/mfa', expect: signedIn, request: get('/api/auth/mfa') },
  {
    route: 'POST /api/auth/mfa/enrol',
    expect: signedIn,
    request: async (s) => ({ path: '/api/auth/mfa/enrol', token: await s.disposableToken() }),
  },
  {
    route: 'POST /api/auth/mfa/confirm',
    expect: signedIn,
    request: async (s) => {
      const token = await s.disposableToken();
      const code = token ? await totpCodeAt(await startTotp(s.setupClient, token), 0) : '000000';
      return { path: '/api/auth/mfa/confirm', body: { code }, token };
    },
  },
  {
    route: 'POST /api/auth/mfa/disable',
    expect: signedIn,
    request: async (s) => {
      const token = await s.disposableToken();
      if (token) await enableTotp(s.setupClient, token);
      return { path: '/api/auth/mfa/disable', body: { password: STRONG_PASSWORD }, token };
    },
  },

  { route: 'GET /api/tokens', expect: signedIn, request: get('/api/tokens') },
  { route: 'POST /api/tokens', expect: signedIn, request: () => ({ path: '/api/tokens', body: { name: 'authz' } }) },
  {
    route: 'DELETE /api/tokens/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/tokens/${(await s.newOwnedToken()).token.id}` }),
  },

  { route: 'GET /api/admin/users', expect: admins, request: get('/api/admin/users') },
  { route: 'GET /api/admin/signups/pending', expect: admins, request: get('/api/admin/signups/pending') },
  {
    route: 'POST /api/admin/signups/:id/approve',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/signups/${await s.newPendingMember()}/approve`, body: {} }),
  },
  {
    route: 'POST /api/admin/signups/:id/reject',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/signups/${await s.newPendingMember()}/reject`, body: {} }),
  },
  { route: 'GET /api/admin/invitations', expect: admins, request: get('/api/admin/invitations') },
  {
    route: 'POST /api/admin/invitations',
    expect: admins,
    request: () => ({ path: '/api/admin/invitations', body: { role: 'user' } }),
  },
  {
    route: 'DELETE /api/admin/invitations/:id',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/invitations/${(await s.newInvitation()).invitation.id}` }),
  },
  {
    route: 'GET /api/auth/invitations/:token',
    expect: everyone,
    request: async (s) => ({ path: `/api/auth/invitations/${(await s.newInvitation()).token}` }),
  },
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
  {
    route: 'PATCH /api/admin/users/:id',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/users/${(await s.newMember()).id}`, body: { full_name: 'Renamed' } }),
  },
  {
    route: 'POST /api/admin/users/:id/password-reset',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/users/${(await s.newMember()).id}/password-reset`, body: {} }),
  },
  { route: 'GET /api/auth/recovery-options', expect: everyone, request: get('/api/auth/recovery-options') },
  {
    route: 'POST /api/auth/forgot-password',
    expect: everyone,
    request: (s) => ({ path: '/api/auth/forgot-password', body: { email: s.uniqueEmail() } }),
  },
  {
    route: 'POST /api/auth/reset-password',
    expect: everyone,
    request: async (s) => {
      const member = await s.newMember();
      const link = await s.setupClient.request<{ url: string }>(`/api/admin/users/${member.id}/password-reset`, {
        method: 'POST',
        token: s.accounts.superAdmin.token,
      });
      return {
        path: '/api/auth/reset-password',
        body: { token: linkToken(link.body.url), new_password: 'Reset-Authz-77' },
      };
    },
  },
  {
    route: 'POST /api/auth/verify-email',
    expect: everyone,
    request: async (s) => {
      const email = s.uniqueEmail();
      await s.setupClient.request('/api/auth/signup', { body: { email, password: STRONG_PASSWORD } });
      const mail = await mailCatcher.waitFor(email, (m) => m.subject.startsWith('Verify'));
      return { path: '/api/auth/verify-email', body: { token: linkToken(linkIn(mail)) } };
    },
  },
  { route: 'GET /api/auth/email-verification', expect: signedIn, request: get('/api/auth/email-verification') },
  {
    route: 'POST /api/auth/email-verification/resend',
    expect: signedIn,
    request: () => ({ path: '/api/auth/email-verification/resend', body: {} }),
  },
  { route: 'GET /api/admin/organizations', expect: admins, request: get('/api/admin/organizations') },
  {
    route: 'POST /api/admin/organizations',
    expect: superAdminsOnly,
    request: (s) => ({ path: '/api/admin/organizations', body: { name: s.uniqueEmail() } }),
  },
  {
    route: 'PATCH /api/admin/organizations/:id',
    expect: superAdminsOnly,
    request: async (s) => ({
      path: `/api/admin/organizations/${await s.newOrganization()}`,
      body: { name: s.uniqueEmail() },
    }),
  },
  {
    route: 'DELETE /api/admin/organizations/:id',
    expect: superAdminsOnly,
    request: async (s) => ({ path: `/api/admin/organizations/${await s.newOrganization()}` }),
  },
  {
    route: 'PATCH /api/admin/users/:id/organization',
    expect: superAdminsOnly,
    request: async (s) => ({
      path: `/api/admin/users/${(await s.newMember()).id}/organization`,
      body: { organization_id: await s.newOrganization() },
    }),
  },
  { route: 'GET /api/groups', expect: signedIn, request: get('/api/groups') },
  { route: 'GET /api/admin/groups', expect: admins, request: get('/api/admin/groups') },
  {
    route: 'POST /api/admin/groups',
    expect: admins,
    request: (s) => ({ path: '/api/admin/groups', body: { name: s.uniqueEmail() } }),
  },
  {
    route: 'PATCH /api/admin/groups/:id',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/groups/${(await s.newGroup()).id}`, body: { name: s.uniqueEmail() } }),
  },
  {
    route: 'DELETE /api/admin/groups/:id',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/groups/${(await s.newGroup()).id}` }),
  },
  {
    route: 'GET /api/admin/groups/:id/members',
    expect: adminsOfTarget,
    request: async (s) => ({ path: `/api/admin/groups/${(await s.newGroup()).id}/members` }),
  },
  {
    route: 'POST /api/admin/groups/:id/members',
    expect: adminsOfTarget,
    request: async (s) => ({
      path: `/api/admin/groups/${(await s.newGroup()).id}/members`,
      body: { user_id: (await s.newMember()).id },
    }),
  },
  {
    route: 'DELETE /api/admin/groups/:id/members/:user_id',
    expect: adminsOfTarget,
    request: async (s) => {
      const group = await s.newGroup();
      return { path: `/api/admin/groups/${group.id}/members/${group.memberId}` };
    },
  },
  {
    route: 'POST /api/admin/users/import',
    expect: admins,
    request: (s) => ({
      path: '/api/admin/users/import',
      body: { csv: `email,password\n${s.uniqueEmail()},${STRONG_PASSWORD}` },
    }),
  },
  { route: 'GET /api/admin/stats', expect: admins, request: get('/api/admin/stats') },
  { route: 'GET /api/admin/usage', expect: admins, request: get('/api/admin/usage?days=7') },
  // Usage accounting and quotas (issue 19).
  { route: 'GET /api/usage/me', expect: signedIn, request: get('/api/usage/me?days=7') },
  { route: 'GET /api/admin/usage/report', expect: admins, request: get('/api/admin/usage/report?days=7') },
  { route: 'GET /api/admin/usage/export', expect: admins, request: get('/api/admin/usage/export?days=7') },
  { route: 'GET /api/admin/quotas', expect: admins, request: get('/api/admin/quotas') },
  {
    route: 'PUT /api/admin/quotas/:scope/:target_id',
    expect: adminsOfTarget,
    request: async (s) => ({
      path: `/api/admin/quotas/user/${(await s.newMember()).id}`,
      body: { messages_per_day: null, messages_per_month: null, tokens_per_day: null, tokens_per_month: null },
    }),
  },
  {
    route: 'DELETE /api/admin/quotas/:scope/:target_id',
    expect: adminsOfTarget,
    request: async (s) => {
      const path = `/api/admin/quotas/user/${(await s.newMember()).id}`;
      const limits = { messages_per_day: null, messages_per_month: null, tokens_per_day: null, tokens_per_month: 9 };
      const made = await s.setupClient.request(path, {
        method: 'PUT',
        token: s.accounts.superAdmin.token,
        body: limits,
      });
      if (made.status !== 200) throw new Error(`setup: quota failed (${made.status})`);
      return { path };
    },
  },
  { route: 'GET /api/admin/settings/security', expect: admins, request: get('/api/admin/settings/security') },
  {
    route: 'PUT /api/admin/settings/security',
    expect: superAdminsOnly,
    // The defaults again, so the other rows keep an open sign-up and the usual password rules.
    request: () => ({
      path: '/api/admin/settings/security',
      body: {
        password_min_length: 8,
        password_require_digit: false,
        password_require_symbol: false,
        password_require_uppercase: false,
        signup_mode: 'open',
        session_lifetime_hours: 168,
      },
    }),
  },
  { route: 'GET /api/admin/settings/system', expect: admins, request: get('/api/admin/settings/system') },
  {
    route: 'PUT /api/admin/settings/system',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/settings/system', body: { default_model: null, upload_limit_mb: 10 } }),
  },
  { route: 'GET /api/instance/defaults', expect: signedIn, request: get('/api/instance/defaults') },

  // Single sign-on (issue 16). OIDC and LDAP are off on this server: their sign-in routes answer 404 to everyone
  // (sso/oidc.test.ts and sso/ldap.test.ts sign in through real servers); the tests report problems in their body.
  { route: 'GET /api/auth/sso', expect: everyone, request: get('/api/auth/sso') },
  { route: 'GET /api/auth/oidc/start', expect: ssoOff, request: get('/api/auth/oidc/start') },
  { route: 'GET /api/auth/oidc/callback', expect: ssoOff, request: get('/api/auth/oidc/callback?code=c&state=s') },
  {
    route: 'POST /api/auth/ldap/login',
    expect: ssoOff,
    request: () => ({ path: '/api/auth/ldap/login', body: { username: 'someone', password: STRONG_PASSWORD } }),
  },
  { route: 'GET /api/admin/settings/sso', expect: superAdminsOnly, request: get('/api/admin/settings/sso') },
  {
    route: 'PUT /api/admin/settings/sso',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/settings/sso', body: { oidc: OIDC_OFF, ldap: LDAP_OFF } }),
  },
  {
    route: 'POST /api/admin/settings/sso/oidc/test',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/settings/sso/oidc/test', body: {} }),
  },
  {
    route: 'POST /api/admin/settings/sso/ldap/test',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/settings/sso/ldap/test', body: { username: 'someone', password: 'x' } }),
  },

  { route: 'GET /api/audit-logs', expect: signedIn, request: get('/api/audit-logs') },
  { route: 'GET /api/audit-logs/verify', expect: admins, request: get('/api/audit-logs/verify') },
  { route: 'GET /api/privacy/settings', expect: signedIn, request: get('/api/privacy/settings') },
  {
    route: 'PUT /api/privacy/settings',
    expect: signedIn,
    request: () => ({ path: '/api/privacy/settings', body: { data_retention_days: 365 } }),
  },
  { route: 'GET /api/privacy/export', expect: signedIn, request: get('/api/privacy/export') },
  { route: 'GET /api/updates', expect: signedIn, request: get('/api/updates') },
  { route: 'GET /api/admin/versions', expect: superAdminsOnly, request: get('/api/admin/versions') },
  {
    route: 'POST /api/admin/versions',
    expect: superAdminsOnly,
    request: (s) => ({ path: '/api/admin/versions', body: { version: s.uniqueVersion(), release_notes: 'authz' } }),
  },
  {
    route: 'PATCH /api/admin/versions/:id',
    expect: superAdminsOnly,
    request: async (s) => ({
      path: `/api/admin/versions/${await s.newVersion('draft')}`,
      body: { deployment_status: 'staged' },
    }),
  },
  {
    route: 'DELETE /api/admin/versions/:id',
    expect: superAdminsOnly,
    request: async (s) => ({ path: `/api/admin/versions/${await s.newVersion('draft')}` }),
  },
  {
    route: 'POST /api/admin/versions/:id/deploy',
    expect: superAdminsOnly,
    request: async (s) => ({ path: `/api/admin/versions/${await s.newVersion('staged')}/deploy`, body: {} }),
  },
  {
    route: 'POST /api/admin/versions/:id/rollback',
    expect: superAdminsOnly,
    request: async (s) => ({ path: `/api/admin/versions/${await s.newVersion('github-live')}/rollback`, body: {} }),
  },
  { route: 'GET /api/admin/deployment-logs', expect: superAdminsOnly, request: get('/api/admin/deployment-logs') },
  {
    route: 'GET /api/admin/integrations/github',
    expect: superAdminsOnly,
    request: get('/api/admin/integrations/github'),
  },
  {
    route: 'PUT /api/admin/integrations/github',
    expect: superAdminsOnly,
    // The same settings again (an empty token keeps the stored one), so the deploy rows keep working.
    request: (s) => ({
      path: '/api/admin/integrations/github',
      body: { owner: 'hearth-org', repo: 'hearth', token: '', api_base_url: s.githubApiUrl },
    }),
  },
  {
    route: 'POST /api/admin/integrations/github/test',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/integrations/github/test', body: {} }),
  },
  { route: 'GET /api/docs/pages', expect: everyone, request: get('/api/docs/pages') },
  { route: 'GET /api/admin/docs/pages', expect: superAdminsOnly, request: get('/api/admin/docs/pages') },
  { route: 'GET /api/admin/docs/page', expect: superAdminsOnly, request: get('/api/admin/docs/page?path=/docs/chat') },
  {
    route: 'GET /api/admin/docs/page/revision',
    expect: superAdminsOnly,
    request: get('/api/admin/docs/page/revision?path=/docs/chat&revision=0'),
  },
  {
    route: 'PUT /api/admin/docs/page',
    expect: superAdminsOnly,
    request: async (s) => ({
      path: '/api/admin/docs/page',
      body: {
        path: '/docs/community',
        source: `---\ntitle: Community\npath: /docs/community\n---\n\nSaved by ${s.caller}.\n`,
        baseRevision: await s.docRevision('/docs/community'),
      },
    }),
  },
  {
    route: 'POST /api/admin/docs/page/revert',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/docs/page/revert', body: { path: '/docs/community', revision: 0 } }),
  },
  {
    route: 'GET /api/admin/docs/maintenance/settings',
    expect: superAdminsOnly,
    request: get('/api/admin/docs/maintenance/settings'),
  },
  {
    route: 'PUT /api/admin/docs/maintenance/settings',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/docs/maintenance/settings', body: { repoPath: null, model: null } }),
  },
  {
    route: 'POST /api/admin/docs/changes/detect',
    expect: superAdminsOnly,
    // Configures the small test repository first (a change in it), so detection never reads the whole checkout.
    request: async (s) => (await s.newDocChange(), { path: '/api/admin/docs/changes/detect', body: {} }),
  },
  { route: 'GET /api/admin/docs/changes', expect: superAdminsOnly, request: get('/api/admin/docs/changes') },
  {
    route: 'POST /api/admin/docs/changes/:id/draft',
    expect: superAdminsOnly,
    request: async (s) => ({ path: `/api/admin/docs/changes/${await s.newDocChange()}/draft` }),
  },
  {
    route: 'GET /api/admin/docs/drafts/:id',
    expect: superAdminsOnly,
    request: async (s) => ({ path: `/api/admin/docs/drafts/${await s.newDocDraft()}` }),
  },
  {
    route: 'POST /api/admin/docs/generate-update',
    expect: superAdminsOnly,
    request: async (s) => ({
      path: '/api/admin/docs/generate-update',
      body: { change: await s.newDocChange(), docPath: '/docs/chat' },
    }),
  },
  { route: 'GET /api/admin/docs/updates', expect: superAdminsOnly, request: get('/api/admin/docs/updates') },
  {
    route: 'POST /api/admin/docs/updates/process-automatic',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/docs/updates/process-automatic' }),
  },
  {
    route: 'POST /api/admin/docs/updates/:id/apply',
    expect: superAdminsOnly,
    request: async (s) => ({ path: `/api/admin/docs/updates/${await s.newDocUpdate()}/apply` }),
  },
  {
    route: 'POST /api/admin/docs/updates/:id/reject',
    expect: superAdminsOnly,
    request: async (s) => ({ path: `/api/admin/docs/updates/${await s.newDocUpdate()}/reject` }),
  },
  {
    route: 'POST /api/updates/whats-new/seen',
    expect: signedIn,
    request: () => ({ path: '/api/updates/whats-new/seen', body: { version: '1.0.0' } }),
  },
  { route: 'POST /api/updates/snooze', expect: admins, request: () => ({ path: '/api/updates/snooze', body: {} }) },
  {
    route: 'POST /api/updates/dismiss',
    expect: admins,
    request: () => ({ path: '/api/updates/dismiss', body: { version: '1.0.0' } }),
  },
  { route: 'POST /api/updates/check', expect: admins, request: () => ({ path: '/api/updates/check', body: {} }) },
  {
    // The deploy webhook is the fake GitHub's (set up below); the version asked for is the newest live one.
    route: 'POST /api/updates/upgrade',
    expect: admins,
    request: async (s) => ({ path: '/api/updates/upgrade', body: { version: await s.newLiveVersion() } }),
  },
  {
    route: 'GET /api/admin/update-settings',
    expect: superAdminsOnly,
    request: get('/api/admin/update-settings'),
  },
  {
    route: 'PUT /api/admin/update-settings',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/update-settings', body: { update_frequency: 'weekly' } }),
  },
  {
    route: 'DELETE /api/profile',
    expect: signedIn,
    request: async (s) => ({
      path: '/api/profile',
      body: { password: STRONG_PASSWORD },
      token: await s.disposableToken(),
    }),
  },
  { route: 'GET /api/preferences/update', expect: superAdminsOnly, request: get('/api/preferences/update') },
  {
    route: 'PUT /api/preferences/update',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/preferences/update', body: { update_frequency: 'weekly' } }),
  },

  { route: 'GET /api/conversations', expect: signedIn, request: get('/api/conversations') },
  // Every signed-in caller may search; results are their own (search.test.ts shows nobody else's are found).
  {
    route: 'GET /api/conversations/search',
    expect: signedIn,
    request: get('/api/conversations/search?q=hello'),
  },
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
  // Organise (issue 17): another user's conversation or folder reads as not found.
  {
    route: 'PATCH /api/conversations/:id/organize',
    expect: ownerOnly,
    request: async (s) => ({
      path: `/api/conversations/${(await s.newOwnedConversation()).id}/organize`,
      body: { pinned: true },
    }),
  },
  {
    route: 'POST /api/conversations/bulk',
    expect: ownerOnly,
    request: async (s) => ({
      path: '/api/conversations/bulk',
      body: { ids: [(await s.newOwnedConversation()).id], action: 'archive' },
    }),
  },
  { route: 'GET /api/chat-folders', expect: signedIn, request: get('/api/chat-folders') },
  {
    route: 'POST /api/chat-folders',
    expect: signedIn,
    request: () => ({ path: '/api/chat-folders', body: { name: 'authz' } }),
  },
  {
    route: 'PATCH /api/chat-folders/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/chat-folders/${await newOwnedFolder(s)}`, body: { name: 'renamed' } }),
  },
  {
    route: 'DELETE /api/chat-folders/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/chat-folders/${await newOwnedFolder(s)}` }),
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
    // Issue 17: re-attach to an answer being generated (204 when none is, which counts as allowed).
    route: 'GET /api/conversations/:id/live',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/conversations/${(await s.newOwnedConversation()).id}/live` }),
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
    // Issue 17 branching: show the branch through a message of one's own conversation.
    route: 'POST /api/conversations/:id/branch',
    expect: ownerOnly,
    request: async (s) => {
      const { id, userMessageId } = await s.newOwnedConversation();
      return { path: `/api/conversations/${id}/branch`, body: { message_id: userMessageId } };
    },
  },
  {
    // Issue 17 Compare: one message to two models side by side; pick one answer; stop one model's answer.
    route: 'POST /api/chat/compare',
    expect: signedIn,
    request: () => ({
      path: '/api/chat/compare',
      body: { content: 'authz', models: [{ model: MODEL }, { model: 'llava:13b' }] },
    }),
  },
  {
    route: 'POST /api/conversations/:id/compare/pick',
    expect: ownerOnly,
    request: async (s) => {
      const { id, answerId } = await s.newOwnedConversation();
      return { path: `/api/conversations/${id}/compare/pick`, body: { message_id: answerId } };
    },
  },
  {
    route: 'POST /api/conversations/:id/compare/stop',
    expect: ownerOnly,
    request: async (s) => ({
      path: `/api/conversations/${(await s.newOwnedConversation()).id}/compare/stop`,
      body: { model: MODEL },
    }),
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
  // Share links, export, import and temporary chat (issue 17).
  {
    route: 'POST /api/shares',
    expect: ownerOnly,
    request: async (s) => ({ path: '/api/shares', body: { conversation_id: (await s.newOwnedConversation()).id } }),
  },
  { route: 'GET /api/shares', expect: signedIn, request: get('/api/shares') },
  {
    route: 'DELETE /api/shares/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/shares/${(await newOwnedShare(s)).id}` }),
  },
  {
    route: 'GET /api/shared/:token',
    expect: signedIn,
    request: async (s) => ({ path: `/api/shared/${(await newOwnedShare(s)).token}` }),
  },
  {
    route: 'GET /api/conversations/:id/export',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/conversations/${(await s.newOwnedConversation()).id}/export?format=md` }),
  },
  {
    route: 'POST /api/conversations/import',
    expect: signedIn,
    request: () => ({ path: '/api/conversations/import', form: chatGptExport() }),
  },
  {
    route: 'POST /api/chat/temporary',
    expect: signedIn,
    request: () => ({
      path: '/api/chat/temporary',
      body: { model: MODEL, messages: [{ role: 'user', content: 'authz' }] },
    }),
  },
  { route: 'GET /api/prompts', expect: signedIn, request: get('/api/prompts') },
  {
    route: 'POST /api/prompts',
    expect: signedIn,
    request: () => ({ path: '/api/prompts', body: { title: 'authz', content: 'Summarise {{topic}}' } }),
  },
  {
    // Shared prompts are readable in the organisation, but only the owner may change or delete them.
    route: 'PATCH /api/prompts/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/prompts/${await s.newOwnedPrompt()}`, body: { title: 'changed' } }),
  },
  {
    route: 'DELETE /api/prompts/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/prompts/${await s.newOwnedPrompt()}` }),
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
    route: 'GET /api/prompts/:id/groups',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/prompts/${await s.newOwnedPrompt()}/groups` }),
  },
  {
    route: 'PUT /api/prompts/:id/groups',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/prompts/${await s.newOwnedPrompt()}/groups`, body: { group_ids: [] } }),
  },
  // Presets (issue 17): shared ones are usable in the organisation, but only the owner changes or shares them.
  { route: 'GET /api/presets', expect: signedIn, request: get('/api/presets') },
  {
    route: 'POST /api/presets',
    expect: signedIn,
    request: () => ({ path: '/api/presets', body: { name: 'authz', settings: { temperature: 0.5 } } }),
  },
  {
    route: 'PATCH /api/presets/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/presets/${await newOwnedPreset(s)}`, body: { name: 'changed' } }),
  },
  {
    route: 'DELETE /api/presets/:id',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/presets/${await newOwnedPreset(s)}` }),
  },
  {
    route: 'GET /api/presets/:id/groups',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/presets/${await newOwnedPreset(s)}/groups` }),
  },
  {
    route: 'PUT /api/presets/:id/groups',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/presets/${await newOwnedPreset(s)}/groups`, body: { group_ids: [] } }),
  },
  // A chat's own settings (issue 17): another user's chat reads as not found.
  {
    route: 'GET /api/conversations/:id/settings',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/conversations/${(await s.newOwnedConversation()).id}/settings` }),
  },
  {
    route: 'PUT /api/conversations/:id/settings',
    expect: ownerOnly,
    request: async (s) => ({
      path: `/api/conversations/${(await s.newOwnedConversation()).id}/settings`,
      body: { settings: { temperature: 0.7 } },
    }),
  },
  {
    route: 'GET /api/knowledge/collections/:id/shares',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/collections/${await s.newOwnedCollection()}/shares` }),
  },
  {
    route: 'PUT /api/knowledge/collections/:id/shares',
    expect: ownerOnly,
    request: async (s) => ({
      path: `/api/knowledge/collections/${await s.newOwnedCollection()}/shares`,
      body: { shares: [] },
    }),
  },
  {
    route: 'GET /api/knowledge/collections/:id/documents',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/collections/${await s.newOwnedCollection()}/documents` }),
  },
  {
    route: 'GET /api/knowledge/collections/:id/quality-reports',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/collections/${await s.newOwnedCollection()}/quality-reports` }),
  },
  {
    route: 'POST /api/knowledge/collections/:id/quality-reports',
    expect: ownerOnly,
    request: async (s) => ({
      path: `/api/knowledge/collections/${await s.newOwnedCollection()}/quality-reports`,
      body: {},
    }),
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
    route: 'POST /api/knowledge/documents/:id/retry',
    expect: ownerOnly,
    request: async (s) => ({ path: `/api/knowledge/documents/${await s.newOwnedFailedDocument()}/retry`, body: {} }),
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
    route: 'POST /api/documents/analyze',
    expect: signedIn,
    request: () => ({ path: '/api/documents/analyze', body: { content: 'Authz text.', analysis_type: 'summary' } }),
  },
  {
    route: 'POST /api/knowledge/scrape',
    expect: ownerOnly,
    request: async (s) => ({
      path: '/api/knowledge/scrape',
      body: { url: `${s.siteUrl}/`, collectionId: await s.newOwnedCollection(), respectRobots: false },
    }),
  },
  { route: 'GET /api/admin/settings/network', expect: admins, request: get('/api/admin/settings/network') },
  { route: 'GET /api/admin/web-search', expect: admins, request: get('/api/admin/web-search') },
  {
    route: 'PUT /api/admin/web-search',
    expect: superAdminsOnly,
    request: () => ({
      path: '/api/admin/web-search',
      method: 'PUT',
      body: { enabled: false, provider: 'searxng', base_url: null },
    }),
  },
  {
    route: 'POST /api/admin/web-search/test',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/web-search/test', body: { query: 'authz' } }),
  },
  { route: 'GET /api/web-search/status', expect: signedIn, request: get('/api/web-search/status') },
  { route: 'GET /api/admin/egress', expect: superAdminsOnly, request: get('/api/admin/egress') },
  { route: 'GET /api/admin/backups', expect: superAdminsOnly, request: get('/api/admin/backups') },
  {
    route: 'PUT /api/admin/backups/settings',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/backups/settings', body: { keep: 3 } }),
  },
  {
    route: 'POST /api/admin/backups/run',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/backups/run', body: {} }),
  },
  {
    route: 'PUT /api/admin/settings/network',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/settings/network', body: { allowed_hosts: ['127.0.0.1'] } }),
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
  { route: 'GET /api/knowledge/embedding', expect: signedIn, request: get('/api/knowledge/embedding') },
  {
    route: 'PUT /api/knowledge/embedding',
    expect: admins,
    request: () => ({ path: '/api/knowledge/embedding', body: { model: null } }),
  },
  {
    route: 'POST /api/knowledge/advanced-search',
    expect: signedIn,
    request: () => ({ path: '/api/knowledge/advanced-search', body: { query: 'authz' } }),
  },
  {
    route: 'POST /api/knowledge/suggest-collections',
    expect: signedIn,
    request: () => ({ path: '/api/knowledge/suggest-collections', body: { message: 'authz suggestions please' } }),
  },
  { route: 'GET /v1/models', expect: signedIn, request: get('/v1/models') },
  {
    route: 'POST /v1/audio/transcriptions',
    expect: signedIn,
    request: () => ({ path: '/v1/audio/transcriptions', form: audioFile() }),
  },
  { route: 'GET /api/audio/status', expect: signedIn, request: get('/api/audio/status') },
  {
    route: 'POST /api/audio/transcriptions',
    expect: signedIn,
    request: () => ({ path: '/api/audio/transcriptions', form: audioFile() }),
  },
  {
    route: 'POST /api/audio/speech',
    expect: signedIn,
    request: () => ({ path: '/api/audio/speech', body: { input: 'Read me.' } }),
  },
  { route: 'GET /api/admin/settings/speech', expect: superAdminsOnly, request: get('/api/admin/settings/speech') },
  // Left out is unchanged: the row keeps the fake runtime configured for the rows above.
  {
    route: 'PUT /api/admin/settings/speech',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/settings/speech', body: {} }),
  },
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
  { route: 'GET /api/setup/status', expect: everyone, request: get('/api/setup/status') },
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
  { route: 'GET /api/admin/mcp-servers', expect: admins, request: get('/api/admin/mcp-servers') },
  {
    route: 'POST /api/admin/mcp-servers',
    expect: admins,
    request: (s) => ({ path: '/api/admin/mcp-servers', body: { name: 'Authz', transport: 'http', url: s.mcpUrl } }),
  },
  {
    route: 'PUT /api/admin/mcp-servers/:id',
    expect: admins,
    request: async (s) => ({
      path: `/api/admin/mcp-servers/${await s.newMcpServer()}`,
      body: { name: 'Authz renamed', transport: 'http', url: s.mcpUrl },
    }),
  },
  {
    route: 'DELETE /api/admin/mcp-servers/:id',
    expect: admins,
    request: async (s) => ({ path: `/api/admin/mcp-servers/${await s.newMcpServer()}` }),
  },
  {
    route: 'POST /api/admin/mcp-servers/:id/refresh',
    expect: admins,
    request: async (s) => ({ path: `/api/admin/mcp-servers/${await s.newMcpServer()}/refresh`, body: {} }),
  },
  {
    route: 'PATCH /api/admin/mcp-servers/:id/tools/:tool',
    expect: admins,
    request: async (s) => {
      const id = await s.newMcpServer();
      const token = s.accounts.superAdmin.token;
      const refreshed = await s.setupClient.request(`/api/admin/mcp-servers/${id}/refresh`, { token, body: {} });
      if (refreshed.status !== 200) throw new Error(`setup: MCP refresh failed (${refreshed.status})`);
      return { path: `/api/admin/mcp-servers/${id}/tools/add`, body: { approval: 'auto' } };
    },
  },
  { route: 'GET /api/tools', expect: signedIn, request: get('/api/tools') },
  { route: 'GET /api/tools/builtin', expect: signedIn, request: get('/api/tools/builtin') },
  {
    route: 'PUT /api/admin/tools/builtin/:name',
    expect: superAdminsOnly,
    request: () => ({ path: '/api/admin/tools/builtin/current_datetime', body: { enabled: true, approval: 'auto' } }),
  },
  {
    // Scoped by the caller in the repository: nobody decides a call that is not their own waiting one.
    route: 'POST /api/conversations/:id/tool-calls/:callId/decision',
    expect: signedIn,
    request: async (s) => ({
      path: `/api/conversations/${(await s.newOwnedConversation()).id}/tool-calls/${randomUUID()}/decision`,
      body: { approve: true },
    }),
  },
  { route: 'GET /api/mcp/servers', expect: signedIn, request: get('/api/mcp/servers') },
  {
    route: 'PUT /api/mcp/servers/:id/credential',
    expect: signedIn,
    request: async (s) => ({
      path: `/api/mcp/servers/${await s.newMcpServer('key')}/credential`,
      body: { key: 'authz-key' },
    }),
  },
  {
    route: 'DELETE /api/mcp/servers/:id/credential',
    expect: signedIn,
    request: async (s) => ({ path: `/api/mcp/servers/${await s.newMcpServer('key')}/credential` }),
  },
  {
    route: 'POST /api/mcp/servers/:id/oauth/start',
    expect: signedIn,
    request: async (s) => ({ path: `/api/mcp/servers/${await s.newMcpServer('oauth')}/oauth/start`, body: {} }),
  },
  // Without the flow cookie the callback sends the browser to Workspace → Tools with an error (the web app).
  {
    route: 'GET /api/mcp/oauth/callback',
    expect: signedIn,
    request: () => ({ path: '/api/mcp/oauth/callback?code=c&state=s', redirect: true }),
  },
  { route: 'GET /api/models/grants', expect: admins, request: get('/api/models/grants') },
  {
    route: 'PUT /api/models/grants',
    expect: superAdminsOnly,
    // "Everyone" for a model no other row uses, so the table's model stays visible to every caller.
    request: () => ({
      path: '/api/models/grants',
      method: 'PUT',
      body: { kind: 'model', subject: 'authz-grant:1b', group_ids: [] },
    }),
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

/** Where the table runs: the server(s) its requests go to, their database, and the routes they answer. */
interface Target {
  /** Setup: the accounts, roles and settings, and the fixtures the Scenario makes. */
  setup: HttpClient;
  /** Every request the table checks. */
  checked: HttpClient;
  /** The same database, for the fixtures the API cannot make. */
  db: DbHandle;
  /** Read from the server's own route tree. */
  routes: string[];
  close(): Promise<void>;
}

/** Starts a target whose servers have `env` added (the fake model runtime and the table's switches). */
type StartTarget = (env: Record<string, string>) => Promise<Target>;

/** The table against one target: setup through `target.setup`, every checked request through `target.checked`. */
function authorizationSuite(startTarget: StartTarget): void {
  let target: Target;
  /** Where setup goes: the accounts and the Scenario's fixtures. */
  let server: HttpClient;
  let ollama: FakeOllama;
  let site: FakeSite;
  let github: FakeGithub;
  let mcpHttp: FakeMcpHttp;
  let mcpOAuth: FakeMcpOAuth;
  let speech: FakeSpeech;
  let docsTargets: DocsMaintenanceTargets | undefined;
  const docs = () =>
    (docsTargets ??= new DocsMaintenanceTargets(server, () => accounts.superAdmin.token, ollama.knobs));
  let accounts: Record<Account, TestUser>;
  let emails = 0;
  let versions = 0;
  /** Version numbers no other row uses. */
  const nextVersion = () => `7000.${(versions += 1)}.${Math.floor(Math.random() * 1e6)}`;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    mailCatcher = await startFakeSmtp();
    target = await startTarget({
      SMTP_URL: mailCatcher.url,
      MAIL_FROM: 'Hearth <hearth@example.test>',
      OLLAMA_BASE_URL: ollama.url,
      BUILTIN_RUNTIME: 'false',
      ALLOW_PRIVATE_DOWNLOADS: 'true',
      MODEL_LIST_CACHE_MS: '600000',
    });
    server = target.setup;
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
    await moveToNewOrganization(target.db, otherOrgAdmin.id);
    accounts = { user, otherUser, moderator, otherOrgAdmin, admin, superAdmin };
    site = await startFakeSite({ '/': { body: htmlPage('Authz page', 'A page to scrape.') } });
    mcpHttp = await startFakeMcpHttp();
    mcpOAuth = await startFakeMcpOAuth();
    await server.request('/api/admin/settings/network', {
      method: 'PUT',
      token: superAdmin.token,
      body: { allowed_hosts: ['127.0.0.1'] },
    });
    github = await startFakeGithub();
    const integration = await server.request('/api/admin/integrations/github', {
      method: 'PUT',
      token: superAdmin.token,
      body: { owner: github.owner, repo: github.repo, token: github.token, api_base_url: github.apiBaseUrl },
    });
    if (integration.status !== 200) throw new Error(`setup: GitHub integration failed (${integration.status})`);
    const updateSettings = await server.request('/api/admin/update-settings', {
      method: 'PUT',
      token: superAdmin.token,
      body: { deploy_webhook_url: github.webhookUrl },
    });
    if (updateSettings.status !== 200) throw new Error(`setup: update settings failed (${updateSettings.status})`);
    // Voice (issue 20): a fake speech runtime on loopback, so signed-in callers' audio requests succeed.
    speech = await startFakeSpeech();
    const speechSettings = await server.request('/api/admin/settings/speech', {
      method: 'PUT',
      token: superAdmin.token,
      body: { transcription_url: speech.url, speech_url: speech.url },
    });
    if (speechSettings.status !== 200) throw new Error(`setup: speech settings failed (${speechSettings.status})`);
  }, 180_000);
  afterAll(async () => {
    await target?.close();
    await mailCatcher.close();
    await github.close();
    await speech?.close();
    await ollama.close();
    await site.close();
    await mcpHttp?.close();
    await mcpOAuth?.close();
    docsTargets?.close();
  });

  function scenarioFor(caller: Caller): Scenario {
    const uniqueEmail = () => `authz-${(emails += 1)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
    return {
      caller,
      token: caller === 'anonymous' ? undefined : accounts[caller].token,
      accounts,
      uniqueEmail,
      newDocChange: () => docs().newChange(),
      newDocUpdate: () => docs().newUpdate(),
      newDocDraft: () => docs().newDraft(),
      async docRevision(path) {
        const page = await server.request<{ revision: number }>(`/api/admin/docs/page?path=${path}`, {
          token: accounts.superAdmin.token,
        });
        if (page.status !== 200) throw new Error(`setup: reading ${path} failed (${page.status})`);
        return page.body.revision;
      },
      async newMember() {
        const body = { email: uniqueEmail(), password: STRONG_PASSWORD };
        const response = await server.request<AdminUser>('/api/admin/users', {
          token: accounts.superAdmin.token,
          body,
        });
        if (response.status !== 201) throw new Error(`setup: member creation failed (${response.status})`);
        return response.body;
      },
      async newPendingMember() {
        const { id } = await this.newMember();
        // Test setup only: the test servers sign up in open mode, so the waiting state is made directly.
        await kyselyOf(target.db)
          .insertInto('signup_approvals')
          .values({ user_id: id, requested_at: new Date().toISOString() })
          .execute();
        return id;
      },
      async newInvitation() {
        const response = await server.request<InvitationCreated>('/api/admin/invitations', {
          token: accounts.superAdmin.token,
          body: { role: 'user' },
        });
        if (response.status !== 201) throw new Error(`setup: invitation failed (${response.status})`);
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
        const [question, answer] = messages.body.messages;
        return { id, userMessageId: question?.id ?? '', answerId: answer?.id ?? '' };
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
      async newLiveVersion() {
        const version = nextVersion();
        await insertVersion(target.db, version);
        return version;
      },
      uniqueVersion: nextVersion,
      async newVersion(status) {
        const token = accounts.superAdmin.token;
        const created = await server.request<{ id: string }>('/api/admin/versions', {
          token,
          body: { version: nextVersion(), deployment_status: status === 'draft' ? 'draft' : 'staged' },
        });
        if (created.status !== 201) throw new Error(`setup: version creation failed (${created.status})`);
        if (status !== 'github-live') return created.body.id;
        const deployed = await server.request(`/api/admin/versions/${created.body.id}/deploy`, { token, body: {} });
        if (deployed.status !== 200) throw new Error(`setup: GitHub deploy failed (${deployed.status})`);
        return created.body.id;
      },
      get githubApiUrl() {
        return github.apiBaseUrl;
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
      async newOwnedFailedDocument() {
        const collectionId = await this.newOwnedCollection();
        const form = new FormData();
        form.append('file', new Blob([' \n ']), 'authz-blank.txt');
        const response = await fetch(`${server.url}/api/knowledge/collections/${collectionId}/documents`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accounts.user.token}` },
          body: form,
        });
        if (response.status !== 202) throw new Error(`setup: document upload failed (${response.status})`);
        const { id } = (await response.json()) as { id: string };
        const deadline = Date.now() + 30_000;
        for (;;) {
          const document = await server.request<{ status: string }>(`/api/knowledge/documents/${id}`, {
            token: accounts.user.token,
          });
          if (document.body.status === 'failed') return id;
          if (Date.now() > deadline) throw new Error(`setup: blank document still ${document.body.status}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      async newOwnedPrompt() {
        const response = await server.request<{ id: string }>('/api/prompts', {
          token: accounts.user.token,
          body: { title: 'authz prompt', content: 'Hello {{name}}', shared: true },
        });
        if (response.status !== 201) throw new Error(`setup: prompt creation failed (${response.status})`);
        return response.body.id;
      },
      async newOrganization() {
        const response = await server.request<{ id: string }>('/api/admin/organizations', {
          token: accounts.superAdmin.token,
          body: { name: uniqueEmail() },
        });
        if (response.status !== 201) throw new Error(`setup: organisation creation failed (${response.status})`);
        return response.body.id;
      },
      async newGroup() {
        // The super admin's own organisation is the owner's (the default one).
        const response = await server.request<{ id: string }>('/api/admin/groups', {
          token: accounts.superAdmin.token,
          body: { name: uniqueEmail() },
        });
        if (response.status !== 201) throw new Error(`setup: group creation failed (${response.status})`);
        const memberId = (await this.newMember()).id;
        const added = await server.request(`/api/admin/groups/${response.body.id}/members`, {
          token: accounts.superAdmin.token,
          body: { user_id: memberId },
        });
        if (added.status !== 200) throw new Error(`setup: adding a group member failed (${added.status})`);
        return { id: response.body.id, memberId };
      },
      fakeRuntimeUrl: ollama.url,
      siteUrl: site.url,
      async newProvider() {
        const response = await server.request<{ id: string }>('/api/models/providers', {
          token: accounts.superAdmin.token,
          body: { kind: 'ollama', name: 'Target', base_url: ollama.url },
        });
        if (response.status !== 201) throw new Error(`setup: provider creation failed (${response.status})`);
        return response.body.id;
      },
      get mcpUrl() {
        return mcpHttp.url;
      },
      async newMcpServer(userAuth?: 'key' | 'oauth') {
        const response = await server.request<{ id: string }>('/api/admin/mcp-servers', {
          token: accounts.superAdmin.token,
          body: {
            name: 'Authz MCP',
            transport: 'http',
            url: userAuth === 'oauth' ? mcpOAuth.url : mcpHttp.url,
            user_credential: userAuth === 'key' ? { name: 'x-api-key', template: '{key}' } : null,
            user_oauth: userAuth === 'oauth',
          },
        });
        if (response.status !== 201) throw new Error(`setup: MCP server creation failed (${response.status})`);
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
      async disposableToken() {
        return caller === 'anonymous' ? undefined : (await login(server, (await this.newMember()).email)).token;
      },
      freshToken: async () =>
        caller === 'anonymous' ? undefined : (await login(server, accounts[caller].email)).token,
      setupClient: server,
    };
  }

  /** An event stream: its status, and its JSON body when it is refused. */
  async function streamOutcome(path: string, token: string | undefined) {
    const stream = await openSse(target.checked.url + path, { token });
    if (stream.status >= 200 && stream.status < 300) {
      stream.close();
      return { status: stream.status, body: {} as ErrorShape };
    }
    await stream.ended;
    return { status: stream.status, body: JSON.parse(stream.text()) as ErrorShape };
  }

  /** A browser redirect's status (3xx read as 200), not followed; an error body as JSON. */
  async function redirectOutcome(path: string, token: string | undefined) {
    const raw = await fetch(target.checked.url + path, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      redirect: 'manual',
    });
    if (raw.status >= 300 && raw.status < 400) return { status: 200, body: {} as ErrorShape };
    return { status: raw.status, body: (await raw.json()) as ErrorShape };
  }

  /** What a caller actually got, in the table's terms; an unexpected code shows up as 'status code'. */
  async function outcomeFor(rule: RouteRule, caller: Caller): Promise<Outcome | string> {
    const scenario = scenarioFor(caller);
    const built = await rule.request(scenario);
    const method = rule.route.split(' ')[0];
    const token = 'token' in built ? built.token : scenario.token;
    const response = built.stream
      ? await streamOutcome(built.path, token)
      : built.redirect
        ? await redirectOutcome(built.path, token)
        : built.form
          ? await fetch(target.checked.url + built.path, {
              method,
              headers: token ? { authorization: `Bearer ${token}` } : {},
              body: built.form,
            }).then(async (raw) => ({ status: raw.status, body: (await raw.json()) as ErrorShape }))
          : await target.checked.request<ErrorShape>(built.path, { method, body: built.body, token });
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
    const served = target.routes;
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
      const me = await target.checked.request<{ role: string }>('/api/auth/me', { token: account.token });
      expect(me.status, caller).toBe(200);
      expect(me.body.role, caller).toBe(roles[caller as Account]);
    }
  });

  it('made no connection that left the machine (zero egress, issue 19)', async () => {
    // Every route above ran, as every caller, with its fakes on loopback; the server's socket-level recorder
    // saw each connection it opened, so anything that reached out to the internet is listed under `other`.
    const report = await target.checked.request<EgressReport>('/api/admin/egress', {
      token: accounts.superAdmin.token,
    });
    expect(report.status).toBe(200);
    expect(report.body.other).toEqual([]);
    expect(report.body.destinations.filter((destination) => !destination.loopback)).toEqual([]);
    expect(report.body.destinations.some((destination) => destination.connections > 0)).toBe(true);
  });
}

/** One in-process server (SQLite, or the postgres project's database) answers setup and checks alike. */
const inProcess: StartTarget = async (env) => {
  const server = await startTestServer(env);
  return {
    setup: server,
    checked: server,
    db: server,
    routes: listRoutes(server.app.server),
    close: () => server.close(),
  };
};

/**
 * Two replica processes on one PostgreSQL database and one S3 bucket (issue 8). Setup goes to A and every
 * checked request to B, so every row shows that what A wrote (sessions, roles, settings, owned rows, stored
 * files) is honoured by B; alternating rows would halve that and find nothing more, as both run the same build.
 */
const onTwoReplicas: StartTarget = async (env) => {
  const pair = await startReplicaPair(env);
  return { setup: pair.a, checked: pair.b, db: pair.db, routes: pair.routes, close: () => pair.close() };
};

describe(`authorisation: every route × every caller (${testDb})`, () => authorizationSuite(inProcess));

const replicasSkipped = replicaSkipReason(testDb);
describe.skipIf(replicasSkipped !== undefined)(
  `authorisation: every route × every caller on two replicas, PostgreSQL + S3${replicasSkipped ? ` (skipped: ${replicasSkipped})` : ''}`,
  () => authorizationSuite(onTwoReplicas),
);
