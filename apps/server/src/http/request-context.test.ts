import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamChat } from '../../test/chat-helpers';
import { type FakeOllama, startFakeOllama } from '../../test/fakes/fake-ollama';
import { createUser, startTestServer, type TestServer, testDb } from '../../test/test-server';
import { createCollection, uploadDocument, waitForDocument } from '../features/knowledge/knowledge-test-helpers';

const METRICS_TOKEN = 'request-context-test-metrics';

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { method: string; url: string };
  type?: string;
  jobId?: string;
  runtime?: string;
  model?: string;
}

/** One request followed end to end through the log: HTTP → the job it enqueued → the model call it made. */
describe(`request ids in the log (${testDb})`, () => {
  const lines: LogLine[] = [];
  let server: TestServer;
  let ollama: FakeOllama;

  beforeAll(async () => {
    ollama = await startFakeOllama({ reply: 'Hello from the fake.' });
    server = await startTestServer(
      {
        ...{ LOG_LEVEL: 'info', OLLAMA_BASE_URL: ollama.url, BUILTIN_RUNTIME: 'false', MODEL_LIST_CACHE_MS: '600000' },
        METRICS_TOKEN: METRICS_TOKEN,
      },
      undefined,
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(async () => {
    await server.close();
    await ollama.close();
  });

  const requestIdOf = (method: string, url: string) => {
    const incoming = lines.find(
      (line) => line.msg === 'incoming request' && line.req?.method === method && line.req.url === url,
    );
    expect(incoming?.reqId, `${method} ${url} logged`).toBeTruthy();
    return incoming?.reqId as string;
  };

  it('logs the id of the request that enqueued a job when the job runs', async () => {
    const user = await createUser(server, 'reqid');
    const collection = await createCollection(server, user, 'Request ids');
    const upload = await uploadDocument(server, user.token, collection.id, 'a.txt', 'Some words to index.');
    expect(upload.status).toBe(202);
    await waitForDocument(server, user.token, upload.body.id);

    const requestId = requestIdOf('POST', `/api/knowledge/collections/${collection.id}/documents`);
    const started = lines.filter((line) => line.msg === 'job started' && line.reqId === requestId);
    expect(started).toHaveLength(1);
    expect(started[0]?.type).toMatch(/ingest/);
    // The id is stored with the job itself, not only held in memory.
    const job = await server.app.jobs.get(started[0]?.jobId ?? '');
    expect(job?.request_id).toBe(requestId);
  });

  it('logs the id of the request on the model call it made', async () => {
    const user = await createUser(server, 'reqid-chat');
    const result = await streamChat(server, user.token, '/api/chat/stream', { model: 'llama3:latest', content: 'hi' });
    expect(result.status).toBe(200);
    const requestId = requestIdOf('POST', '/api/chat/stream');
    const call = lines.find((line) => line.msg === 'model call finished' && line.reqId === requestId);
    expect(call).toMatchObject({ runtime: 'ollama', model: 'llama3:latest' });
    // The same place counts the tokens the runtime reported, per runtime.
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await metrics.text();
    expect(text).toMatch(/^hearth_model_tokens_generated_total\{runtime="ollama"\} [1-9]\d*$/m);
    expect(text).toMatch(/^hearth_model_calls_total\{runtime="ollama"\} [1-9]\d*$/m);
  });
});
