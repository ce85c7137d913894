import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSpeech, startFakeSpeech } from '../../../test/fakes/fake-speech';
import { endpointUrl, multipartBody, synthesize, transcribe } from './speech-client';

const network = { redirectPolicy: () => Promise.resolve({ allowPrivate: false }), timeoutMs: 300 };
const audio = { fileName: 'a "b".webm', mimeType: 'audio/webm', data: Buffer.from([1, 2, 3]) };

describe('the speech runtime client', () => {
  let fake: FakeSpeech;
  beforeAll(async () => {
    fake = await startFakeSpeech({ text: '  Heard you.  ' });
  });
  afterAll(() => fake.close());

  it('joins base URLs with or without /v1', () => {
    expect(endpointUrl('http://h:8080', '/audio/speech')).toBe('http://h:8080/v1/audio/speech');
    expect(endpointUrl('http://h:8080/v1/', '/audio/speech')).toBe('http://h:8080/v1/audio/speech');
    expect(endpointUrl('https://api.example.test/openai/v1', '/audio/transcriptions')).toBe(
      'https://api.example.test/openai/v1/audio/transcriptions',
    );
  });

  it('builds a multipart body a runtime can read, with quotes in names made harmless', () => {
    const { body, type } = multipartBody({ model: 'whisper-1' }, audio);
    const boundary = type.split('boundary=')[1];
    const text = body.toString('latin1');
    expect(text.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(text).toContain('name="model"\r\n\r\nwhisper-1\r\n');
    expect(text).toContain('filename="a _b_.webm"\r\nContent-Type: audio/webm\r\n\r\n\u0001\u0002\u0003\r\n');
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });

  it('transcribes, and gives up clearly when the runtime is too slow', async () => {
    const endpoint = { baseUrl: fake.url, model: 'whisper-1', apiKey: null };
    expect(await transcribe(endpoint, audio, {}, network)).toBe('Heard you.');
    fake.knobs.delayMs = 1000;
    await expect(transcribe(endpoint, audio, {}, network)).rejects.toMatchObject({
      code: 'provider_unavailable',
      status: 502,
      message: expect.stringMatching(/did not answer in time/),
    });
    fake.knobs.delayMs = 0;
  });

  it("passes the runtime's refusals on with its message", async () => {
    fake.knobs.apiKey = 'right-key';
    const endpoint = { baseUrl: fake.url, model: 'tts-1', voice: 'alloy', apiKey: 'wrong-key' };
    await expect(synthesize(endpoint, 'Hello', network)).rejects.toMatchObject({
      code: 'upstream_error',
      message: 'The speech runtime answered 401: Incorrect API key provided',
    });
    const response = await synthesize({ ...endpoint, apiKey: 'right-key' }, 'Hello', network);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('RIFF');
    fake.knobs.apiKey = null;
  });

  it('refuses addresses the SSRF guard never allows', async () => {
    const endpoint = { baseUrl: 'http://169.254.169.254', model: 'whisper-1', apiKey: 'secret' };
    await expect(transcribe(endpoint, audio, {}, network)).rejects.toMatchObject({ code: 'url_not_allowed' });
  });
});
