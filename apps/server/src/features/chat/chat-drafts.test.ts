import { spawn } from 'node:child_process';
import type { Message, MessageList } from '@hearth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatFixture, eventually, openChatStream, startChatServer, streamChat } from '../../../test/chat-helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';
import { AnswerDrafts } from './answer-drafts';
import { MessageRepository } from './message.repository';

const MODEL = 'llama3:latest';
const words = (count: number, prefix = 'w') =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`).join(' ');
const quiet = { warn: () => undefined };

/** Issue 14: answers are saved while they stream, and a dead writer's answer is shown as interrupted. */
describe(`answers saved as they stream (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer();
    owner = await createUser(fixture.server, 'drafts');
  });
  afterAll(() => fixture.close());
  beforeEach(() => {
    Object.assign(fixture.ollama.knobs, { tokenDelayMs: 0, disconnectAfterTokens: null, failStatus: null });
  });

  const db = () => fixture.server.app.db.kysely;
  const rowsOf = (conversationId: string) =>
    db()
      .selectFrom('chat_messages')
      .select(['id', 'type', 'content', 'writer', 'metadata'])
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at')
      .execute();
  const messagesOf = async (id: string) =>
    (await fixture.server.request<MessageList>(`/api/conversations/${id}/messages`, { token: owner.token })).body
      .messages;

  it('writes the answer into its row while it streams, then finishes that same row', async () => {
    const reply = words(40);
    Object.assign(fixture.ollama.knobs, { reply, tokenDelayMs: 150 });
    const stream = await openChatStream(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'Write slowly',
    });
    const id = (await stream.until('conversation'))?.conversation.id ?? '';
    await stream.until('token');
    // Saved with the first text, long before the answer ends.
    const draft = await eventually(async () =>
      (await rowsOf(id)).find((row) => row.type === 'assistant' && row.content.length > 0),
    );
    expect(draft.writer).not.toBeNull();
    expect(reply.startsWith(draft.content)).toBe(true);
    expect(draft.content.length).toBeLessThan(reply.length);
    // Read meanwhile, the conversation shows what was written so far, flagged as still being written.
    const shown = (await messagesOf(id)).find((message) => message.id === draft.id);
    expect(shown?.metadata.writing).toBe(true);
    expect(reply.startsWith(shown?.content ?? '-')).toBe(true);
    // And it keeps being saved every couple of seconds.
    const later = await eventually(async () => {
      const row = (await rowsOf(id)).find((candidate) => candidate.id === draft.id);
      return row && row.content.length > draft.content.length ? row : undefined;
    }, 4000);
    expect(later.content.length).toBeLessThan(reply.length);

    const done = await stream.until('done');
    expect(done?.message).toMatchObject({ id: draft.id, type: 'assistant', content: reply, model: MODEL });
    expect(done?.message.metadata.interrupted).toBeUndefined();
    expect(done?.message.metadata.writing).toBeUndefined();
    const rows = await rowsOf(id);
    expect(rows.map((row) => [row.type, row.writer])).toEqual([
      ['user', null],
      ['assistant', null],
    ]);
    expect(await messagesOf(id)).toEqual([expect.objectContaining({ type: 'user' }), done?.message]);
  });

  it('replaces a partial answer that failed mid-stream by the error message, as before', async () => {
    Object.assign(fixture.ollama.knobs, { reply: words(20), tokenDelayMs: 20, disconnectAfterTokens: 5 });
    const result = await streamChat(fixture.server, owner.token, '/api/chat/stream', { model: MODEL, content: 'Hi' });
    const conversation = result.events[0];
    if (conversation?.type !== 'conversation') throw new Error('no conversation');
    const error = result.events.at(-1);
    expect(error?.type).toBe('error');
    const stored = await messagesOf(conversation.conversation.id);
    expect(stored.map((message) => [message.type, message.is_error])).toEqual([
      ['user', false],
      ['system', true],
    ]);
  });

  it('marks as interrupted only the unfinished answers whose writer is gone', async () => {
    const created = await fixture.server.request<{ id: string }>('/api/conversations', {
      token: owner.token,
      body: { title: 'Writers' },
    });
    const conversationId = created.body.id;
    const messages = new MessageRepository(db());
    const drafts = new AnswerDrafts(messages, quiet);
    const machineOf = (pid: number) => drafts.writer.replace(/:\d+:/, `:${pid}:`);
    const sibling = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const exited = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
      child.once('exit', () => resolve(child.pid ?? 0));
    });
    try {
      const draftBy = (writer: string, content: string) =>
        messages.insert(owner.id, conversationId, { type: 'assistant', content, model: MODEL, writer });
      const dead = await draftBy(machineOf(exited), 'written by a process that died');
      const live = await draftBy(machineOf(sibling.pid ?? 0), 'written by a live sibling');
      const elsewhere = await draftBy('other-host:4242:abcdef12', 'written on another machine just now');
      const silent = await draftBy('other-host:4243:abcdef12', 'written on another machine long ago');
      await db()
        .updateTable('chat_messages')
        .set({ written_at: new Date(Date.now() - 120_000).toISOString() })
        .where('id', '=', silent.id)
        .execute();

      // Reading the conversation settles it, as a start-up does for every conversation.
      const byId = new Map((await messagesOf(conversationId)).map((message) => [message.id, message]));
      const flags = (message: Message | undefined) => [message?.metadata.stopped, message?.metadata.interrupted];
      expect(flags(byId.get(dead.id))).toEqual([true, true]);
      expect(flags(byId.get(silent.id))).toEqual([true, true]);
      expect(flags(byId.get(live.id))).toEqual([undefined, undefined]);
      expect(flags(byId.get(elsewhere.id))).toEqual([undefined, undefined]);
      expect(byId.get(dead.id)?.content).toBe('written by a process that died');
      expect(await drafts.interruptAbandoned()).toBe(0);
    } finally {
      sibling.kill();
    }
  });
});
