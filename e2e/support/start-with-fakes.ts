/**
 * The e2e web server: a fake Ollama (the server tests' own, speaking Ollama's wire format) and Hearth pointed
 * at it. A control endpoint lets tests set the fake's knobs. Run with: node --import tsx e2e/support/start-with-fakes.ts
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeFileServer } from '../../apps/server/test/fakes/fake-file-server';
import { startFakeOllama } from '../../apps/server/test/fakes/fake-ollama';
import { startFakeSmtp } from '../../apps/server/test/fakes/fake-smtp';
import { startFakeSpeech } from '../../apps/server/test/fakes/fake-speech';
import { E2E_DEFAULT_KNOBS, FAKE_CONTROL_PORT, type FakeKnobs } from './fake-runtime';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fake = await startFakeOllama({ ...E2E_DEFAULT_KNOBS, models: [...E2E_DEFAULT_KNOBS.models] });
// A Hugging Face stand-in serving the tiny GGUF slowly enough to watch a download's progress.
const files = await startFakeFileServer({ knobs: { chunkBytes: 32 * 1024, chunkDelayMs: 60 } });
// A mail server on a free loopback port that keeps every mail; specs read them at GET /mails?to=<address>.
const smtp = await startFakeSmtp();
// An OpenAI-compatible speech runtime (voice.spec.ts configures it as an admin); GET /speech says where it is.
const speech = await startFakeSpeech({ text: 'Dictated by the fake speech runtime' });

const control = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.method === 'GET' && request.url?.startsWith('/mails')) {
      const to = new URL(request.url, 'http://control').searchParams.get('to')?.toLowerCase();
      const mails = smtp.mails.filter((mail) => !to || mail.to.includes(to));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(mails.map(({ to: recipients, subject, text }) => ({ to: recipients, subject, text }))));
      return;
    }
    // The chat requests the fake received (their bodies): what the model was shown.
    if (request.method === 'GET' && request.url === '/chats') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(fake.chats().map((chat) => chat.body)));
      return;
    }
    if (request.method === 'GET' && request.url === '/speech') {
      const [transcriptions, speeches] = [speech.transcriptions().length, speech.speeches().length];
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ url: speech.url, text: speech.knobs.text, transcriptions, speeches }));
      return;
    }
    if (request.method === 'GET' && request.url === '/file') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ url: files.fileUrl, sha256: files.sha256 }));
      return;
    }
    if (request.method !== 'POST' || request.url !== '/knobs') {
      response.writeHead(404).end();
      return;
    }
    const knobs = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as FakeKnobs;
    Object.assign(fake.knobs, E2E_DEFAULT_KNOBS, { models: [...E2E_DEFAULT_KNOBS.models] }, knobs);
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ disconnects: fake.disconnects }));
  });
});
// Another run holding the port would steer the wrong fake: stop rather than run against it.
control.on('error', (error) => {
  console.error(`The fake runtime's control port ${FAKE_CONTROL_PORT} is not free:`, error);
  process.exit(1);
});
control.listen(FAKE_CONTROL_PORT, '127.0.0.1');

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, OLLAMA_BASE_URL: fake.url, SMTP_URL: smtp.url, MAIL_FROM: 'Hearth <hearth@example.com>' },
});
const shutdown = (signal: NodeJS.Signals) => {
  server.kill(signal);
  control.close();
  void fake.close();
  void files.close();
  void smtp.close();
  void speech.close();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
server.on('exit', (code, signal) => {
  control.close();
  void Promise.all([fake.close(), files.close(), smtp.close(), speech.close()]).finally(() =>
    process.exit(code ?? (signal ? 1 : 0)),
  );
});
