import type { Group, Organization, Prompt, PromptGroupsResponse, PromptListResponse } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

/** Prompts shared with a group (issue 16): visible to its members now, to nobody else. */
describe(`prompts shared with groups (${testDb})`, () => {
  let server: TestServer;
  let root: TestUser;
  let owner: TestUser;
  let member: TestUser;
  let other: TestUser;
  let group: Group;
  let foreignGroup: Group;
  let prompt: Prompt;

  const titles = async (user: TestUser) =>
    (await server.request<PromptListResponse>('/api/prompts', { token: user.token })).body.prompts.map(
      (entry) => entry.title,
    );
  const setGroups = (token: string, ids: string[]) =>
    server.request<PromptGroupsResponse>(`/api/prompts/${prompt.id}/groups`, {
      method: 'PUT',
      token,
      body: { group_ids: ids },
    });

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false', SIGNUP_MODE: 'open' });
    root = await createUser(server, 'pg-root');
    owner = await createUser(server, 'pg-owner');
    member = await createUser(server, 'pg-member');
    other = await createUser(server, 'pg-other');
    group = (await server.request<Group>('/api/admin/groups', { token: root.token, body: { name: 'Editors' } })).body;
    await server.request(`/api/admin/groups/${group.id}/members`, { token: root.token, body: { user_id: member.id } });
    const org = await server.request<Organization>('/api/admin/organizations', {
      token: root.token,
      body: { name: 'Other' },
    });
    foreignGroup = (
      await server.request<Group>('/api/admin/groups', {
        token: root.token,
        body: { name: 'Far away', organization_id: org.body.id },
      })
    ).body;
    prompt = (
      await server.request<Prompt>('/api/prompts', {
        token: owner.token,
        body: { title: 'Release notes', content: 'Summarise {{changes}}', shared: false },
      })
    ).body;
  });
  afterAll(() => server.close());

  it('members of the group see the prompt, others do not; only the owner manages the list', async () => {
    expect(await titles(member)).not.toContain('Release notes');
    const shared = await setGroups(owner.token, [group.id]);
    expect(shared.status).toBe(200);
    expect(shared.body.groups).toEqual([{ id: group.id, name: 'Editors' }]);
    expect(await titles(member)).toContain('Release notes');
    expect(await titles(other)).not.toContain('Release notes');

    // Members read it; editing stays with the owner.
    const edit = await server.request(`/api/prompts/${prompt.id}`, {
      method: 'PATCH',
      token: member.token,
      body: { title: 'Mine now' },
    });
    expect(edit.status).toBe(404);
    expect((await setGroups(member.token, [])).status).toBe(404);
    expect((await server.request(`/api/prompts/${prompt.id}/groups`, { token: other.token })).status).toBe(404);
  });

  it('refuses groups of another organisation, and membership is checked at read time', async () => {
    expect((await setGroups(owner.token, [foreignGroup.id])).status).toBe(400);
    await server.request(`/api/admin/groups/${group.id}/members/${member.id}`, { method: 'DELETE', token: root.token });
    expect(await titles(member)).not.toContain('Release notes');
  });
});
