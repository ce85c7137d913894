import type { EgressReport } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { type FakeServer, startFakeServer } from '../../../test/fakes/fake-http';
import { createUser, testDb } from '../../../test/test-server';

interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** OpenTelemetry (issue 19): a local OTLP/HTTP collector receives the server's spans as JSON. */
describe(`OpenTelemetry traces (${testDb})`, () => {
  let collector: FakeServer;
  let fixture: ChatFixture;
  let closed = false;

  beforeAll(async () => {
    collector = await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    fixture = await startChatServer(
      {},
      { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'hearth-test' },
    );
  });
  afterAll(async () => {
    if (!closed) await fixture.close();
    await collector.close();
  });

  it('traces each request, and each model call under the request that made it', async () => {
    const user = await createUser(fixture.server, 'traced');
    const chat = await streamChat(fixture.server, user.token, '/api/chat/stream', {
      model: 'llama3:latest',
      content: 'Trace me',
    });
    expect(chat.status).toBe(200);
    // Admin → Network names the collector as a place the instance connects to.
    const egress = await fixture.server.request<EgressReport>('/api/admin/egress', { token: user.token });
    expect(egress.body.destinations).toContainEqual(
      expect.objectContaining({ kind: 'telemetry', host: new URL(collector.url).hostname }),
    );
    // Closing the server sends every buffered span.
    await fixture.close();
    closed = true;

    const bodies = collector.requests.filter((request) => request.path === '/v1/traces');
    expect(bodies.length).toBeGreaterThan(0);
    const resources = bodies.flatMap((request) => (request.body as OtlpBody).resourceSpans);
    expect(resources[0]?.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'hearth-test' },
    });
    const spans = resources.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));

    const request = spans.find((span) => span.name === 'POST /api/chat/stream');
    expect(request).toBeDefined();
    expect(attribute(request as OtlpSpan, 'http.response.status_code')).toBe(200);
    const model = spans.find((span) => span.name.startsWith('model '));
    expect(model).toBeDefined();
    expect(model?.traceId).toBe(request?.traceId);
    expect(model?.parentSpanId).toBe(request?.spanId);
    expect(attribute(model as OtlpSpan, 'gen_ai.request.model')).toBe('llama3:latest');
    // Jobs are traced too (the scheduled clean-ups run at start-up).
    expect(spans.some((span) => span.name.startsWith('job '))).toBe(true);
  });
});
