import type { ApiTokenCreated, Group, InstalledModel, ModelGrant, ModelGrantsResponse } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/fake-openai';
import { assignRole } from '../../../test/helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

const RESTRICTED = 'llama3:latest';
const OPENAI_MODEL = 'qwen2.5-7b-instruct';

/** Model visibility (issue 16): models and runtimes granted to a group, enforced on the web API and on /v1. */
describe(`model grants (${testDb})`, () => {
  let fixture: ChatFixture;
  let openai: FakeOpenAi;
  let root: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let group: Group;
  const apiKeys = new Map<string, string>();

  const grant = (token: string, body: Record<string, unknown>) =>
    fixture.server.request<ModelGrant>('/api/models/grants', { method: 'PUT', token, body });
  const listed = async (user: TestUser) => {
    const response = await fixture.server.request<{ models: InstalledModel[] }>('/api/ollama/models', {
      token: user.token,
    });
    return response.body.models.map((model) => model.name);
  };
  const v1 = async (user: TestUser, path: string, body?: unknown) => {
    const response = await fetch(`${fixture.server.url}/v1${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${apiKeys.get(user.id)}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const v1Models = async (user: TestUser) =>
    ((await v1(user, '/models')).body.data as { id: string }[]).map((model) => model.id);
  const complete = (user: TestUser, model: string) =>
    v1(user, '/chat/completions', { model, messages: [{ role: 'user', content: 'Hello' }] });
  const send = (user: TestUser, model: string) =>
    streamChat(fixture.server, user.token, '/api/chat/stream', { model, content: 'Hello there' });

  beforeAll(async () => {
    openai = await startFakeOpenAi({ models: [OPENAI_MODEL] });
    fixture = await startChatServer(
      { reply: 'Granted.' },
      { SIGNUP_MODE: 'open', OPENAI_BASE_URL: `${openai.url}/v1`, MODEL_LIST_CACHE_MS: '0' },
    );
    root = await createUser(fixture.server, 'grants-root');
    admin = await createUser(fixture.server, 'grants-admin');
    member = await createUser(fixture.server, 'grants-member');
    outsider = await createUser(fixture.server, 'grants-outsider');
    await assignRole(fixture.server, root.token, admin.id, 'admin');
    const created = await fixture.server.request<Group>('/api/admin/groups', {
      token: root.token,
      body: { name: 'Model testers' },
    });
    expect(created.status).toBe(201);
    group = created.body;
    const added = await fixture.server.request(`/api/admin/groups/${group.id}/members`, {
      token: root.token,
      body: { user_id: member.id },
    });
    expect(added.status).toBe(200);
    for (const user of [root, admin, member, outsider]) {
      const token = await fixture.server.request<ApiTokenCreated>('/api/tokens', {
        token: user.token,
        body: { name: 'client' },
      });
      apiKeys.set(user.id, token.body.secret);
    }
  });
  afterAll(async () => {
    await fixture.close();
    await openai.close();
  });

  it('shows every model to everyone while nothing is granted', async () => {
    for (const user of [member, outsider]) expect(await listed(user)).toEqual(expect.arrayContaining([RESTRICTED]));
    expect((await fixture.server.request('/api/models/grants', { token: admin.token })).body).toEqual({ grants: [] });
  });

  it('only super admins set visibility, and only to existing groups', async () => {
    const body = { kind: 'model', subject: RESTRICTED, group_ids: [group.id] };
    expect((await grant(admin.token, body)).status).toBe(403);
    expect((await grant(member.token, body)).status).toBe(403);
    const unknown = await grant(root.token, { ...body, group_ids: ['no-such-group'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_error' });
  });

  it('a model granted to a group is listed and usable for members only; admins see it all', async () => {
    const set = await grant(root.token, { kind: 'model', subject: RESTRICTED, group_ids: [group.id] });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ kind: 'model', subject: RESTRICTED, group_ids: [group.id] });
    const grants = await fixture.server.request<ModelGrantsResponse>('/api/models/grants', { token: admin.token });
    expect(grants.body.grants).toEqual([set.body]);

    expect(await listed(member)).toContain(RESTRICTED);
    expect(await listed(admin)).toContain(RESTRICTED);
    expect(await listed(root)).toContain(RESTRICTED);
    expect(await listed(outsider)).not.toContain(RESTRICTED);
    expect(await listed(outsider)).toContain('llava:13b');
    expect(await v1Models(member)).toContain(RESTRICTED);
    expect(await v1Models(outsider)).not.toContain(RESTRICTED);

    const before = fixture.ollama.chats().length;
    const refused = await send(outsider, RESTRICTED);
    expect(refused.status).toBe(404);
    expect(refused.error?.code).toBe('model_not_found');
    expect((await complete(outsider, RESTRICTED)).status).toBe(404);
    const analyze = (user: TestUser) =>
      fixture.server.request('/api/documents/analyze', {
        token: user.token,
        body: { content: 'Text', model: RESTRICTED },
      });
    expect((await analyze(outsider)).status).toBe(404);
    expect(fixture.ollama.chats().length).toBe(before);
    expect((await analyze(member)).status).toBe(200);

    expect((await send(member, RESTRICTED)).status).toBe(200);
    expect((await complete(member, RESTRICTED)).status).toBe(200);
    expect((await complete(admin, RESTRICTED)).status).toBe(200);
  });

  it('a runtime granted to a group hides all its models from everyone else', async () => {
    expect(await listed(outsider)).toContain(OPENAI_MODEL);
    const set = await grant(root.token, { kind: 'provider', subject: 'openai', group_ids: [group.id] });
    expect(set.status).toBe(200);

    expect(await listed(outsider)).not.toContain(OPENAI_MODEL);
    expect(await v1Models(outsider)).not.toContain(OPENAI_MODEL);
    expect((await complete(outsider, OPENAI_MODEL)).status).toBe(404);
    expect((await send(outsider, OPENAI_MODEL)).status).toBe(404);

    expect(await listed(member)).toContain(OPENAI_MODEL);
    expect(await listed(admin)).toContain(OPENAI_MODEL);
    expect((await complete(member, OPENAI_MODEL)).status).toBe(200);
  });

  it('deleting the only granted group keeps the model hidden instead of opening it to everyone', async () => {
    const doomed = await fixture.server.request<Group>('/api/admin/groups', {
      token: root.token,
      body: { name: 'Short-lived' },
    });
    expect((await grant(root.token, { kind: 'model', subject: 'llava:13b', group_ids: [doomed.body.id] })).status).toBe(
      200,
    );
    const deleted = await fixture.server.request(`/api/admin/groups/${doomed.body.id}`, {
      method: 'DELETE',
      token: root.token,
    });
    expect(deleted.status).toBe(200);
    expect(await listed(outsider)).not.toContain('llava:13b');
    expect(await listed(admin)).toContain('llava:13b');
    // The deleted group may stay in the list while another is added; "Everyone" then opens it again.
    const kept = await grant(root.token, {
      kind: 'model',
      subject: 'llava:13b',
      group_ids: [doomed.body.id, group.id],
    });
    expect(kept.status).toBe(200);
    expect((await grant(root.token, { kind: 'model', subject: 'llava:13b', group_ids: [] })).status).toBe(200);
    expect(await listed(outsider)).toContain('llava:13b');
  });

  it('leaving the group takes access away at once, and "Everyone" gives it back', async () => {
    const removed = await fixture.server.request(`/api/admin/groups/${group.id}/members/${member.id}`, {
      method: 'DELETE',
      token: root.token,
    });
    expect(removed.status).toBe(200);
    expect(await listed(member)).not.toContain(RESTRICTED);
    expect((await complete(member, OPENAI_MODEL)).status).toBe(404);

    expect((await grant(root.token, { kind: 'model', subject: RESTRICTED, group_ids: [] })).status).toBe(200);
    expect((await grant(root.token, { kind: 'provider', subject: 'openai', group_ids: [] })).status).toBe(200);
    expect(await listed(outsider)).toEqual(expect.arrayContaining([RESTRICTED, OPENAI_MODEL]));
    expect((await fixture.server.request('/api/models/grants', { token: root.token })).body).toEqual({ grants: [] });
  });
});
