import type {
  AuditLogList,
  ConversationSettings,
  Group,
  OpenAIModelList,
  Preset,
  PresetListResponse,
  PromptGroupsResponse,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { moveToNewOrganization } from '../../../test/helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';
import { createCollection, uploadDocument, waitForDocument } from '../knowledge/knowledge-test-helpers';

interface SentChat {
  messages: { role: string; content: string }[];
  options: Record<string, number>;
}

/** Per-chat settings and presets (issue 17): stored per chat, applied by the server, shared like prompts. */
describe(`chat settings and presets (${testDb})`, () => {
  let fixture: ChatFixture;
  let root: TestUser;
  let owner: TestUser;
  let colleague: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let group: Group;

  const lastSent = () => fixture.ollama.chats().at(-1)?.body as SentChat;
  const send = async (user: TestUser, body: Record<string, unknown>) => {
    const result = await streamChat(fixture.server, user.token, '/api/chat/stream', {
      model: 'llama3:latest',
      content: 'Tell me about otters',
      ...body,
    });
    expect(result.status).toBe(200);
    const created = result.events.find((event) => event.type === 'conversation');
    if (created?.type !== 'conversation') throw new Error('no conversation event');
    expect(result.events.at(-1)?.type).toBe('done');
    return created.conversation.id;
  };
  const settingsOf = (user: TestUser, id: string) =>
    fixture.server.request<ConversationSettings>(`/api/conversations/${id}/settings`, { token: user.token });
  const create = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await fixture.server.request<Preset>('/api/presets', { token: user.token, body });
    expect(response.status).toBe(201);
    return response.body;
  };
  /** The caller's own audit entries of one resource type as [action, resource id], oldest first. */
  const audited = async (user: TestUser, resourceType: string) => {
    const query = new URLSearchParams({ resource_type: resourceType, limit: '200' });
    const response = await fixture.server.request<AuditLogList>(`/api/audit-logs?${query}`, { token: user.token });
    expect(response.status).toBe(200);
    return response.body.entries
      .slice()
      .reverse()
      .map((entry) => [entry.action, entry.resource_id]);
  };
  const names = async (user: TestUser) =>
    (await fixture.server.request<PresetListResponse>('/api/presets', { token: user.token })).body.presets.map(
      (preset) => preset.name,
    );

  beforeAll(async () => {
    fixture = await startChatServer({ reply: 'Otters hold hands.' });
    root = await createUser(fixture.server, 'preset-root');
    owner = await createUser(fixture.server, 'preset-owner');
    colleague = await createUser(fixture.server, 'preset-colleague');
    member = await createUser(fixture.server, 'preset-member');
    outsider = await createUser(fixture.server, 'preset-outsider');
    await moveToNewOrganization(fixture.server, outsider.id);
    group = (await fixture.server.request<Group>('/api/admin/groups', { token: root.token, body: { name: 'Otters' } }))
      .body;
    await fixture.server.request(`/api/admin/groups/${group.id}/members`, {
      token: root.token,
      body: { user_id: member.id },
    });
    // The member is in a group of the owner's organisation but is otherwise kept apart from org-wide sharing.
    await moveToNewOrganization(fixture.server, member.id, 'Group only');
  });
  afterAll(() => fixture.close());

  it("stores a chat's own settings and applies them to every answer of that chat only", async () => {
    const chat = await send(owner, {});
    expect((await settingsOf(owner, chat)).body).toEqual({ settings: { model: 'llama3:latest' }, preset: null });

    const saved = await fixture.server.request<ConversationSettings>(`/api/conversations/${chat}/settings`, {
      token: owner.token,
      method: 'PUT',
      body: {
        settings: {
          system_prompt: 'You are a marine biologist.',
          temperature: 1.1,
          top_p: 0.5,
          max_tokens: 77,
          context_size: 2048,
          model: 'llama3:latest',
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ system_prompt: 'You are a marine biologist.', temperature: 1.1 });

    await send(owner, { conversation_id: chat, temperature: 0.3 });
    const sent = lastSent();
    expect(sent.messages[0]?.role).toBe('system');
    expect(sent.messages[0]?.content.startsWith('You are a marine biologist.')).toBe(true);
    expect(sent.messages[0]?.content).not.toContain('You are Hearth');
    expect(sent.options).toMatchObject({ temperature: 1.1, top_p: 0.5, num_predict: 77, num_ctx: 2048 });

    // A second chat starts from the defaults.
    const second = await send(owner, {});
    expect(lastSent().messages[0]?.content).toContain('You are Hearth');
    expect(lastSent().options).toEqual({ temperature: 0.3 });
    expect((await settingsOf(owner, second)).body.settings).toEqual({ model: 'llama3:latest' });
    expect((await settingsOf(owner, chat)).body.settings.system_prompt).toBe('You are a marine biologist.');
    expect(await audited(owner, 'conversation_settings')).toEqual([['UPDATE', chat]]);
  });

  it("refuses another user's chat and out-of-range settings", async () => {
    const chat = await send(owner, {});
    expect((await settingsOf(colleague, chat)).status).toBe(404);
    const put = (user: TestUser, settings: unknown) =>
      fixture.server.request(`/api/conversations/${chat}/settings`, {
        token: user.token,
        method: 'PUT',
        body: { settings },
      });
    expect((await put(colleague, { temperature: 1 })).status).toBe(404);
    expect((await put(owner, { temperature: 5 })).status).toBe(400);
    expect((await put(owner, { system_prompt: 'x'.repeat(20_001) })).status).toBe(400);
  });

  it('shares presets privately, with the organisation or with groups; only the owner changes them', async () => {
    const mine = await create(owner, { name: 'Private helper', settings: { temperature: 0.2 } });
    const team = await create(owner, { name: 'Team helper', shared: true, starters: ['Hello team'] });
    const grouped = await create(owner, { name: 'Group helper' });
    const shared = await fixture.server.request<PromptGroupsResponse>(`/api/presets/${grouped.id}/groups`, {
      token: owner.token,
      method: 'PUT',
      body: { group_ids: [group.id] },
    });
    expect(shared.body.groups).toEqual([{ id: group.id, name: 'Otters' }]);

    expect(await names(owner)).toEqual(expect.arrayContaining(['Private helper', 'Team helper', 'Group helper']));
    expect(await names(colleague)).toContain('Team helper');
    expect(await names(colleague)).not.toContain('Private helper');
    expect(await names(member)).toEqual(['Group helper']);
    expect(await names(outsider)).toEqual([]);
    const seen = (await fixture.server.request<PresetListResponse>('/api/presets', { token: colleague.token })).body;
    expect(seen.presets.find((preset) => preset.id === team.id)).toMatchObject({ owned: false, shared: true });

    for (const user of [colleague, outsider]) {
      const edit = await fixture.server.request(`/api/presets/${team.id}`, {
        token: user.token,
        method: 'PATCH',
        body: { name: 'Taken' },
      });
      expect(edit.status).toBe(404);
      const remove = await fixture.server.request(`/api/presets/${mine.id}`, { token: user.token, method: 'DELETE' });
      expect(remove.status).toBe(404);
    }
    const foreign = await fixture.server.request(`/api/presets/${grouped.id}/groups`, { token: colleague.token });
    expect(foreign.status).toBe(404);
    const blank = await fixture.server.request('/api/presets', { token: owner.token, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    const removed = await fixture.server.request(`/api/presets/${mine.id}`, { token: owner.token, method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await names(owner)).not.toContain('Private helper');
    expect(await audited(owner, 'preset')).toEqual(
      expect.arrayContaining([
        ['CREATE', mine.id],
        ['CREATE', team.id],
        ['DELETE', mine.id],
      ]),
    );
    expect(await audited(owner, 'preset_share')).toEqual([['UPDATE', grouped.id]]);
  });

  it("starts a chat from a preset with its settings; another organisation's user is refused", async () => {
    const preset = await create(colleague, {
      name: 'Pirate',
      shared: true,
      settings: { system_prompt: 'Talk like a pirate.', temperature: 0.9, model: 'llama3:latest' },
      starters: ['Tell me a sea story'],
    });
    const chat = await send(owner, { preset_id: preset.id });
    expect(lastSent().messages[0]?.content.startsWith('Talk like a pirate.')).toBe(true);
    expect(lastSent().options).toMatchObject({ temperature: 0.9 });
    expect((await settingsOf(owner, chat)).body).toMatchObject({
      settings: { system_prompt: 'Talk like a pirate.', temperature: 0.9 },
      preset: { id: preset.id, name: 'Pirate' },
    });

    const refused = await streamChat(fixture.server, outsider.token, '/api/chat/stream', {
      model: 'llama3:latest',
      content: 'Arr?',
      preset_id: preset.id,
    });
    expect(refused.status).toBe(404);
  });

  it('answers /v1 requests that name a preset, and lists the presets the caller may use', async () => {
    await create(owner, {
      name: 'Haiku writer',
      settings: { system_prompt: 'Answer in a haiku.', temperature: 1.3, top_p: 0.4, model: 'llama3:latest' },
    });
    const models = await fixture.server.request<OpenAIModelList>('/v1/models', { token: owner.token });
    expect(models.body.data.map((model) => model.id)).toEqual(
      expect.arrayContaining(['llama3:latest', 'Haiku writer']),
    );
    const completion = await fixture.server.request<{ model: string }>('/v1/chat/completions', {
      token: owner.token,
      body: { model: 'Haiku writer', messages: [{ role: 'user', content: 'Otters?' }] },
    });
    expect(completion.status).toBe(200);
    expect(completion.body.model).toBe('Haiku writer');
    expect(lastSent().messages).toEqual([
      { role: 'system', content: 'Answer in a haiku.' },
      { role: 'user', content: 'Otters?' },
    ]);
    expect(lastSent().options).toMatchObject({ temperature: 1.3, top_p: 0.4 });

    const outsiderModels = await fixture.server.request<OpenAIModelList>('/v1/models', { token: outsider.token });
    expect(outsiderModels.body.data.map((model) => model.id)).not.toContain('Haiku writer');
    const denied = await fixture.server.request('/v1/chat/completions', {
      token: outsider.token,
      body: { model: 'Haiku writer', messages: [{ role: 'user', content: 'Otters?' }] },
    });
    expect(denied.status).toBe(404);
  });

  it("searches a preset's collections as the caller: collections they may not read are left out", async () => {
    const collection = await createCollection(fixture.server, owner, 'Harbour notes');
    const upload = await uploadDocument(
      fixture.server,
      owner.token,
      collection.id,
      'harbour.txt',
      'The lighthouse keeper of the harbour is named Ingrid Solberg. She keeps the lighthouse lamp burning.',
    );
    expect((await waitForDocument(fixture.server, owner.token, upload.body.id)).status).toBe('ready');
    await create(owner, {
      name: 'Harbour guide',
      shared: true,
      settings: { model: 'llama3:latest', collection_ids: [collection.id] },
    });
    const ask = (user: TestUser) =>
      fixture.server.request('/v1/chat/completions', {
        token: user.token,
        body: { model: 'Harbour guide', messages: [{ role: 'user', content: 'Who keeps the lighthouse lamp?' }] },
      });
    expect((await ask(owner)).status).toBe(200);
    expect(lastSent().messages[0]?.content).toContain('Ingrid Solberg');
    expect((await ask(colleague)).status).toBe(200);
    expect(JSON.stringify(lastSent().messages)).not.toContain('Ingrid');

    // The same holds for a chat's own collections.
    const askInChat = async (user: TestUser) => {
      const chat = await send(user, {});
      await fixture.server.request(`/api/conversations/${chat}/settings`, {
        token: user.token,
        method: 'PUT',
        body: { settings: { collection_ids: [collection.id] } },
      });
      await send(user, { conversation_id: chat, content: 'Who keeps the lighthouse lamp?' });
      return JSON.stringify(lastSent().messages);
    };
    expect(await askInChat(owner)).toContain('Ingrid Solberg');
    expect(await askInChat(colleague)).not.toContain('Ingrid');
  });
});
