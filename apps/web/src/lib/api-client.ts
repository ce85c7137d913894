import { ErrorBody } from '@hearth/contract';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { readCookie } from './cookies';

const CSRF_COOKIE = 'hearth_csrf';
const CSRF_HEADER = 'x-csrf-token';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request finish after the page is closed (e.g. a delete whose undo window lapses on unload). */
  keepalive?: boolean;
}

/** Whether this browser may hold a session: the readable CSRF cookie is set and cleared with the session cookie. */
export const mayHaveSession = (): boolean => readCookie(CSRF_COOKIE) !== undefined;

function buildHeaders(method: Method, hasBody: boolean, accept = 'application/json'): Headers {
  const headers = new Headers({ accept });
  if (hasBody) headers.set('content-type', 'application/json');
  // Double-submit CSRF: the server rejects cookie-authenticated writes without this header.
  const csrf = method === 'GET' ? undefined : readCookie(CSRF_COOKIE);
  if (csrf) headers.set(CSRF_HEADER, csrf);
  return headers;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const parsed = ErrorBody.safeParse(payload);
  if (parsed.success) return new ApiError({ status, ...parsed.data });
  return new ApiError({ status, code: 'http_error', message: `Request failed: ${status}` });
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  }
}

async function failure(response: Response): Promise<ApiError> {
  return toApiError(response.status, parseJson(await response.text()));
}

/**
 * POSTs JSON and hands back the open response of a text/event-stream answer (EventSource cannot POST).
 * Aborting the signal closes the connection (an answer goes on on the server: only its Stop route stops it).
 */
export async function apiStream(
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const response = await send(path, {
    method: 'POST',
    headers: buildHeaders('POST', true, 'text/event-stream'),
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await failure(response);
  if (!response.body) throw new ApiError({ status: response.status, code: 'http_error', message: 'Empty stream' });
  return response.body;
}

/** GETs a text/event-stream that may have nothing to say: null on 204 (no content). */
export async function apiFollow(path: string, signal?: AbortSignal): Promise<ReadableStream<Uint8Array> | null> {
  const response = await send(path, {
    method: 'GET',
    headers: buildHeaders('GET', false, 'text/event-stream'),
    signal,
  });
  if (!response.ok) throw await failure(response);
  if (response.status === 204 || !response.body) return null;
  return response.body;
}

/** POSTs multipart form data (file uploads); the browser sets the boundary header itself. */
export async function apiUpload<T>(path: string, form: FormData, signal?: AbortSignal): Promise<T> {
  const response = await send(path, { method: 'POST', headers: buildHeaders('POST', false), body: form, signal });
  if (!response.ok) throw await failure(response);
  return parseJson(await response.text()) as T;
}

/** POSTs JSON and answers the response's bytes (e.g. audio read aloud), with the type the server gave them. */
export async function apiPostForBlob(path: string, body: unknown, signal?: AbortSignal): Promise<Blob> {
  const response = await send(path, {
    method: 'POST',
    headers: buildHeaders('POST', true, '*/*'),
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await failure(response);
  return response.blob();
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  const response = await send(path, {
    method,
    headers: buildHeaders(method, hasBody),
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
    keepalive: options.keepalive,
  });
  const payload = parseJson(await response.text());
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  stream: apiStream,
  follow: apiFollow,
  upload: apiUpload,
};
