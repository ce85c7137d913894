import type {
  AuditLogList,
  AvailableToolList,
  BuiltinTool,
  ChatStreamEvent,
  MessageList,
  ToolCallRecord,
} from '@hearth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatFixture, openChatStream, startChatServer, streamChat } from '../../../test/chat-helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';

interface OllamaBody {
  tools?: { function: { name: string } }[];
  messages: { role: string; content: string }[];
}

describe(`tools in answers (${testDb})`, () => {
  let fixture: ChatFixture;
  let admin: TestUser;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer();
    admin = await createUser(fixture.server, 'tools-admin');
    owner = await createUser(fixture.server, 'tools');
    stranger = await createUser(fixture.server, 'tools-other');
  });
  afterAll(() => fixture.close());
  beforeEach(() => {
    fixture.ollama.knobs.toolCall = { name: 'calculator', arguments: { expression: '6 * 7' } };
  });

  const setCalculator = (approval: 'auto' | 'ask', token = admin.token) =>
    fixture.server.request<BuiltinTool>('/api/admin/tools/builtin/calculator', {
      method: 'PUT',
      token,
      body: { enabled: true, approval },
    });
  const calls = (events: ChatStreamEvent[]) =>
    events.flatMap((event) => (event.type === 'tool_call' ? [event.call] : []));
  const lastChat = () => fixture.ollama.chats().at(-1)?.body as OllamaBody;

  it('lists the built-in tools; only the super admin changes them', async () => {
    expect(admin.role).toBe('super_admin');
    const listed = await fixture.server.request<AvailableToolList>('/api/tools', { token: owner.token });
    expect(listed.body.tools.map((tool) => tool.name)).toEqual(['calculator', 'current_datetime', 'search_knowledge']);
    expect((await setCalculator('ask', owner.token)).status).toBe(403);
  });

  it('runs a call the model asks for, shows it, saves it with the answer and audits it', async () => {
    expect((await setCalculator('auto')).status).toBe(200);
    const result = await streamChat(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'What is six times seven?',
      tools: true,
    });
    const shown = calls(result.events);
    expect(shown.map((call) => call.status)).toEqual(['running', 'done']);
    expect(shown[1]).toMatchObject({ name: 'calculator', source: 'Built-in', result: '6 * 7 = 42' });
    const done = result.events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.message.content).toBe('Tool result: 6 * 7 = 42');
    expect(done.message.metadata.tool_calls).toEqual([shown[1]]);
    const listed = await fixture.server.request<MessageList>(
      `/api/conversations/${done.message.conversation_id}/messages`,
      { token: owner.token },
    );
    expect(listed.body.messages.at(-1)?.metadata.tool_calls).toEqual([shown[1]]);
    // The model saw the tools, its own call and the result.
    expect(lastChat().tools?.map((tool) => tool.function.name)).toContain('calculator');
    expect(lastChat().messages.at(-1)).toMatchObject({ role: 'tool', content: '6 * 7 = 42' });

    const audit = await fixture.server.request<AuditLogList>('/api/audit-logs?resource_type=tool_call', {
      token: owner.token,
    });
    expect(audit.body.entries[0]).toMatchObject({
      action: 'CREATE',
      resource_id: shown[1]?.id,
      details: { tool: 'calculator', status: 'done', arguments: '{"expression":"6 * 7"}' },
    });
  });

  it('offers no tools unless the user turned them on', async () => {
    const result = await streamChat(fixture.server, owner.token, '/api/chat/stream', { model: MODEL, content: 'Hi' });
    expect(calls(result.events)).toEqual([]);
    expect(lastChat().tools).toBeUndefined();
  });

  it("offers only the tools a chat's settings name", async () => {
    const first = await streamChat(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'Hello',
    });
    const conversation = first.events.find((event) => event.type === 'conversation');
    if (conversation?.type !== 'conversation') throw new Error('no conversation');
    const id = conversation.conversation.id;
    const saved = await fixture.server.request(`/api/conversations/${id}/settings`, {
      method: 'PUT',
      token: owner.token,
      body: { settings: { tool_names: ['current_datetime'] } },
    });
    expect(saved.status).toBe(200);
    const result = await streamChat(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      conversation_id: id,
      content: 'What is six times seven?',
      tools: true,
    });
    // The model was not offered the calculator, so it did not call it.
    expect(lastChat().tools?.map((tool) => tool.function.name)).toEqual(['current_datetime']);
    expect(calls(result.events)).toEqual([]);
  });

  it('waits for the owner to approve a call that asks first; nobody else can decide it', async () => {
    await setCalculator('ask');
    const stream = await openChatStream(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'Compute it, please',
      tools: true,
    });
    const conversation = await stream.until('conversation');
    const waiting = await stream.until('tool_call');
    if (!conversation || !waiting) throw new Error('no waiting call');
    expect(waiting.call.status).toBe('awaiting_approval');
    const decide = (token: string, approve: boolean) =>
      fixture.server.request<{ decided: boolean }>(
        `/api/conversations/${conversation.conversation.id}/tool-calls/${waiting.call.id}/decision`,
        { method: 'POST', token, body: { approve } },
      );
    expect((await decide(stranger.token, true)).body.decided).toBe(false);
    expect((await decide(owner.token, false)).body.decided).toBe(true);
    // Decided once: a second answer changes nothing.
    expect((await decide(owner.token, true)).body.decided).toBe(false);
    const ended = (await stream.until('tool_call'))?.call as ToolCallRecord;
    expect(ended).toMatchObject({ status: 'denied', result: 'The user declined this call.' });
    const done = await stream.until('done');
    expect(done?.message.content).toBe('Tool result: The user declined this call.');
    await setCalculator('auto');
  });
});
