import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesFrom } from '../../test/helpers';
import {
  createPostgresDatabase,
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  testDb,
} from '../../test/test-server';
import { migrations } from './migrations';

const MIGRATION_NAMES = Object.keys(migrations).sort();

async function migrationRows(server: TestServer): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    server.app.db.kysely,
  );
  return result.rows.map((row) => row.name);
}

describe(`migrations (${testDb})`, () => {
  const dirs: string[] = [];
  const servers: TestServer[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hearth-migrate-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('a restart on the same data migrates nothing new and keeps accounts, sessions and the CSRF secret', async () => {
    const reuse = {
      dataDir: newDataDir(),
      databaseUrl: testDb === 'postgres' ? await createPostgresDatabase() : undefined,
    };
    const first = await startTestServer({}, reuse);
    servers.push(first);
    const owner = await createUser(first, 'restart');
    const signIn = await first.request('/api/auth/login', { body: { email: owner.email, password: STRONG_PASSWORD } });
    const cookies = cookiesFrom(signIn.headers);
    await first.close();
    servers.length = 0;

    const second = await startTestServer({}, reuse);
    servers.push(second);
    expect(await migrationRows(second)).toEqual(MIGRATION_NAMES);
    expect((await second.request('/api/auth/me', { token: owner.token })).body).toMatchObject({
      id: owner.id,
      role: 'super_admin',
    });
    // The CSRF token is derived from the secret kept in DATA_DIR, so a browser tab survives the restart.
    const write = await second.request('/api/profile', {
      method: 'PATCH',
      headers: { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.hearth_csrf?.value ?? '' },
      body: { full_name: 'Still here' },
    });
    expect(write.status).toBe(200);
    await login(second, owner.email);
    // The first account's claim on super_admin survives too: a new sign-up is a plain user.
    expect((await createUser(second, 'after-restart')).role).toBe('user');
  });

  describe.runIf(testDb === 'postgres')('replicas starting together', () => {
    it('both start, the migrations run once, and they share accounts', async () => {
      const databaseUrl = await createPostgresDatabase();
      const started = await Promise.all([
        startTestServer({}, { dataDir: newDataDir(), databaseUrl }),
        startTestServer({}, { dataDir: newDataDir(), databaseUrl }),
        startTestServer({}, { dataDir: newDataDir(), databaseUrl }),
      ]);
      servers.push(...started);
      const [a, b] = started;
      if (!a || !b) throw new Error('servers did not start');
      expect(await migrationRows(a)).toEqual(MIGRATION_NAMES);
      const organizations = await a.app.db.kysely.selectFrom('organizations').select('id').execute();
      expect(organizations).toHaveLength(1);

      for (const server of started) expect((await server.request('/health')).status).toBe(200);
      const user = await createUser(a, 'replica');
      expect((await b.request('/api/auth/me', { token: user.token })).body).toMatchObject({ id: user.id });
    });
  });
});
