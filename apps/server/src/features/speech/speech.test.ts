import type { ApiTokenCreated, EgressReport, MyUsage, SpeechSettings, SpeechStatus } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSpeech, startFakeSpeech } from '../../../test/fakes/fake-speech';
import { assignRole } from '../../../test/helpers';
import { estimateTokens } from '../chat';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

const API_KEY = 'sk-speech-test-key';

describe(`voice: speech runtime settings, dictation and read-aloud (${testDb})`, () => {
  let server: TestServer;
  let fake: FakeSpeech;
  let superAdmin: TestUser;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    fake = await startFakeSpeech({ apiKey: API_KEY, text: 'Dictated through the fake runtime.' });
    superAdmin = await createUser(server, 'root');
    admin = await createUser(server, 'admin');
    user = await createUser(server, 'user');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const recording = (bytes = 2048, type = 'audio/webm', name = 'dictation.webm') => {
    const form = new FormData();
    form.append('language', 'en');
    form.append('file', new Blob([new Uint8Array(bytes).fill(7)], { type }), name);
    return form;
  };
  const upload = (path: string, form: FormData, token?: string) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  const putSettings = (token: string, body: unknown) =>
    server.request<SpeechSettings>('/api/admin/settings/speech', { method: 'PUT', token, body });

  it('is off by default: the web falls back to the browser, the API says so clearly', async () => {
    const status = await server.request<SpeechStatus>('/api/audio/status', { token: user.token });
    expect(status.body).toEqual({ transcription: false, speech: false });
    const web = await upload('/api/audio/transcriptions', recording(), user.token);
    expect(web.status).toBe(503);
    expect(await web.json()).toMatchObject({ code: 'speech_not_configured' });
    const v1 = await upload('/v1/audio/transcriptions', recording(), user.token);
    expect(v1.status).toBe(503);
    expect(await v1.json()).toMatchObject({
      error: { code: 'speech_not_configured', message: expect.stringMatching(/administrator/) },
    });
    const speech = await server.request('/api/audio/speech', { token: user.token, body: { input: 'Hello' } });
    expect(speech.status).toBe(503);
    expect(fake.requests).toHaveLength(0);
  });

  it('only super admins read and change the settings; the key is sealed and never shown', async () => {
    expect((await server.request('/api/admin/settings/speech', { token: admin.token })).status).toBe(403);
    expect((await putSettings(admin.token, { transcription_url: fake.url })).status).toBe(403);
    expect((await putSettings(user.token, { transcription_url: fake.url })).status).toBe(403);
    expect((await putSettings(superAdmin.token, { transcription_url: 'ftp://example.test' })).status).toBe(400);
    const saved = await putSettings(superAdmin.token, {
      transcription_url: fake.url,
      speech_url: `${fake.url}/v1`,
      speech_voice: 'nova',
      api_key: API_KEY,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      transcription_url: `${fake.url}/`,
      transcription_model: 'whisper-1',
      speech_voice: 'nova',
      api_key_configured: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain(API_KEY);
    const stored = await server.app.db.kysely
      .selectFrom('instance_settings')
      .select('value')
      .where('key', '=', 'speech_settings')
      .executeTakeFirstOrThrow();
    expect(stored.value).not.toContain(API_KEY);
    const status = await server.request<SpeechStatus>('/api/audio/status', { token: user.token });
    expect(status.body).toEqual({ transcription: true, speech: true });
    // Admin → Network lists the runtime among the configured outbound destinations.
    const egress = await server.request<EgressReport>('/api/admin/egress', { token: superAdmin.token });
    expect(egress.body.destinations.map((destination) => destination.label)).toEqual(
      expect.arrayContaining(['Speech runtime (transcription)', 'Speech runtime (speech)']),
    );
  });

  it("transcribes a signed-in user's recording through the runtime, with the key and the model", async () => {
    expect((await upload('/api/audio/transcriptions', recording())).status).toBe(401);
    const response = await upload('/api/audio/transcriptions', recording(), user.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'Dictated through the fake runtime.' });
    const sent = fake.transcriptions().at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(String(sent?.body)).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(String(sent?.body)).toMatch(/name="language"\r\n\r\nen/);
    expect(String(sent?.body)).toMatch(/filename="dictation.webm"\r\nContent-Type: audio\/webm/);
  });

  it('refuses recordings over 25 MB, empty ones and files that are not audio', async () => {
    const before = fake.transcriptions().length;
    const big = await upload('/api/audio/transcriptions', recording(25 * 1024 * 1024 + 1), user.token);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'payload_too_large' });
    const empty = await upload('/api/audio/transcriptions', recording(0), user.token);
    expect(empty.status).toBe(400);
    const text = await upload('/api/audio/transcriptions', recording(10, 'text/plain', 'notes.txt'), user.token);
    expect(text.status).toBe(415);
    expect(fake.transcriptions().length).toBe(before);
  });

  it("serves /v1/audio/transcriptions to API clients with a bearer token, in OpenAI's shapes", async () => {
    const created = await server.request<ApiTokenCreated>('/api/tokens', {
      token: user.token,
      body: { name: 'speech client' },
    });
    const apiToken = created.body.secret;
    const anonymous = await upload('/v1/audio/transcriptions', recording());
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'authentication_error' } });
    const form = recording();
    form.set('model', 'whisper-1');
    const json = await upload('/v1/audio/transcriptions', form, apiToken);
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ text: 'Dictated through the fake runtime.' });
    const textForm = new FormData();
    textForm.append('model', 'whisper-1');
    textForm.append('response_format', 'text');
    textForm.append('file', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'a.wav');
    const text = await upload('/v1/audio/transcriptions', textForm, apiToken);
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toBe('Dictated through the fake runtime.');
    const srt = new FormData();
    srt.append('response_format', 'srt');
    srt.append('file', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'a.wav');
    const refused = await upload('/v1/audio/transcriptions', srt, apiToken);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const big = await upload('/v1/audio/transcriptions', recording(25 * 1024 * 1024 + 1), apiToken);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it("reads text aloud: the runtime's audio comes back with its type; long texts are refused", async () => {
    const response = await fetch(`${server.url}/api/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'Read this aloud.' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const audio = Buffer.from(await response.arrayBuffer());
    expect(audio.subarray(0, 4).toString()).toBe('RIFF');
    expect(fake.speeches().at(-1)?.body).toEqual({ model: 'tts-1', voice: 'nova', input: 'Read this aloud.' });
    const long = await server.request('/api/audio/speech', { token: user.token, body: { input: 'x'.repeat(4097) } });
    expect(long.status).toBe(400);
  });

  it('counts transcriptions and read-aloud in the caller’s usage, under the runtime’s model, as no message', async () => {
    const listener = await createUser(server, 'listener');
    const before = await server.request<MyUsage>('/api/usage/me', { token: listener.token });
    expect(before.body.models).toEqual([]);
    expect((await upload('/api/audio/transcriptions', recording(), listener.token)).status).toBe(200);
    const spoken = await fetch(`${server.url}/api/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${listener.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'A sentence read aloud here.' }),
    });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    const after = await server.request<MyUsage>('/api/usage/me', { token: listener.token });
    const byModel = new Map(after.body.models.map((row) => [row.model, row]));
    const text = 'Dictated through the fake runtime.';
    expect(byModel.get('whisper-1')).toMatchObject({
      requests: 0,
      prompt_tokens: 0,
      completion_tokens: estimateTokens(text),
    });
    expect(byModel.get('tts-1')).toMatchObject({
      requests: 0,
      prompt_tokens: estimateTokens('A sentence read aloud here.'),
      completion_tokens: 0,
    });
    expect(after.body.totals.requests).toBe(0);
  });

  it('says clearly when the runtime fails, and keeps the key for the address it was entered for', async () => {
    fake.knobs.failStatus = 500;
    const failed = await upload('/api/audio/transcriptions', recording(), user.token);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ code: 'upstream_error', message: expect.stringMatching(/500/) });
    fake.knobs.failStatus = null;
    const moved = await putSettings(superAdmin.token, { transcription_url: 'http://127.0.0.2:9/' });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ details: { field: 'api_key' } });
    // Models and voices change freely; switching a half off is fine too.
    const changed = await putSettings(superAdmin.token, { speech_url: '', transcription_model: 'large-v3' });
    expect(changed.body).toMatchObject({ speech_url: null, transcription_model: 'large-v3', api_key_configured: true });
    const status = await server.request<SpeechStatus>('/api/audio/status', { token: user.token });
    expect(status.body).toEqual({ transcription: true, speech: false });
    const audit = await server.app.db.kysely
      .selectFrom('audit_logs')
      .select(['details'])
      .where('resource_type', '=', 'speech_settings')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(API_KEY);
  });
});
