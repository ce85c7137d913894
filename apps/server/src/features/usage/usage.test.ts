import type { AuditLogList, MyUsage, QuotaRule, QuotaRuleList, UsageReport } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { assignRole, moveToNewOrganization } from '../../../test/helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';
const REPLY = 'Counted answers are honest answers.';
const NO_LIMITS = { messages_per_day: null, messages_per_month: null, tokens_per_day: null, tokens_per_month: null };

/** The next UTC midnight, as a quota's day resets. */
const nextMidnight = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
};

describe(`usage accounting and quotas (${testDb})`, () => {
  let fixture: ChatFixture;
  let root: TestUser;
  let member: TestUser;
  let elsewhereAdmin: TestUser;
  let elsewhereMember: TestUser;

  const server = () => fixture.server;
  const mine = (token: string) => server().request<MyUsage>('/api/usage/me?days=7', { token });
  const setQuota = (token: string, scope: string, target: string, body: Record<string, unknown>) =>
    server().request<QuotaRule>(`/api/admin/quotas/${scope}/${target}`, {
      method: 'PUT',
      token,
      body: { ...NO_LIMITS, ...body },
    });
  const chat = (token: string, content: string) =>
    streamChat(server(), token, '/api/chat/stream', { model: MODEL, content });
  const completion = (token: string) =>
    fetch(`${server().url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Hello' }] }),
    });

  beforeAll(async () => {
    fixture = await startChatServer({ reply: REPLY }, { SIGNUP_MODE: 'open' });
    root = await createUser(server(), 'root');
    member = await createUser(server(), 'member');
    elsewhereAdmin = await createUser(server(), 'elsewhere-admin');
    elsewhereMember = await createUser(server(), 'elsewhere-member');
    await assignRole(server(), root.token, elsewhereAdmin.id, 'admin');
    const organization = await moveToNewOrganization(server(), elsewhereAdmin.id, 'Elsewhere');
    await fixture.server.app.db.kysely
      .updateTable('user_roles')
      .set({ organization_id: organization })
      .where('user_id', '=', elsewhereMember.id)
      .execute();
  });
  afterAll(() => fixture.close());

  it("counts requests and the runtime's own token counts per day and model, for web chat and /v1", async () => {
    expect((await chat(member.token, 'First question')).events.at(-1)?.type).toBe('done');
    expect((await completion(member.token)).status).toBe(200);
    const usage = (await mine(member.token)).body;
    // The fake Ollama reports prompt_eval_count 12 and one eval per word of its reply.
    const words = REPLY.split(/\s+/).length;
    expect(usage.totals).toEqual({
      requests: 2,
      prompt_tokens: 24,
      completion_tokens: 2 * words,
      estimated_requests: 0,
    });
    expect(usage.models).toEqual([{ model: MODEL, ...usage.totals }]);
    expect(usage.days).toHaveLength(7);
    expect(usage.days.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), requests: 2 });
    expect(usage.quotas).toEqual([]);
    // Another user's usage is their own.
    expect((await mine(elsewhereMember.token)).body.totals.requests).toBe(0);
  });

  it('refuses the next message over a quota before any model call, saying when it resets', async () => {
    const set = await setQuota(root.token, 'user', member.id, { messages_per_day: 2 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ scope: 'user', target_id: member.id, target_name: member.email });
    const calls = fixture.ollama.chats().length;

    const refused = await chat(member.token, 'One too many');
    expect(refused.status).toBe(429);
    expect(refused.error?.code).toBe('quota_exceeded');
    expect(refused.error?.details).toMatchObject({ measure: 'messages', period: 'day', limit: 2, used: 2 });
    expect(refused.error?.details).toMatchObject({ resets_at: nextMidnight() });
    expect(refused.error?.message).toContain(`resets at ${nextMidnight().slice(0, 10)} 00:00 UTC`);

    const v1 = await completion(member.token);
    expect(v1.status).toBe(429);
    expect(Number(v1.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await v1.json()) as { error: { code: string; type: string; message: string } };
    expect(body.error).toMatchObject({ code: 'quota_exceeded', type: 'rate_limit_error' });
    expect(body.error.message).toContain('resets at');

    const temporary = await streamChat(server(), member.token, '/api/chat/temporary', {
      model: MODEL,
      messages: [{ role: 'user', content: 'Not saved, not free' }],
    });
    expect(temporary.status).toBe(429);
    expect(temporary.error?.code).toBe('quota_exceeded');

    const legacy = await server().request('/api/chat', {
      token: member.token,
      body: { model: MODEL, message: 'The non-streaming route counts too' },
    });
    expect(legacy.status).toBe(429);
    expect(Number(legacy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(legacy.body).toMatchObject({ code: 'quota_exceeded' });

    // Nothing reached the runtime, and nothing was charged or stored.
    expect(fixture.ollama.chats().length).toBe(calls);
    const usage = (await mine(member.token)).body;
    expect(usage.totals.requests).toBe(2);
    expect(usage.quotas).toEqual([
      { measure: 'messages', period: 'day', limit: 2, used: 2, resets_at: nextMidnight(), scope: 'user' },
    ]);
  });

  it('applies token quotas from the organisation, and admins too unless exempted explicitly (audited)', async () => {
    const organization = (await mine(elsewhereAdmin.token)).body;
    expect(organization.exempt).toBe(false);
    const orgId = (
      await fixture.server.app.db.kysely
        .selectFrom('user_roles')
        .select('organization_id')
        .where('user_id', '=', elsewhereAdmin.id)
        .executeTakeFirstOrThrow()
    ).organization_id as string;
    // Only the super admin sets an organisation's quota; its own admin is refused.
    expect((await setQuota(elsewhereAdmin.token, 'organization', orgId, { tokens_per_month: 1 })).status).toBe(403);
    expect((await setQuota(root.token, 'organization', orgId, { tokens_per_month: 1 })).status).toBe(200);

    expect((await chat(elsewhereAdmin.token, 'Spend my tokens')).status).toBe(200);
    const refused = await chat(elsewhereAdmin.token, 'And more');
    expect(refused.status).toBe(429);
    expect(refused.error?.details).toMatchObject({ measure: 'tokens', period: 'month', scope: 'organization' });

    const exempt = await setQuota(elsewhereAdmin.token, 'user', elsewhereAdmin.id, { exempt: true });
    expect(exempt.status).toBe(200);
    expect((await chat(elsewhereAdmin.token, 'Exempt now')).events.at(-1)?.type).toBe('done');
    expect((await mine(elsewhereAdmin.token)).body).toMatchObject({ exempt: true, quotas: [] });

    const audit = await server().request<AuditLogList>('/api/audit-logs?scope=organization&resource_type=usage_quota', {
      token: root.token,
    });
    expect(audit.body.entries.map((item) => item.resource_id)).toContain(`user:${elsewhereAdmin.id}`);
  });

  it("shows an organisation's admin only their organisation's usage and rules", async () => {
    const own = await server().request<UsageReport>('/api/admin/usage/report?days=7', { token: elsewhereAdmin.token });
    expect(own.status).toBe(200);
    expect(own.body.top_users.map((item) => item.user_id)).toEqual([elsewhereAdmin.id]);
    const all = await server().request<UsageReport>('/api/admin/usage/report?days=7', { token: root.token });
    expect(all.body.top_users.map((item) => item.user_id).sort()).toEqual([member.id, elsewhereAdmin.id].sort());
    expect(all.body.top_models[0]).toMatchObject({ model: MODEL });
    expect(all.body.days.at(-1)?.requests).toBe(all.body.totals.requests);

    const rules = await server().request<QuotaRuleList>('/api/admin/quotas', { token: elsewhereAdmin.token });
    expect(rules.body.rules.map((rule) => rule.target_id)).not.toContain(member.id);
    expect((await setQuota(elsewhereAdmin.token, 'user', member.id, { messages_per_day: 5 })).status).toBe(404);
    expect((await setQuota(elsewhereAdmin.token, 'instance', 'default', { messages_per_day: 5 })).status).toBe(403);
    expect((await setQuota(elsewhereAdmin.token, 'user', elsewhereMember.id, { messages_per_day: 5 })).status).toBe(
      200,
    );
    expect((await setQuota(root.token, 'group', member.id, { exempt: true })).status).toBe(404);
  });

  it('exports usage as CSV with a download name, scoped like the report', async () => {
    const response = await fetch(`${server().url}/api/admin/usage/export?days=7`, {
      headers: { authorization: `Bearer ${root.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename=hearth-usage-${today}.csv`);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('day,user_id,email,model,requests,prompt_tokens,completion_tokens,estimated_requests');
    expect(lines).toContain(`${today},${member.id},${member.email},${MODEL},2,24,${2 * REPLY.split(' ').length},0`);

    const scoped = await fetch(`${server().url}/api/admin/usage/export?days=7`, {
      headers: { authorization: `Bearer ${elsewhereAdmin.token}` },
    });
    expect(await scoped.text()).not.toContain(member.email);
  });

  it("applies the instance default to everyone, admins included, unless a group's rule is more specific", async () => {
    const newcomer = await createUser(server(), 'newcomer');
    expect((await setQuota(root.token, 'instance', 'default', { messages_per_day: 0 })).status).toBe(200);
    const calls = fixture.ollama.chats().length;
    const refused = await chat(newcomer.token, 'Hello?');
    expect(refused.status).toBe(429);
    expect(refused.error?.details).toMatchObject({ scope: 'instance', limit: 0 });
    expect((await chat(root.token, 'Admins too?')).status).toBe(429);
    expect(fixture.ollama.chats().length).toBe(calls);

    const group = await server().request<{ id: string }>('/api/admin/groups', {
      token: root.token,
      body: { name: 'Heavy users' },
    });
    const added = await server().request(`/api/admin/groups/${group.body.id}/members`, {
      token: root.token,
      body: { user_id: newcomer.id },
    });
    expect(added.status).toBe(200);
    expect((await setQuota(root.token, 'group', group.body.id, { messages_per_day: 10 })).status).toBe(200);
    expect((await chat(newcomer.token, 'Now?')).events.at(-1)?.type).toBe('done');
    expect((await mine(newcomer.token)).body.quotas).toEqual([
      expect.objectContaining({ measure: 'messages', period: 'day', limit: 10, used: 1, scope: 'group' }),
    ]);
    expect((await setQuota(root.token, 'instance', 'default', {})).status).toBe(200);
  });

  it('removes a rule (audited), and the user may send again', async () => {
    const removed = await server().request(`/api/admin/quotas/user/${member.id}`, {
      method: 'DELETE',
      token: root.token,
    });
    expect(removed.status).toBe(200);
    expect((await chat(member.token, 'Free again')).events.at(-1)?.type).toBe('done');
    const again = await server().request(`/api/admin/quotas/user/${member.id}`, {
      method: 'DELETE',
      token: root.token,
    });
    expect(again.status).toBe(404);
  });
});
