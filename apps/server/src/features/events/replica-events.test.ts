import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KnowledgeDocumentEvent } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatStream } from '../../../test/chat-helpers';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { openSse } from '../../../test/sse-client';
import { createUser, startTestServer, type TestServer, testDb } from '../../../test/test-server';
import { createCollection, uploadDocument } from '../knowledge/knowledge-test-helpers';
import type { PgEventBus } from './pg-event-bus';

const SECRET = 'replica-test-secret-shared-by-both-replicas-0123456789';

/** Two replicas on one PostgreSQL database: events cross them through LISTEN/NOTIFY. */
describe.skipIf(testDb !== 'postgres')('realtime events across replicas (postgres)', () => {
  let a: TestServer;
  let b: TestServer;
  let bDir: string;
  let ollama: FakeOllama;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    const env = { SECRET, OLLAMA_BASE_URL: ollama.url, BUILTIN_RUNTIME: 'false' };
    a = await startTestServer(env);
    bDir = mkdtempSync(path.join(tmpdir(), 'hearth-replica-'));
    b = await startTestServer(env, { dataDir: bDir, databaseUrl: (a as { databaseUrl?: string }).databaseUrl });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await ollama.close();
    rmSync(bDir, { recursive: true, force: true });
  });

  it('stops an answer streaming from one replica when Stop lands on the other', async () => {
    const user = await createUser(a, 'stopper');
    const long = Array.from({ length: 80 }, (_, index) => `w${index}`).join(' ');
    Object.assign(ollama.knobs, { reply: long, tokenDelayMs: 40 });
    const model = ollama.knobs.models[0]?.name ?? '';
    const stream = await openChatStream(a, user.token, '/api/chat/stream', { model, content: 'Go on' });
    const id = (await stream.until('conversation'))?.conversation.id ?? '';
    await stream.until('token');
    const stop = await b.request<{ stopped: boolean }>(`/api/conversations/${id}/stop`, {
      method: 'POST',
      token: user.token,
    });
    expect(stop.body).toEqual({ stopped: true });
    const done = await stream.until('done');
    expect(done?.message.metadata.stopped).toBe(true);
    expect(done?.message.content.length).toBeLessThan(long.length);
    const idle = await b.request<{ stopped: boolean }>(`/api/conversations/${id}/stop`, {
      method: 'POST',
      token: user.token,
    });
    expect(idle.body).toEqual({ stopped: false });
  });

  it("delivers an upload's indexing events made on one replica to the user's stream on the other", async () => {
    const user = await createUser(a, 'replica');
    const stranger = await createUser(a, 'stranger');
    const onB = await openSse(`${b.url}/api/events`, { token: user.token });
    const strangerOnB = await openSse(`${b.url}/api/events`, { token: stranger.token });
    try {
      const collection = await createCollection(a, user, 'Across');
      const upload = await uploadDocument(a, user.token, collection.id, 'note.txt', 'Replicas share one database.');
      expect(upload.status).toBe(202);
      // 'queued' is published by the replica that took the upload (A); either replica may run the job.
      const queued = await onB.waitFor((event) => {
        const data = event.data as KnowledgeDocumentEvent;
        return (
          data.type === 'knowledge.document' && data.document.id === upload.body.id && data.document.status === 'queued'
        );
      }, 5000);
      expect(queued).toBeTruthy();
      const ready = await onB.waitFor((event) => {
        const data = event.data as KnowledgeDocumentEvent;
        return (
          data.type === 'knowledge.document' && data.document.id === upload.body.id && data.document.status === 'ready'
        );
      }, 5000);
      expect(ready).toBeTruthy();
      expect(strangerOnB.events.some((event) => (event.data as { type?: string }).type === 'knowledge.document')).toBe(
        false,
      );
    } finally {
      onB.close();
      strangerOnB.close();
    }
  });

  it('carries events larger than one NOTIFY payload, in one piece', async () => {
    const user = await createUser(a, 'large');
    const onB = await openSse(`${b.url}/api/events`, { token: user.token });
    try {
      const bus = a.app.events as PgEventBus;
      const name = 'x'.repeat(20_000);
      const document = { id: 'big', file_name: name } as unknown as KnowledgeDocumentEvent['document'];
      bus.publish(user.id, { type: 'knowledge.document', document });
      const received = await onB.waitFor(
        (event) => (event.data as KnowledgeDocumentEvent).document?.id === 'big',
        5000,
      );
      expect((received.data as KnowledgeDocumentEvent).document.file_name).toBe(name);
    } finally {
      onB.close();
    }
  });
});
