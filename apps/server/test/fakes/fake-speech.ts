import type { ServerResponse } from 'node:http';
import { type FakeServer, type RecordedRequest, sleep, startFakeServer } from './fake-http';

/**
 * A local stand-in for an OpenAI-compatible speech runtime (whisper.cpp server, Speaches, LocalAI, OpenAI):
 * POST /v1/audio/transcriptions answers {text} for any multipart recording, POST /v1/audio/speech a short WAV.
 * Knobs are mutable fields.
 */
export interface FakeSpeechKnobs {
  /** What every recording "says". */
  text: string;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey: string | null;
  /** Every request fails with this status (OpenAI's error shape). */
  failStatus: number | null;
  /** Waits this long before answering. */
  delayMs: number;
}

export interface FakeSpeech extends FakeServer {
  knobs: FakeSpeechKnobs;
  /** The transcription requests received (their multipart bodies as text). */
  transcriptions(): RecordedRequest[];
  /** The speech requests received (their JSON bodies). */
  speeches(): RecordedRequest[];
}

const DEFAULT_KNOBS: FakeSpeechKnobs = {
  text: 'Hello from the fake speech runtime.',
  apiKey: null,
  failStatus: null,
  delayMs: 0,
};

/** A valid mono 16-bit PCM WAV: `ms` of a 440 Hz tone at 8 kHz, then `silenceMs` of silence. */
export function toneWav(ms = 200, silenceMs = 0): Buffer {
  const rate = 8000;
  const tone = Math.round((rate * ms) / 1000);
  const samples = tone + Math.round((rate * silenceMs) / 1000);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8);
  wav.write('fmt ', 12);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < tone; index += 1) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * index) / rate) * 8000), 44 + index * 2);
  }
  return wav;
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const error = (response: ServerResponse, status: number, message: string, code: string) =>
  json(response, status, { error: { message, type: 'invalid_request_error', code } });

export async function startFakeSpeech(knobs: Partial<FakeSpeechKnobs> = {}): Promise<FakeSpeech> {
  const state: FakeSpeechKnobs = { ...structuredClone(DEFAULT_KNOBS), ...knobs };
  const server = await startFakeServer(async (request, response) => {
    if (state.delayMs > 0) await sleep(state.delayMs);
    if (state.apiKey && request.headers.authorization !== `Bearer ${state.apiKey}`) {
      return error(response, 401, 'Incorrect API key provided', 'invalid_api_key');
    }
    if (state.failStatus) return error(response, state.failStatus, 'internal fake failure', 'server_error');
    const route = `${request.method} ${request.path.split('?')[0]}`;
    if (route === 'POST /v1/audio/transcriptions') {
      const type = request.headers['content-type'] ?? '';
      const body = typeof request.body === 'string' ? request.body : '';
      if (!type.startsWith('multipart/form-data') || !/name="file"; filename="/.test(body)) {
        return error(response, 400, 'Send the audio as multipart field "file"', 'invalid_request');
      }
      return json(response, 200, { text: state.text });
    }
    if (route === 'POST /v1/audio/speech') {
      const body = request.body as { input?: unknown; voice?: unknown } | null;
      if (typeof body?.input !== 'string' || !body.input || typeof body.voice !== 'string') {
        return error(response, 400, 'input and voice are required', 'invalid_request');
      }
      const wav = toneWav();
      return response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(wav.length) }).end(wav);
    }
    return error(response, 404, `No route ${route}`, 'not_found');
  });
  const path = (request: RecordedRequest) => request.path.split('?')[0];
  return Object.assign(server, {
    knobs: state,
    transcriptions: () => server.requests.filter((request) => path(request) === '/v1/audio/transcriptions'),
    speeches: () => server.requests.filter((request) => path(request) === '/v1/audio/speech'),
  });
}
