import type { KnowledgeDocumentEvent } from '@hearth/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../test/fakes/fake-ollama';
import { type FakeS3, startFakeS3 } from '../test/fakes/fake-s3';
import { buildServerBundle, type ReplicaProcess, startReplica } from '../test/replica-process';
import { openSse } from '../test/sse-client';
import { createUser, STRONG_PASSWORD, startTestServer, testDb } from '../test/test-server';
import { INGEST_JOB } from './features/knowledge/knowledge.service';
import { seedConversation } from './features/privacy/privacy-test-helpers';

const SECRET = 'scale-out-test-secret-shared-by-every-replica-0123456789';

/**
 * Two Hearth processes on one PostgreSQL database and one S3-compatible bucket (issue 8's proof): any request
 * on any replica, events across them, each job once, a killed replica's job finished by the other, scheduled
 * work once, and users still kept apart.
 */
describe.skipIf(testDb !== 'postgres')('two replicas on PostgreSQL and S3 (separate processes)', () => {
  let s3: FakeS3;
  let ollama: FakeOllama;
  let a: ReplicaProcess;
  let b: ReplicaProcess;
  let db: pg.Client;
  let keenId: string;
  let token: string;
  let collectionId: string;

  const call = async <T>(replica: ReplicaProcess, route: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(replica.url + route, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const upload = async (replica: ReplicaProcess, name: string, text: string, as = token) => {
    const form = new FormData();
    form.append('file', new Blob([text]), name);
    const response = await fetch(`${replica.url}/api/knowledge/collections/${collectionId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as}` },
      body: form,
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { id: string }).id;
  };
  const until = async (check: () => Promise<boolean>, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const statuses = async (ids: string[]) =>
    (await db.query<{ status: string }>('select status from knowledge_documents where id = any($1)', [ids])).rows;
  const duplicateChunks = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          'select count(*) as n from (select document_id, ordinal from knowledge_chunks group by 1, 2 having count(*) > 1) d',
        )
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    buildServerBundle();
    s3 = await startFakeS3('hearth-scale');
    ollama = await startFakeOllama();
    // Seed the database with an in-process server: a user whose retention is due on their old conversation.
    const seed = await startTestServer({ SECRET });
    const keen = await createUser(seed, 'keen');
    keenId = keen.id;
    await seed.request('/api/privacy/settings', {
      method: 'PUT',
      token: keen.token,
      body: { data_retention_days: 30, auto_delete_enabled: true },
    });
    await seedConversation(seed, keen.id, {
      title: 'Old',
      updatedDaysAgo: 100,
      messages: [{ content: 'long ago', daysAgo: 100 }],
    });
    const databaseUrl = (seed as { databaseUrl?: string }).databaseUrl ?? '';
    await seed.close();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // The seeding server ran retention at its start (a scheduled job); make it due again for the replicas.
    await db.query("delete from jobs where type = 'privacy.retention'");

    const env = {
      SECRET,
      DATABASE_URL: databaseUrl,
      ...s3.env,
      OLLAMA_BASE_URL: ollama.url,
      BUILTIN_RUNTIME: 'false',
      JOB_LEASE_SECONDS: '2',
      AUTH_RATE_LIMIT_IP_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
    };
    [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.end();
    await ollama?.close();
    await s3?.close();
  });

  it('ran the due retention once, not once per replica', async () => {
    await until(async () => {
      const { rows } = await db.query('select id from chat_conversations where user_id = $1', [keenId]);
      return rows.length === 0;
    });
    const { rows } = await db.query("select id from audit_logs where action = 'RETENTION' and user_id = $1", [keenId]);
    expect(rows.length).toBe(1);
  });

  it('signs in on one replica and uses the token on the other', async () => {
    const email = `scale-${Date.now()}@example.test`;
    const post = (replica: ReplicaProcess, route: string) =>
      fetch(replica.url + route, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: STRONG_PASSWORD }),
      });
    expect((await post(b, '/api/auth/signup')).status).toBe(201);
    const login = (await (await post(a, '/api/auth/login')).json()) as { access_token: string };
    token = login.access_token;
    const me = await call<{ user: { email: string } }>(b, '/api/auth/me');
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(email);
    const collection = await call<{ id: string }>(b, '/api/knowledge/collections', {
      method: 'POST',
      json: { name: 'Shared' },
    });
    collectionId = collection.body.id;
  });

  it("shows an upload made on B in the user's event stream on A", async () => {
    const onA = await openSse(`${a.url}/api/events`, { token });
    try {
      const id = await upload(b, 'first.txt', 'Replicas share one database and one bucket.');
      await onA.waitFor((event) => {
        const data = event.data as KnowledgeDocumentEvent;
        return data.type === 'knowledge.document' && data.document.id === id && data.document.status === 'queued';
      }, 5000);
      await onA.waitFor((event) => {
        const data = event.data as KnowledgeDocumentEvent;
        return data.document?.id === id && data.document.status === 'ready';
      }, 30_000);
      // The file is in the bucket: the replica that did not take the upload serves it.
      const file = await fetch(`${a.url}/api/knowledge/documents/${id}/file`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await file.text()).toBe('Replicas share one database and one bucket.');
    } finally {
      onA.close();
    }
  });

  it('runs 50 ingestion jobs with both replicas working, each exactly once', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 50; index += 1) {
      ids.push(
        await upload(index % 2 ? a : b, `note-${index}.txt`, `Note ${index} about harbours and tides. `.repeat(40)),
      );
    }
    await until(async () => (await statuses(ids)).every((row) => row.status === 'ready'));
    const { rows } = await db.query<{ status: string; attempts: number; locked_by: string }>(
      "select status, attempts, locked_by from jobs where type = $1 and payload::jsonb->>'documentId' = any($2)",
      [INGEST_JOB, ids],
    );
    expect(rows.length).toBe(50);
    expect(rows.every((row) => row.status === 'done' && Number(row.attempts) === 1)).toBe(true);
    const byReplica = (pid: number) => rows.filter((row) => row.locked_by.includes(`:${pid}:`)).length;
    expect(byReplica(a.pid)).toBeGreaterThan(0);
    expect(byReplica(b.pid)).toBeGreaterThan(0);
    expect(byReplica(a.pid) + byReplica(b.pid)).toBe(50);
    expect(await duplicateChunks()).toBe(0);
  });

  it('finishes the job of a replica killed mid-job on the other, with no duplicate chunks', async () => {
    const big = 'Tidal charts list the height of water at each hour of the day along the coast. '.repeat(90_000);
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) ids.push(await upload(b, `big-${index}.txt`, `${index} ${big}`));
    // Wait until B holds one of them, then kill it without warning.
    let held = '';
    await until(async () => {
      const { rows } = await db.query<{ payload: string }>(
        "select payload from jobs where type = $1 and status = 'running' and locked_by like $2",
        [INGEST_JOB, `%:${b.pid}:%`],
      );
      held = rows[0] ? (JSON.parse(rows[0].payload) as { documentId: string }).documentId : '';
      return held !== '';
    }, 30_000);
    await b.crash();
    await until(async () => (await statuses(ids)).every((row) => row.status === 'ready'), 120_000);
    const { rows } = await db.query<{ attempts: number; locked_by: string }>(
      "select attempts, locked_by from jobs where type = $1 and payload::jsonb->>'documentId' = $2",
      [INGEST_JOB, held],
    );
    expect(Number(rows[0]?.attempts)).toBe(2);
    expect(rows[0]?.locked_by).toContain(`:${a.pid}:`);
    expect(await duplicateChunks()).toBe(0);
  });

  it("keeps users apart on the surviving replica: another user's document and search stay closed", async () => {
    const credentials = JSON.stringify({ email: `other-${Date.now()}@example.test`, password: STRONG_PASSWORD });
    const post = (route: string) =>
      fetch(a.url + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: credentials });
    expect((await post('/api/auth/signup')).status).toBe(201);
    const { access_token: otherToken } = (await (await post('/api/auth/login')).json()) as { access_token: string };
    const { rows } = await db.query<{ id: string }>(
      'select id from knowledge_documents where collection_id = $1 limit 1',
      [collectionId],
    );
    const documentId = rows[0]?.id ?? '';
    const asOther = (route: string, init: RequestInit = {}) =>
      fetch(a.url + route, {
        ...init,
        headers: { authorization: `Bearer ${otherToken}`, 'content-type': 'application/json' },
      });
    expect((await asOther(`/api/knowledge/documents/${documentId}`)).status).toBe(404);
    expect((await asOther(`/api/knowledge/documents/${documentId}/file`)).status).toBe(404);
    const search = await asOther('/api/knowledge/search-knowledge', {
      method: 'POST',
      body: JSON.stringify({ query: 'harbours tides', collectionIds: [collectionId] }),
    });
    expect(((await search.json()) as { results: unknown[] }).results).toEqual([]);
  });
});
