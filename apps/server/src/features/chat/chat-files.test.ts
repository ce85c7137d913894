import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Attachment, NO_VISION_MODEL_MESSAGE } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { createUser, type TestServer, type TestUser, testDb } from '../../../test/test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface SentChat {
  model: string;
  messages: { role: string; content: string; images?: string[] }[];
}

async function upload(server: TestServer, token: string, name: string, data: Buffer | string): Promise<Attachment> {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
  const response = await fetch(`${server.url}/api/chat/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  return (await response.json()) as Attachment;
}

describe(`chat with files (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer({ reply: 'I read it.' });
    owner = await createUser(fixture.server, 'files-chat');
    stranger = await createUser(fixture.server, 'files-chat-other');
  });
  afterAll(() => fixture.close());

  const lastChat = () => fixture.ollama.chats().at(-1)?.body as SentChat;
  const send = (body: Record<string, unknown>, token = owner.token) =>
    streamChat(fixture.server, token, '/api/chat/stream', { model: 'llama3:latest', ...body });

  it("puts a document's text into the prompt; no text means 'Uploaded documents for analysis'", async () => {
    const file = await upload(fixture.server, owner.token, 'code.txt', 'The vault code is 7319.');
    const result = await send({ content: '', attachment_ids: [file.id] });
    expect(result.status).toBe(200);
    const [conversation, userMessage] = result.events;
    expect(conversation?.type === 'conversation' && conversation.conversation.title).toBe(
      'Uploaded documents for analysis',
    );
    expect(userMessage?.type === 'user_message' && userMessage.message).toMatchObject({
      content: 'Uploaded documents for analysis',
      attachments: [{ id: file.id, name: 'code.txt', kind: 'document', has_text: true }],
    });
    const prompt = lastChat().messages.at(-1)?.content ?? '';
    expect(prompt.startsWith('Uploaded documents for analysis')).toBe(true);
    expect(prompt).toContain('The vault code is 7319.');
    expect(result.events.at(-1)?.type).toBe('done');

    // A file belongs to the message it was sent with: it cannot be attached again elsewhere.
    const reuse = await send({ content: 'again', attachment_ids: [file.id] });
    expect(reuse.status).toBe(404);
  });

  it('reads .md and .csv files like the knowledge base does, and the owner can open them again', async () => {
    const notes = await upload(fixture.server, owner.token, 'notes.md', '# Plan\n\nThe launch code is **4471**.');
    const table = await upload(fixture.server, owner.token, 'stock.csv', 'item,count\nlanterns,12\nwicks,340\n');
    expect(notes).toMatchObject({ mime_type: 'text/markdown', kind: 'document', has_text: true });
    expect(table).toMatchObject({ mime_type: 'text/csv', kind: 'document', has_text: true });
    const result = await send({ content: 'What do these say?', attachment_ids: [notes.id, table.id] });
    expect(result.status).toBe(200);
    const prompt = lastChat().messages.at(-1)?.content ?? '';
    expect(prompt).toContain('4471');
    expect(prompt).toContain('lanterns');
    expect(prompt).toContain('wicks');

    // The chip of a sent file opens the original: a download for the owner, a 404 for anyone else.
    const url = `${fixture.server.url}/api/chat/attachments/${table.id}/content`;
    const own = await fetch(url, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/^attachment;.*stock\.csv/);
    expect(await own.text()).toBe('item,count\nlanterns,12\nwicks,340\n');
    const other = await fetch(url, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(other.status).toBe(404);
  });

  it('sends images to a vision model (another one when the chosen model has no vision)', async () => {
    const image = await upload(fixture.server, owner.token, 'chart.png', PNG);
    const result = await send({ content: 'What does this show?', attachment_ids: [image.id] });
    const done = result.events.at(-1);
    expect(done?.type === 'done' && done.message.model).toBe('llava:13b');
    const sent = lastChat();
    expect(sent.model).toBe('llava:13b');
    expect(sent.messages.at(-1)?.images).toEqual([PNG.toString('base64')]);
  });

  it("refuses another user's file", async () => {
    const theirs = await upload(fixture.server, stranger.token, 'theirs.txt', 'not yours');
    const result = await send({ content: 'read this', attachment_ids: [theirs.id] });
    expect(result.status).toBe(404);
    expect(result.error?.code).toBe('not_found');
  });

  it("deleting the conversation deletes its files' originals", async () => {
    const file = await upload(fixture.server, owner.token, 'temp.txt', 'short-lived content');
    const result = await send({ content: 'keep this briefly', attachment_ids: [file.id] });
    const id = result.events[0]?.type === 'conversation' ? result.events[0].conversation.id : '';
    const row = await fixture.server.app.db.kysely
      .selectFrom('chat_attachments')
      .select('blob_key')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    const blob = path.join(fixture.server.dataDir, 'blobs', row.blob_key);
    expect(existsSync(blob)).toBe(true);
    expect(
      (await fixture.server.request(`/api/conversations/${id}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(200);
    expect(existsSync(blob)).toBe(false);
    const served = await fetch(`${fixture.server.url}/api/chat/attachments/${file.id}/content`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(served.status).toBe(404);
  });

  it('POST /api/chat answers {response, responseMetadata, usedDocuments} using the sent history', async () => {
    const response = await fixture.server.request<{
      response: string;
      responseMetadata: Record<string, unknown>;
      usedDocuments: unknown[];
    }>('/api/chat', {
      token: owner.token,
      body: {
        message: 'And the second one?',
        model: 'llama3:latest',
        conversation_history: [
          { role: 'user', content: 'Name two colours' },
          { role: 'assistant', content: 'Red and blue.' },
        ],
        selectedCollections: [],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      response: 'I read it.',
      responseMetadata: {
        model: 'llama3:latest',
        provider_id: 'ollama',
        enhanced: true,
        fallback: false,
        summary_used: false,
        truncated: false,
        usage: { prompt_tokens: 12, completion_tokens: expect.any(Number) },
      },
      usedDocuments: [],
    });
    expect(lastChat().messages.map((turn) => [turn.role, turn.content.slice(0, 20)])).toEqual([
      ['system', expect.any(String)],
      ['user', 'Name two colours'],
      ['assistant', 'Red and blue.'],
      ['user', 'And the second one?'],
    ]);
    const unknown = await fixture.server.request<{ code: string }>('/api/chat', {
      token: owner.token,
      body: { message: 'hi', model: 'missing:1b' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('model_not_found');
  });

  it("POST /api/chat reads a stored conversation's history, only the owner's", async () => {
    const first = await send({ content: 'Remember the number 55' });
    const id = first.events[0]?.type === 'conversation' ? first.events[0].conversation.id : '';
    const mine = await fixture.server.request('/api/chat', {
      token: owner.token,
      body: { message: 'Which number?', model: 'llama3:latest', conversationId: id },
    });
    expect(mine.status).toBe(200);
    expect(lastChat().messages.map((turn) => turn.content)).toContain('Remember the number 55');
    const theirs = await fixture.server.request<{ code: string }>('/api/chat', {
      token: stranger.token,
      body: { message: 'Which number?', model: 'llama3:latest', conversationId: id },
    });
    expect(theirs.status).toBe(404);
  });

  it('POST /api/vision/analyze answers {analysis, model} from a vision model', async () => {
    const response = await fixture.server.request<{ analysis: string; model: string }>('/api/vision/analyze', {
      token: owner.token,
      body: { image_data: `data:image/png;base64,${PNG.toString('base64')}`, analysis_type: 'ocr', prompt: '' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ analysis: 'I read it.', model: 'llava:13b' });
    expect(lastChat().messages[0]?.images).toEqual([PNG.toString('base64')]);
    const notImage = await fixture.server.request<{ code: string }>('/api/vision/analyze', {
      token: owner.token,
      body: { image_data: Buffer.from('hello').toString('base64') },
    });
    expect(notImage.status).toBe(400);
  });
});

describe(`files without a vision model (${testDb})`, () => {
  let fixture: ChatFixture;
  let user: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer({ models: [{ name: 'llama3:latest', capabilities: ['completion'] }] });
    user = await createUser(fixture.server, 'no-vision');
  });
  afterAll(() => fixture.close());

  it("refuses images with the spec's message and stores nothing", async () => {
    const image = await upload(fixture.server, user.token, 'photo.png', PNG);
    const result = await streamChat(fixture.server, user.token, '/api/chat/stream', {
      model: 'llama3:latest',
      content: 'What is this?',
      attachment_ids: [image.id],
    });
    expect(result.status).toBe(503);
    expect(result.error).toMatchObject({ code: 'no_vision_model', message: NO_VISION_MODEL_MESSAGE });
    const list = await fixture.server.request<{ conversations: unknown[] }>('/api/conversations', {
      token: user.token,
    });
    expect(list.body.conversations).toEqual([]);
    expect(fixture.ollama.chats()).toHaveLength(0);
  });

  it('POST /api/vision/analyze answers 503 with detail "No vision models available"', async () => {
    const response = await fixture.server.request('/api/vision/analyze', {
      token: user.token,
      body: { image_data: PNG.toString('base64'), analysis_type: 'general' },
    });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      code: 'no_vision_model',
      message: NO_VISION_MODEL_MESSAGE,
      detail: 'No vision models available',
    });
  });
});
