import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

type FetchArgs = [input: string, init: RequestInit];

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'hearth_csrf=abc123; path=/';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    document.cookie = 'hearth_csrf=; path=/; max-age=0';
  });

  it('sends the CSRF cookie value as x-csrf-token on writes, not on reads', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { ok: true })));
    await api.post('/api/x', { a: 1 });
    await api.get('/api/y');
    const [, writeInit] = fetchMock.mock.calls[0] ?? [];
    const [, readInit] = fetchMock.mock.calls[1] ?? [];
    expect(new Headers(writeInit?.headers).get('x-csrf-token')).toBe('abc123');
    expect(writeInit?.credentials).toBe('same-origin');
    expect(writeInit?.body).toBe('{"a":1}');
    expect(new Headers(readInit?.headers).get('x-csrf-token')).toBeNull();
  });

  it('turns an error body into an ApiError with status, code, message and details', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { code: 'email_taken', message: 'Taken', details: { a: 1 } }));
    const error = await api.post('/api/auth/signup', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'email_taken', message: 'Taken', details: { a: 1 } });
  });

  it('reports an unreachable server with the network message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('/api/auth/me').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  });

  it('copes with a non-JSON error page', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api.get('/api/x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'http_error' });
  });

  it('opens a POST event stream with the CSRF header and hands back the body', async () => {
    fetchMock.mockResolvedValue(new Response('event: token\ndata: {}\n\n', { status: 200 }));
    const body = await api.stream('/api/chat/stream', { content: 'hi' });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(headers.get('x-csrf-token')).toBe('abc123');
    expect(headers.get('accept')).toBe('text/event-stream');
    expect(init?.body).toBe('{"content":"hi"}');
    expect(await new Response(body).text()).toContain('event: token');
  });

  it('turns a refused stream into an ApiError before any event', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { code: 'no_vision_model', message: 'No vision models' }));
    const error = await api.stream('/api/chat/stream', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, code: 'no_vision_model', message: 'No vision models' });
  });

  it('uploads form data without forcing a content type (the browser adds the boundary)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 'a1' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    expect(await api.upload('/api/chat/attachments', form)).toEqual({ id: 'a1' });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
    expect(new Headers(init?.headers).get('x-csrf-token')).toBe('abc123');
    expect(init?.body).toBe(form);
  });
});
