import type { AuditLogList, KnowledgeDocument } from '@hearth/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, login, startTestServer, type TestServer, testDb } from '../../../test/test-server';
import { crashedMessage } from './ingestion.service';
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

  it('gives up a document whose reading killed the server 3 times, and Retry reads it again', async () => {
    const env = { OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' };
    const first = await startTestServer(env);
    const user = await createUser(first, 'poison');
    await first.app.knowledge.queue.stop();
    const collection = await createCollection(first, user, 'Poison');
    const uploaded = await uploadDocument(
      first,
      user.token,
      collection.id,
      'tides.txt',
      'Spring tides follow the moon.',
    );
    // As the third crashed run leaves it: running, attempted 3 times, held by a server that is gone.
    await first.app.db.kysely
      .updateTable('jobs')
      .set({ status: 'running', attempts: 3, locked_until: new Date(Date.now() - 1000).toISOString() })
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
    const owner = await login(second, user.email);
    const failed = await waitForDocument(second, owner.token, uploaded.body.id);
    expect(failed).toMatchObject({ status: 'failed', error: crashedMessage(3) });
    expect(await chunkCount(second, failed.id)).toBe(0);
    const job = await second.app.db.kysely.selectFrom('jobs').select(['status', 'error']).executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');

    const retry = (id: string, token: string) =>
      second.request<KnowledgeDocument & { code?: string }>(`/api/knowledge/documents/${id}/retry`, {
        method: 'POST',
        token,
      });
    const stranger = await createUser(second, 'poison-other');
    expect((await retry(failed.id, stranger.token)).body.code).toBe('not_found');
    const retried = await retry(failed.id, owner.token);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id: failed.id, status: 'queued', error: null });
    const ready = await waitForDocument(second, owner.token, failed.id);
    expect(ready.status).toBe('ready');
    expect((await search(second, owner.token, 'spring tides'))[0]?.document_id).toBe(ready.id);
    // Only a failed document can be retried.
    const again = await retry(ready.id, owner.token);
    expect([again.status, again.body.code]).toEqual([409, 'conflict']);
    const log = await second.request<AuditLogList>('/api/audit-logs', { token: owner.token });
    const retries = log.body.entries.filter((entry) => entry.resource_id === ready.id && entry.action === 'UPDATE');
    expect(retries.map((entry) => entry.details)).toEqual([expect.objectContaining({ retry: true })]);
  });
});
