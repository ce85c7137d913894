import { describe, expect, it } from 'vitest';
import { backendDownMessage, checkSystemStatus } from './get-system-status';

const health = (status: 'ok' | 'degraded') => ({
  status,
  version: '0.1.0',
  database: { status: status === 'ok' ? 'ok' : 'error', dialect: 'sqlite' },
  storage: { status: 'ok', driver: 'fs' },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers each path from a table; a missing path is a network failure. */
const fakeFetch = (answers: Record<string, () => Response>) => async (input: string) => {
  const answer = answers[input];
  if (!answer) throw new TypeError('Failed to fetch');
  return answer();
};

describe('checkSystemStatus', () => {
  it('stops at the backend when it does not answer', async () => {
    const result = await checkSystemStatus(fakeFetch({}));
    expect(result).toEqual({
      backend: 'down',
      modelService: 'unknown',
      models: 'unknown',
      error: backendDownMessage(),
    });
  });

  it('takes a proxy error page for a missing backend', async () => {
    const fetch = fakeFetch({ '/health': () => new Response('<html>Bad Gateway</html>', { status: 502 }) });
    expect((await checkSystemStatus(fetch)).error).toBe(backendDownMessage());
  });

  it('reports all three running when the runtime has a model', async () => {
    const fetch = fakeFetch({
      '/health': () => json(health('ok')),
      '/api/setup/status': () => json({ model_service: { connected: true }, models: { available: true } }),
    });
    expect(await checkSystemStatus(fetch)).toEqual({
      backend: 'running',
      modelService: 'running',
      models: 'available',
      error: null,
    });
  });

  it('says no models when the runtime answers with none', async () => {
    const fetch = fakeFetch({
      '/health': () => json(health('ok')),
      '/api/setup/status': () => json({ model_service: { connected: true }, models: { available: false } }),
    });
    expect(await checkSystemStatus(fetch)).toMatchObject({ modelService: 'running', models: 'none' });
  });

  it('reports a stopped model service, and a degraded backend that still answers', async () => {
    const fetch = fakeFetch({
      '/health': () => json(health('degraded'), 503),
      '/api/setup/status': () => json({ model_service: { connected: false }, models: { available: false } }),
    });
    expect(await checkSystemStatus(fetch)).toEqual({
      backend: 'degraded',
      modelService: 'down',
      models: 'unknown',
      error: null,
    });
  });

  it('says so when the model check itself fails', async () => {
    const fetch = fakeFetch({
      '/health': () => json(health('ok')),
      '/api/setup/status': () => json({ code: 'internal', message: 'boom' }, 500),
    });
    expect(await checkSystemStatus(fetch)).toMatchObject({
      backend: 'running',
      modelService: 'unknown',
      error: 'Could not check the model service (HTTP 500).',
    });
  });
});
