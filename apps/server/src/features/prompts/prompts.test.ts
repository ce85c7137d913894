import {
  PROMPT_CONTENT_MAX,
  PROMPT_CONTENT_REQUIRED,
  PROMPT_LIMIT,
  PROMPT_TITLE_REQUIRED,
  type Prompt,
  type PromptListResponse,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveToNewOrganization } from '../../../test/helpers';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

describe(`prompt library (${testDb})`, () => {
  let server: TestServer;
  let owner: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;

  const list = async (user: TestUser) =>
    (await server.request<PromptListResponse>('/api/prompts', { token: user.token })).body.prompts;
  const create = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await server.request<Prompt>('/api/prompts', { token: user.token, body });
    expect(response.status).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    owner = await createUser(server, 'prompt-owner');
    colleague = await createUser(server, 'prompt-colleague');
    outsider = await createUser(server, 'prompt-outsider');
    await moveToNewOrganization(server, outsider.id);
  });
  afterAll(() => server.close());

  it('lists the two built-in starters for a new user, read-only and with their variables', async () => {
    const prompts = await list(owner);
    expect(prompts.map((prompt) => prompt.title)).toEqual(['Contract Analysis', 'Document Research']);
    expect(prompts.every((prompt) => prompt.built_in && !prompt.owned)).toBe(true);
    expect(prompts[1]?.variables).toEqual(['question']);
    const edit = await server.request(`/api/prompts/${prompts[0]?.id ?? ''}`, {
      token: owner.token,
      method: 'PATCH',
      body: { title: 'Mine now' },
    });
    expect(edit.status).toBe(400);
  });

  it('creates, edits and deletes an own prompt; variables come from {{name}}', async () => {
    const created = await create(owner, {
      title: '  Summary  ',
      description: 'Short summary',
      content: 'Summarise {{ topic }} for {{audience}}; keep {{topic}} first.',
    });
    expect(created).toMatchObject({
      title: 'Summary',
      description: 'Short summary',
      variables: ['topic', 'audience'],
      shared: false,
      owned: true,
      built_in: false,
      author: null,
    });
    expect((await list(owner)).map((prompt) => prompt.id)).toContain(created.id);

    const edited = await server.request<Prompt>(`/api/prompts/${created.id}`, {
      token: owner.token,
      method: 'PATCH',
      body: { content: 'Explain {{idea}}', description: null },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Summary', description: null, variables: ['idea'] });

    const removed = await server.request(`/api/prompts/${created.id}`, { token: owner.token, method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await list(owner)).map((prompt) => prompt.id)).not.toContain(created.id);
    const again = await server.request(`/api/prompts/${created.id}`, { token: owner.token, method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('shares within the organisation only; only the owner may change or delete', async () => {
    const privateOne = await create(owner, { title: 'Private', content: 'Just for me' });
    const sharedOne = await create(owner, { title: 'Team', content: 'For the team', shared: true });

    const seenByColleague = await list(colleague);
    expect(seenByColleague.map((prompt) => prompt.id)).toContain(sharedOne.id);
    expect(seenByColleague.map((prompt) => prompt.id)).not.toContain(privateOne.id);
    expect(seenByColleague.find((prompt) => prompt.id === sharedOne.id)).toMatchObject({
      owned: false,
      shared: true,
      author: owner.email,
    });
    expect((await list(outsider)).map((prompt) => prompt.id)).not.toContain(sharedOne.id);

    for (const user of [colleague, outsider]) {
      for (const id of [sharedOne.id, privateOne.id]) {
        const patch = await server.request(`/api/prompts/${id}`, {
          token: user.token,
          method: 'PATCH',
          body: { title: 'Hijacked' },
        });
        expect(patch.status).toBe(404);
        const remove = await server.request(`/api/prompts/${id}`, { token: user.token, method: 'DELETE' });
        expect(remove.status).toBe(404);
      }
    }
    expect((await list(owner)).find((prompt) => prompt.id === sharedOne.id)?.title).toBe('Team');

    // Unsharing hides it again; an owner who moves organisation no longer shares with the old one.
    await server.request(`/api/prompts/${sharedOne.id}`, {
      token: owner.token,
      method: 'PATCH',
      body: { shared: false },
    });
    expect((await list(colleague)).map((prompt) => prompt.id)).not.toContain(sharedOne.id);
    await server.request(`/api/prompts/${sharedOne.id}`, {
      token: owner.token,
      method: 'PATCH',
      body: { shared: true },
    });
    expect((await list(colleague)).map((prompt) => prompt.id)).toContain(sharedOne.id);
    const mover = await createUser(server, 'prompt-mover');
    const moved = await create(mover, { title: 'Moving', content: 'Soon elsewhere', shared: true });
    expect((await list(colleague)).map((prompt) => prompt.id)).toContain(moved.id);
    await moveToNewOrganization(server, mover.id, 'Moved');
    expect((await list(colleague)).map((prompt) => prompt.id)).not.toContain(moved.id);
  });

  it('refuses blank or oversized fields with clear errors', async () => {
    const blankTitle = await server.request('/api/prompts', { token: owner.token, body: { title: ' ', content: 'x' } });
    expect(blankTitle.status).toBe(400);
    expect(blankTitle.body).toMatchObject({ code: 'validation_error', message: PROMPT_TITLE_REQUIRED });
    const blankContent = await server.request('/api/prompts', {
      token: owner.token,
      body: { title: 'Title', content: '\n' },
    });
    expect(blankContent.body).toMatchObject({ code: 'validation_error', message: PROMPT_CONTENT_REQUIRED });
    const longTitle = await server.request('/api/prompts', {
      token: owner.token,
      body: { title: 'x'.repeat(201), content: 'x' },
    });
    expect(longTitle.status).toBe(400);
    const longContent = await server.request('/api/prompts', {
      token: owner.token,
      body: { title: 'Long', content: 'x'.repeat(PROMPT_CONTENT_MAX + 1) },
    });
    expect(longContent.status).toBe(400);
    const existing = await create(owner, { title: 'Keep', content: 'Kept' });
    const blankEdit = await server.request(`/api/prompts/${existing.id}`, {
      token: owner.token,
      method: 'PATCH',
      body: { title: '' },
    });
    expect(blankEdit.body).toMatchObject({ message: PROMPT_TITLE_REQUIRED });
  });

  it(`keeps at most ${PROMPT_LIMIT} prompts per account`, async () => {
    const heavy = await createUser(server, 'prompt-heavy');
    const now = new Date().toISOString();
    await server.app.db.kysely
      .insertInto('prompts')
      .values(
        Array.from({ length: PROMPT_LIMIT }, (_, index) => ({
          id: crypto.randomUUID(),
          user_id: heavy.id,
          organization_id: null,
          title: `P${index}`,
          description: null,
          content: 'x',
          shared: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const refused = await server.request('/api/prompts', {
      token: heavy.token,
      body: { title: 'One more', content: 'x' },
    });
    expect(refused.status).toBe(409);
    expect(
      (await server.request('/api/prompts', { token: owner.token, body: { title: 'Fine', content: 'x' } })).status,
    ).toBe(201);
  });
});
