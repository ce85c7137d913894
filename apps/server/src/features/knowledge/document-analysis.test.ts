import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
}

describe(`POST /api/documents/analyze (${testDb})`, () => {
  let ollama: FakeOllama;
  let server: TestServer;
  let user: TestUser;

  const analyze = (body: Record<string, unknown>, token = user.token) =>
    server.request<{ analysis?: string; code?: string; message?: string }>('/api/documents/analyze', { token, body });
  const lastChat = () => ollama.chats().at(-1)?.body as ChatBody;

  beforeAll(async () => {
    ollama = await startFakeOllama({
      reply: 'The document is about tomatoes.',
      models: [
        { name: 'nomic-embed:latest', capabilities: ['embedding'] },
        { name: 'llama3:latest', capabilities: ['completion'], context_length: 8192 },
      ],
    });
    server = await startTestServer({ OLLAMA_BASE_URL: ollama.url, BUILTIN_RUNTIME: 'false', MODEL_LIST_CACHE_MS: '0' });
    user = await createUser(server, 'analyze');
  });
  afterAll(async () => {
    await server.close();
    await ollama.close();
  });

  it('analyses with the first chat model and a prompt for the analysis type', async () => {
    const response = await analyze({ content: 'Tomatoes need sun.', filename: 'garden.txt', analysis_type: 'summary' });
    expect(response).toMatchObject({ status: 200, body: { analysis: 'The document is about tomatoes.' } });
    const chat = lastChat();
    expect(chat.model).toBe('llama3:latest');
    const prompt = chat.messages.at(-1)?.content ?? '';
    expect(prompt).toMatch(/^Summarise the document/);
    expect(prompt).toContain('File name: garden.txt');
    expect(prompt).toContain('<document>\nTomatoes need sun.\n</document>');
  });

  it('defaults to general, names unknown types, and uses the model asked for', async () => {
    await analyze({ content: 'Some text.' });
    expect(lastChat().messages.at(-1)?.content).toMatch(/^Give a general analysis/);
    await analyze({ content: 'Some text.', analysis_type: 'legal risk', model: 'llama3:latest' });
    expect(lastChat().messages.at(-1)?.content).toMatch(/^Analyse the document with a focus on "legal risk"/);
    const missing = await analyze({ content: 'Some text.', model: 'nope:1b' });
    expect(missing).toMatchObject({ status: 404, body: { code: 'model_not_found' } });
  });

  it('shortens content that does not fit the model context', async () => {
    const content = 'word '.repeat(40_000);
    const response = await analyze({ content });
    expect(response.status).toBe(200);
    const prompt = lastChat().messages.at(-1)?.content ?? '';
    expect(prompt.length).toBeLessThan(25_000);
    expect(prompt).toContain(`of ${content.length} characters`);
  });

  it('refuses empty content and explains upstream failures', async () => {
    expect((await analyze({ content: '' })).status).toBe(400);
    ollama.knobs.failStatus = 500;
    try {
      const failed = await analyze({ content: 'Some text.' });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.body.message).toMatch(/^(Analysis failed|No AI models available)/);
    } finally {
      ollama.knobs.failStatus = null;
    }
  });

  it('says so when no model is available', async () => {
    const bare = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    try {
      const someone = await createUser(bare, 'analyze-bare');
      const response = await bare.request<{ code: string; message: string }>('/api/documents/analyze', {
        token: someone.token,
        body: { content: 'Hello' },
      });
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/^No AI models available/);
    } finally {
      await bare.close();
    }
  });
});
