import { randomBytes } from 'node:crypto';
import type { Response } from 'undici';
import { AppError } from '../../http/errors';
import { guardedFetch } from '../../http/guarded-fetch';
import type { SsrfPolicy } from '../../http/ssrf-guard';
import type { SpeechEndpoint } from './speech-settings.service';

/**
 * Speech runtimes usually sit on loopback or the LAN (whisper.cpp server, Speaches, LocalAI), like model
 * runtimes: private addresses are fine for the origin an admin configured; a redirect elsewhere gets the policy
 * of user-supplied URLs (public addresses plus the admin's intranet allowlist).
 */
const RUNTIME_POLICY: SsrfPolicy = { allowPrivate: true };

export interface SpeechNetwork {
  redirectPolicy: () => Promise<SsrfPolicy>;
  /** Time allowed until the runtime's answer begins. */
  timeoutMs: number;
}

export interface AudioUpload {
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/** Joins the base URL (with or without /v1) and an OpenAI API path such as /audio/speech. */
export function endpointUrl(base: string, apiPath: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return `${/\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`}${apiPath}`;
}

/** A multipart/form-data body of text fields and one file, as OpenAI's transcription endpoint takes it. */
export function multipartBody(fields: Record<string, string>, file: AudioUpload): { body: Buffer; type: string } {
  const boundary = `----hearth-${randomBytes(12).toString('hex')}`;
  const quoted = (value: string) => value.replace(/["\r\n\\]/g, '_');
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(file.fileName)}"\r\n` +
        `Content-Type: ${quoted(file.mimeType)}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const unreachable = (reason: string) =>
  new AppError('provider_unavailable', 502, `The speech runtime could not be reached: ${reason}`);

/** The runtime's own error message, when it sent one (OpenAI's shape or plain text). */
async function errorDetail(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 300);
  try {
    const parsed = JSON.parse(text) as { error?: string | { message?: string }; detail?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (parsed.error?.message) return parsed.error.message;
  } catch {
    // not JSON: the text itself
  }
  return text.trim();
}

/**
 * POSTs to the runtime through the guarded fetch and reads its answer with `read`, all within the time limit
 * (a runtime that sends headers and then stalls is cut off too); a non-2xx answer or no answer in time is an
 * AppError.
 */
async function post<T>(
  endpoint: SpeechEndpoint,
  apiPath: string,
  body: { data: string | Buffer; type: string },
  network: SpeechNetwork,
  signal: AbortSignal | undefined,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new Error('timeout')), network.timeoutMs);
  try {
    const headers: Record<string, string> = { 'content-type': body.type };
    if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
    const { response } = await guardedFetch(
      endpointUrl(endpoint.baseUrl, apiPath),
      { method: 'POST', headers, body: body.data, signal: controller.signal },
      { policy: RUNTIME_POLICY, redirectPolicy: network.redirectPolicy },
    );
    if (!response.ok) {
      const detail = await errorDetail(response);
      throw new AppError(
        'upstream_error',
        502,
        `The speech runtime answered ${response.status}${detail ? `: ${detail}` : ''}`,
      );
    }
    return await read(response);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (controller.signal.aborted && !signal?.aborted) throw unreachable('it did not answer in time');
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw unreachable(cause);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Sends the recording to the runtime's /v1/audio/transcriptions; the recognised text. */
export async function transcribe(
  endpoint: SpeechEndpoint,
  audio: AudioUpload,
  options: { language?: string; prompt?: string },
  network: SpeechNetwork,
  signal?: AbortSignal,
): Promise<string> {
  const fields: Record<string, string> = { model: endpoint.model, response_format: 'json' };
  if (options.language) fields.language = options.language;
  if (options.prompt) fields.prompt = options.prompt;
  const { body, type } = multipartBody(fields, audio);
  const text = await post(endpoint, '/audio/transcriptions', { data: body, type }, network, signal, (response) =>
    response.text(),
  );
  try {
    const parsed = JSON.parse(text) as { text?: unknown };
    if (typeof parsed.text === 'string') return parsed.text.trim();
  } catch {
    // Some runtimes answer plain text whatever was asked.
  }
  if (!text.trim().startsWith('{')) return text.trim();
  throw new AppError('upstream_error', 502, 'The speech runtime sent an unreadable transcription');
}

/**
 * Asks the runtime's /v1/audio/speech to read `input` aloud; the open response (audio bytes, its type). The time
 * limit covers the start of the answer; the audio then streams for as long as the client listens.
 */
export async function synthesize(
  endpoint: SpeechEndpoint & { voice: string },
  input: string,
  network: SpeechNetwork,
  signal?: AbortSignal,
): Promise<Response> {
  const body = JSON.stringify({ model: endpoint.model, voice: endpoint.voice, input });
  return post(endpoint, '/audio/speech', { data: body, type: 'application/json' }, network, signal, (response) =>
    Promise.resolve(response),
  );
}
