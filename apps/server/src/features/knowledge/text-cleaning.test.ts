import type { Attachment, KnowledgeCollection, Prompt } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { createCollection, uploadDocument, waitForDocument } from './knowledge-test-helpers';

/** A NUL hid a second extension ("notes.txt\0.html" was stored and read as HTML on SQLite, a 500 on PostgreSQL). */
const HOSTILE_NAME = 'notes.txt\u0000.html';

describe(`file names with NUL and control characters (${testDb})`, () => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    user = await createUser(server, 'names');
  });
  afterAll(() => server.close());

  const post = async (path: string, field: string, name: string, content: string) => {
    const form = new FormData();
    form.append(field, new Blob([content]), name);
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('stores a knowledge upload under the cleaned name and reads it by the cleaned extension', async () => {
    const collection = await createCollection(server, user, 'Names');
    const content = '<b>not markup</b> plain words';
    const uploaded = await uploadDocument(server, user.token, collection.id, HOSTILE_NAME, content);
    expect(uploaded.status).toBe(202);
    expect(uploaded.body.file_name).toBe('notes.txt.html');
    const control = await uploadDocument(server, user.token, collection.id, 'tab\u0009bell\u0007.md', '# Heading');
    expect(control.status).toBe(202);
    expect(control.body.file_name).toBe('tabbell.md');
    const row = await server.app.db.kysely
      .selectFrom('knowledge_documents')
      .select(['file_name', 'file_type'])
      .where('id', '=', uploaded.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ file_name: 'notes.txt.html', file_type: 'html' });
    const ready = await waitForDocument(server, user.token, uploaded.body.id);
    expect(ready.file_name).not.toContain('\u0000');
  });

  it('cleans chat attachment names and picks the type from the cleaned name', async () => {
    // Read raw, this name has no extension (it ends in a control character); cleaned, it is a .txt file.
    const uploaded = await post('/api/chat/attachments', 'file', 'memo\u0000\u001b.txt\u0007', 'meeting at noon');
    expect(uploaded.status).toBe(201);
    expect((uploaded.body as unknown as Attachment).name).toBe('memo.txt');
  });

  it('previews a file with control characters in its name', async () => {
    const response = await post('/api/documents/upload', 'files', 'draft\u0000\u0002.txt', 'draft words');
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      expect.objectContaining({ filename: 'draft.txt', content_preview: expect.stringContaining('draft words') }),
    ]);
  });

  it('cleans collection names and prompt titles; NUL never reaches the database', async () => {
    const collection = await server.request<KnowledgeCollection>('/api/knowledge/collections', {
      token: user.token,
      body: { name: 'Re\u0000ci\u0007pes', description: 'line one\nline\u0000 two' },
    });
    expect(collection.status).toBe(201);
    expect(collection.body).toMatchObject({ name: 'Recipes', description: 'line one\nline two' });
    const onlyControl = await server.request<{ code: string }>('/api/knowledge/collections', {
      token: user.token,
      body: { name: '\u0000\u0001' },
    });
    expect(onlyControl.status).toBe(400);

    const prompt = await server.request<Prompt>('/api/prompts', {
      token: user.token,
      body: { title: 'Sum\u0000mary\r', content: 'Summarise {{text}}\u0000\n\tplease', description: 'd\u0000' },
    });
    expect(prompt.status).toBe(201);
    expect(prompt.body).toMatchObject({ title: 'Summary', content: 'Summarise {{text}}\n\tplease', description: 'd' });
    const renamed = await server.request<Prompt>(`/api/prompts/${prompt.body.id}`, {
      method: 'PATCH',
      token: user.token,
      body: { title: 'Short\u0000er' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { title: 'Shorter' } });
  });

  it('removes NUL from any JSON body and refuses it in addresses, the same on both databases', async () => {
    const conversation = await server.request<{ id: string; title: string }>('/api/conversations', {
      token: user.token,
      body: { title: 'Plan\u0000s' },
    });
    expect(conversation).toMatchObject({ status: 201, body: { title: 'Plans' } });
    const byNulId = await server.request<{ code: string }>('/api/conversations/abc%00def', { token: user.token });
    expect(byNulId).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    const badPath = await server.request<{ code: string }>('/api/conversations/%E0%A4', { token: user.token });
    expect(badPath).toMatchObject({ status: 400, body: { code: 'validation_error' } });
  });
});
