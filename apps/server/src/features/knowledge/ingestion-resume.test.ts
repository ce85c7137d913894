import { afterAll, describe, expect, it } from 'vitest';
import { createUser, login, startTestServer, type TestServer, testDb } from '../../../test/test-server';
import { chunkCount, createCollection, search, uploadDocument, waitForDocument } from './knowledge-test-helpers';

describe(`ingestion survives a dead server (${testDb})`, () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close().catch(() => undefined);
  });

  it('re-runs a job left running with an expired lease when the server starts again', async () => {
    const env = { OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' };
    const first = await startTestServer(env);
    const user = await createUser(first, 'resume');
    // The worker is stopped, so the job stays queued; then it is made to look like a crashed run.
    await first.app.knowledge.queue.stop();
    const collection = await createCollection(first, user, 'Resume');
    const uploaded = await uploadDocument(
      first,
      user.token,
      collection.id,
      'orbit.txt',
      'Kepler described elliptical orbits.',
    );
    expect(uploaded.status).toBe(202);
    await first.app.db.kysely
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_until: new Date(Date.now() - 60_000).toISOString() })
      .execute();
    await first.app.db.kysely
      .updateTable('knowledge_documents')
      .set({ status: 'processing', progress: 0.1 })
      .where('id', '=', uploaded.body.id)
      .execute();
    const reuse = { dataDir: first.dataDir, databaseUrl: (first as TestServer & { databaseUrl?: string }).databaseUrl };
    await first.app.close();

    const second = await startTestServer(env, reuse);
    servers.push(second);
    const again = await login(second, user.email);
    const ready = await waitForDocument(second, again.token, uploaded.body.id);
    expect(ready.status).toBe('ready');
    expect(await chunkCount(second, ready.id)).toBeGreaterThan(0);
    expect((await search(second, again.token, 'elliptical orbits'))[0]?.document_id).toBe(ready.id);
    const job = await second.app.db.kysely.selectFrom('jobs').select(['status', 'attempts']).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'done', attempts: 2 });
  });
});
