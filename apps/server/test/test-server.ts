import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type AppOverrides, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/schema';

export type TestDb = 'sqlite' | 'postgres';
export const testDb: TestDb = process.env.HEARTH_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface Response<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** Requests to one Hearth server over HTTP: an in-process test server or a replica process. */
export interface HttpClient {
  url: string;
  request<T = Record<string, unknown>>(urlPath: string, options?: RequestOptions): Promise<Response<T>>;
}

export interface TestServer extends HttpClient {
  app: App;
  dataDir: string;
  close(): Promise<void>;
}

/** Direct database access for fixtures the API cannot make: a test server's, or a Kysely on the same database. */
export type DbHandle = Pick<TestServer, 'app'> | Kysely<Database>;

export const kyselyOf = (handle: DbHandle): Kysely<Database> => ('app' in handle ? handle.app.db.kysely : handle);

/**
 * Every test server (and replica) starts with this first-account setup code (HEARTH_SETUP_CODE), and every sign-up
 * sent through httpClient carries it unless the body names `setup_code` itself (`setup_code: undefined` sends none).
 */
export const TEST_SETUP_CODE = 'TEST-SETUP-CODE';

const withSetupCode = (urlPath: string, body: unknown): unknown =>
  urlPath === '/api/auth/signup' && body !== null && typeof body === 'object' && !('setup_code' in body)
    ? { ...body, setup_code: TEST_SETUP_CODE }
    : body;

/** JSON requests to the server at `url` (a bearer token when given; the body parsed when it is JSON). */
export function httpClient(url: string): HttpClient {
  return {
    url,
    async request<T>(urlPath: string, options: RequestOptions = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const sent = withSetupCode(urlPath, options.body);
      const response = await fetch(url + urlPath, {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        body: sent === undefined ? undefined : JSON.stringify(sent),
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      return { status: response.status, body: body as T, headers: response.headers };
    },
  };
}

/** A fresh database on the shared throwaway cluster: each test file gets its own. */
export async function createPostgresDatabase(
  /** Copy this database (`inject('pgTemplate')`: every migration applied); an empty database without it. */
  template?: string,
): Promise<string> {
  const adminUrl = inject('pgUrl');
  const name = `hearth_test_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await client.end();
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/** Starts the real server (real database, real HTTP on loopback). */
export async function startTestServer(
  /** An undefined value unsets a test default (e.g. SIGNUP_MODE, to test the real default). */
  env: Record<string, string | undefined> = {},
  reuse?: { dataDir: string; databaseUrl?: string },
  /** E.g. a log stream, for tests that read the log lines (with LOG_LEVEL in `env`). */
  overrides: AppOverrides = {},
) {
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'hearth-test-'));
  const databaseUrl =
    reuse?.databaseUrl ?? (testDb === 'postgres' ? await createPostgresDatabase(inject('pgTemplate')) : undefined);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_IP_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    HEARTH_SETUP_CODE: TEST_SETUP_CODE,
    // Tests sign up many accounts freely; the approval default has its own tests (features/admin/signup-*.test.ts).
    SIGNUP_MODE: 'open',
    // Fake runtimes answer every request alike, so an automatic title would be their reply; its tests turn it on.
    CHAT_AUTO_TITLE: 'false',
    ...env,
  });
  const app = await buildApp(config, { logger: overrides.logStream !== undefined, ...overrides });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const server: TestServer & { databaseUrl?: string } = {
    ...httpClient(url),
    app,
    dataDir,
    databaseUrl,
    async close() {
      await app.close();
      if (!reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export const STRONG_PASSWORD = 'Hearth-test-9';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  role: string;
}

let counter = 0;

/** Signs up and signs in a fresh account; returns its id and bearer token. */
export async function createUser(server: HttpClient, prefix = 'user'): Promise<TestUser> {
  counter += 1;
  const email = `${prefix}${counter}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const signup = await server.request<{ user: { id: string; role: string } }>('/api/auth/signup', {
    body: { email, password: STRONG_PASSWORD },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  return { ...(await login(server, email)), email };
}

export async function login(server: HttpClient, email: string, password = STRONG_PASSWORD): Promise<TestUser> {
  const response = await server.request<{ access_token: string; user: { id: string; role: string } }>(
    '/api/auth/login',
    {
      body: { email, password },
    },
  );
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { id: response.body.user.id, email, token: response.body.access_token, role: response.body.user.role };
}
