import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, startTestServer, type TestServer, type TestUser, testDb } from '../../test/test-server';
import { type CliIo, runCli } from './cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const NEW_PASSWORD = 'Command-line-Hearth-8';

/** A scripted terminal or pipe; what the command printed is kept. */
function fakeIo(options: { tty?: boolean; stdin?: string; typed?: string[] } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const typed = [...(options.typed ?? [])];
  const io: CliIo = {
    isTty: options.tty ?? false,
    readAll: () => Promise.resolve(options.stdin ?? ''),
    promptHidden: () => Promise.resolve(typed.shift() ?? ''),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  };
  return { io, out, err };
}

describe(`command line: account recovery (${testDb})`, () => {
  let server: TestServer & { databaseUrl?: string };
  let owner: TestUser;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'owner');
    env = { DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl, PUBLIC_URL: 'https://hearth.example.test' };
  });
  afterAll(() => server.close());

  const auditOf = (userId: string, action: string) =>
    server.app.db.kysely
      .selectFrom('audit_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('action', '=', action as 'UPDATE')
      .orderBy('created_at', 'desc')
      .execute();

  it('reset-password reads the new password from a pipe, ends sessions, and is audited as cli', async () => {
    const run = fakeIo({ stdin: `${NEW_PASSWORD}\n` });
    expect(await runCli(['reset-password', owner.email], env, run.io)).toBe(0);
    expect(run.out.join('\n')).toContain('was changed');
    expect((await server.request('/api/auth/me', { token: owner.token })).status).toBe(401);
    owner = await login(server, owner.email, NEW_PASSWORD);
    const [entry] = await auditOf(owner.id, 'UPDATE');
    expect(entry).toMatchObject({ actor_id: null, actor_email: 'cli', resource_type: 'password' });
  });

  it('reset-password prompts twice on a terminal and refuses a mismatch or a weak password', async () => {
    const mismatch = fakeIo({ tty: true, typed: ['Typed-once-Hearth-1', 'Typed-twice-Hearth-2'] });
    expect(await runCli(['reset-password', owner.email], env, mismatch.io)).toBe(1);
    expect(mismatch.err.join('\n')).toContain('do not match');
    const weak = fakeIo({ tty: true, typed: ['short', 'short'] });
    expect(await runCli(['reset-password', owner.email], env, weak.io)).toBe(1);
    await login(server, owner.email, NEW_PASSWORD);
  });

  it('reset-password --print-link prints a one-time link to PUBLIC_URL', async () => {
    const run = fakeIo();
    expect(await runCli(['reset-password', owner.email, '--print-link'], env, run.io)).toBe(0);
    const url = run.out.find((line) => line.startsWith('https://'));
    expect(url).toMatch(/^https:\/\/hearth\.example\.test\/reset-password#token=/);
    const token = decodeURIComponent(new URL(url ?? '').hash.replace('#token=', ''));
    const reset = await server.request('/api/auth/reset-password', {
      body: { token, new_password: 'Linked-reset-Hearth-3' },
    });
    expect(reset.status).toBe(200);
    owner = await login(server, owner.email, 'Linked-reset-Hearth-3');
  });

  it('promote gives any role, super_admin included, audited; unknown accounts and roles are refused', async () => {
    const user = await createUser(server, 'promoted');
    const run = fakeIo();
    expect(await runCli(['promote', user.email, 'super_admin'], env, run.io)).toBe(0);
    expect(run.out.join('\n')).toContain('is now super_admin (was user)');
    expect((await login(server, user.email)).role).toBe('super_admin');
    const [entry] = await auditOf(user.id, 'ROLE_CHANGE');
    expect(entry).toMatchObject({ actor_email: 'cli' });

    const unknown = fakeIo();
    expect(await runCli(['promote', 'nobody@example.test', 'admin'], env, unknown.io)).toBe(1);
    expect(unknown.err.join('\n')).toContain('No account has the address nobody@example.test');
    expect(await runCli(['promote', user.email, 'emperor'], env, fakeIo().io)).toBe(2);
    expect(await runCli([], env, fakeIo().io)).toBe(2);
  });

  it('runs as `npm run hearth` with the settings from the environment', async () => {
    const user = await createUser(server, 'npm');
    const child = spawn('npm', ['run', '--silent', 'hearth', '--', 'reset-password', user.email], {
      cwd: root,
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.end(`${NEW_PASSWORD}\n`);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(output).toContain('was changed');
    expect(code).toBe(0);
    await login(server, user.email, NEW_PASSWORD);
  }, 60_000);
});
