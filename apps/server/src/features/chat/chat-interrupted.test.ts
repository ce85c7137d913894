import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MessageList } from '@hearth/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/chat-helpers';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { freePort } from '../../../test/postgres-cluster';
import {
  createPostgresDatabase,
  createUser,
  httpClient,
  login,
  startTestServer,
  TEST_SETUP_CODE,
  type TestServer,
  testDb,
} from '../../../test/test-server';
import { createDb, type Db } from '../../db/database';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const MODEL = 'llama3:latest';

/** The server as its own process (run from source), so it can really be killed mid-answer. */
async function startServerProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    return (
      (await fetch(`${url}/health`).then(
        (response) => response.ok || undefined,
        () => undefined,
      )) ?? undefined
    );
  }, 90_000);
  return { url, child };
}

describe(`an answer cut off by a crash (${testDb})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-interrupted-'));
  let ollama: FakeOllama | undefined;
  let child: ChildProcess | undefined;
  let db: Db | undefined;
  let server: TestServer | undefined;
  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await server?.close();
    await db?.close();
    await ollama?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps what was written, and the restarted server marks it interrupted', async () => {
    const reply = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    ollama = await startFakeOllama({ reply, tokenDelayMs: 100 });
    const databaseUrl = testDb === 'postgres' ? await createPostgresDatabase() : undefined;
    const env = {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      OLLAMA_BASE_URL: ollama.url,
      BUILTIN_RUNTIME: 'false',
      MODEL_LIST_CACHE_MS: '600000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      AUTH_RATE_LIMIT_IP_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      // The first sign-up claims the instance: httpClient sends the tests' setup code.
      HEARTH_SETUP_CODE: TEST_SETUP_CODE,
    };
    const first = await startServerProcess(env);
    child = first.child;
    const user = await createUser(httpClient(first.url), 'crash');
    const response = await fetch(`${first.url}/api/chat/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, content: 'Tell me everything' }),
    });
    expect(response.status).toBe(200);
    const reading = response.text().catch(() => '');

    db = createDb(
      databaseUrl
        ? { dialect: 'postgres', url: databaseUrl }
        : { dialect: 'sqlite', file: path.join(dataDir, 'hearth.db') },
      2,
    );
    const kysely = db.kysely;
    const assistant = () =>
      kysely.selectFrom('chat_messages').selectAll().where('type', '=', 'assistant').executeTakeFirst();
    // Wait for a save after the first one, so the row holds more than the first word.
    const partial = await eventually(async () => {
      const row = await assistant();
      return row && row.content.split(' ').length > 5 ? row : undefined;
    }, 15_000);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    await reading;
    const left = await assistant();
    expect(left?.writer).not.toBeNull();
    expect(reply.startsWith(left?.content ?? '-')).toBe(true);
    expect(left?.content.length).toBeLessThan(reply.length);
    expect(left?.content.length).toBeGreaterThanOrEqual(partial.content.length);

    // The restart marks it at once, before anyone reads it.
    server = await startTestServer({ OLLAMA_BASE_URL: ollama.url, BUILTIN_RUNTIME: 'false' }, { dataDir, databaseUrl });
    const settled = await assistant();
    expect(settled?.writer).toBeNull();
    const owner = await login(server, user.email);
    const { body } = await server.request<MessageList>(`/api/conversations/${settled?.conversation_id}/messages`, {
      token: owner.token,
    });
    expect(body.messages.map((message) => message.type)).toEqual(['user', 'assistant']);
    expect(body.messages[1]).toMatchObject({
      id: left?.id,
      content: left?.content,
      metadata: { stopped: true, interrupted: true },
    });
  }, 180_000);
});
