import { randomUUID } from 'node:crypto';
import type { AdminImportResult, AdminStats, AdminUsage, AdminUserList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole, moveToNewOrganization } from '../../../test/helpers';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';

const DAY = 86_400_000;
const daysAgo = (days: number, hour = 12) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour) - days * DAY);
};

describe(`admin dashboard: stats, usage, CSV import (${testDb})`, () => {
  let server: TestServer;
  let superAdmin: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let otherOrgId: string;

  /** Test setup only: chat history and documents with chosen dates go straight into the database. */
  async function seedConversation(userId: string, messageDates: Date[]) {
    const kysely = server.app.db.kysely;
    const id = randomUUID();
    const now = new Date().toISOString();
    await kysely
      .insertInto('chat_conversations')
      .values({
        id,
        user_id: userId,
        title: 't',
        summary: null,
        summary_message_count: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const date of messageDates) {
      await kysely
        .insertInto('chat_messages')
        .values({
          id: randomUUID(),
          conversation_id: id,
          type: 'user',
          content: 'hello',
          attachments: '[]',
          is_error: 0,
          model: null,
          metadata: '{}',
          created_at: date.toISOString(),
        })
        .execute();
    }
  }

  async function seedDocument(userId: string, size: number, created: Date) {
    const kysely = server.app.db.kysely;
    const collectionId = randomUUID();
    const now = created.toISOString();
    await kysely
      .insertInto('knowledge_collections')
      .values({ id: collectionId, user_id: userId, name: 'c', description: null, created_at: now, updated_at: now })
      .execute();
    await kysely
      .insertInto('knowledge_documents')
      .values({
        id: randomUUID(),
        collection_id: collectionId,
        user_id: userId,
        file_name: 'a.txt',
        file_type: 'text/plain',
        file_size: size,
        sha256: randomUUID(),
        blob_key: null,
        content: null,
        preview: null,
        status: 'ready',
        progress: 1,
        error: null,
        metadata: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer();
    superAdmin = await createUser(server, 'root');
    admin = await createUser(server, 'admin');
    member = await createUser(server, 'member');
    outsider = await createUser(server, 'outsider');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
    otherOrgId = await moveToNewOrganization(server, outsider.id);

    await seedConversation(member.id, [daysAgo(0), daysAgo(0), daysAgo(2)]);
    await seedConversation(outsider.id, [daysAgo(0), daysAgo(40)]);
    await seedDocument(member.id, 1000, daysAgo(2));
    await seedDocument(outsider.id, 5000, daysAgo(1));
  });
  afterAll(() => server.close());

  const stats = (token: string) => server.request<AdminStats>('/api/admin/stats', { token });
  const usage = (token: string, query = '') => server.request<AdminUsage>(`/api/admin/usage${query}`, { token });
  const importCsv = (token: string, csv: string) =>
    server.request<AdminImportResult>('/api/admin/users/import', { token, body: { csv } });

  describe('stats', () => {
    it('counts the whole instance for a super admin and only the organisation for an admin', async () => {
      const all = await stats(superAdmin.token);
      expect(all.status).toBe(200);
      expect(all.body).toEqual({
        users: 4,
        active_users_7d: 4,
        conversations: 2,
        documents: 2,
        storage_bytes: 6000,
      });
      const own = await stats(admin.token);
      expect(own.body).toEqual({ users: 3, active_users_7d: 3, conversations: 1, documents: 1, storage_bytes: 1000 });
    });

    it('counts as active only accounts seen in the last 7 days', async () => {
      const quiet = await createUser(server, 'quiet');
      const before = (await stats(superAdmin.token)).body;
      const old = new Date(Date.now() - 8 * DAY).toISOString();
      await server.app.db.kysely
        .updateTable('profiles')
        .set({ last_seen_at: old })
        .where('id', '=', quiet.id)
        .execute();
      const after = (await stats(superAdmin.token)).body;
      expect(after.users).toBe(before.users);
      expect(after.active_users_7d).toBe(before.active_users_7d - 1);
      // Using an API token counts as being seen.
      const token = await server.request<{ secret: string }>('/api/tokens', {
        token: quiet.token,
        body: { name: 'x' },
      });
      await server.app.db.kysely
        .updateTable('profiles')
        .set({ last_seen_at: old })
        .where('id', '=', quiet.id)
        .execute();
      await server.request('/api/auth/me', { token: token.body.secret });
      expect((await stats(superAdmin.token)).body.active_users_7d).toBe(before.active_users_7d);
    });
  });

  describe('usage', () => {
    it('returns every UTC day, oldest first, with zeros, scoped like the stats', async () => {
      const all = await usage(superAdmin.token);
      expect(all.status).toBe(200);
      expect(all.body.days).toHaveLength(30);
      const today = daysAgo(0).toISOString().slice(0, 10);
      expect(all.body.days.at(-1)).toEqual({ date: today, messages: 3, uploads: 0 });
      expect(all.body.days.at(-2)).toEqual({ date: daysAgo(1).toISOString().slice(0, 10), messages: 0, uploads: 1 });
      expect(all.body.days.at(-3)).toEqual({ date: daysAgo(2).toISOString().slice(0, 10), messages: 1, uploads: 1 });
      const total = all.body.days.reduce((sum, day) => sum + day.messages, 0);
      expect(total).toBe(4); // the 40-day-old message is outside the window

      const own = await usage(admin.token, '?days=7');
      expect(own.body.days).toHaveLength(7);
      expect(own.body.days.at(-1)).toEqual({ date: today, messages: 2, uploads: 0 });
      expect(own.body.days.at(-2)?.uploads).toBe(0);

      expect((await usage(superAdmin.token, '?days=60')).body.days.reduce((sum, day) => sum + day.messages, 0)).toBe(5);
      expect((await usage(admin.token, '?days=0')).status).toBe(400);
      expect((await usage(admin.token, '?days=366')).status).toBe(400);
    });
  });

  describe('CSV import', () => {
    const tag = () => Math.random().toString(36).slice(2, 8);

    it('creates valid rows in the admin organisation and reports every other row with a reason', async () => {
      const t = tag();
      const existing = member.email;
      const csv = [
        'Email,PASSWORD,Name,Role,Full_Name',
        `${t}-a@example.test,${STRONG_PASSWORD},"Lovelace, Ada",moderator,`,
        `${t}-b@example.test,${STRONG_PASSWORD},Bob,,"Robert ""Bob"" Tables"`,
        `${t}-c@example.test,,No Password,,`,
        `,${STRONG_PASSWORD},No Email,,`,
        `${existing},${STRONG_PASSWORD},Taken,,`,
        `${t}-A@example.test,${STRONG_PASSWORD},Repeat,,`,
        `${t}-d@example.test,short,Weak,,`,
        `${t}-e@example.test,${STRONG_PASSWORD},Wannabe,admin,`,
        `${t}-f@example.test,${STRONG_PASSWORD},Odd,overlord,`,
        `not-an-email,${STRONG_PASSWORD},Bad,,`,
        `"${t}-g@example.test","${STRONG_PASSWORD}",,,`,
        '',
      ].join('\r\n');
      const response = await importCsv(admin.token, csv);
      expect(response.status).toBe(200);
      const byRow = Object.fromEntries(response.body.results.map((result) => [result.row, result]));
      expect(response.body.created).toBe(3);
      expect(byRow[2]).toMatchObject({ status: 'created', email: `${t}-a@example.test`, reason: null });
      expect(byRow[3]).toMatchObject({ status: 'created', email: `${t}-b@example.test` });
      expect(byRow[4]).toMatchObject({ status: 'skipped', reason: expect.any(String) });
      expect(byRow[5]).toMatchObject({ status: 'skipped', email: null });
      expect(byRow[6]).toMatchObject({ status: 'failed', email: existing, reason: expect.stringMatching(/exists/) });
      expect(byRow[7]).toMatchObject({ status: 'skipped', email: `${t}-a@example.test` });
      expect(byRow[8]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/too weak/) });
      expect(byRow[9]).toMatchObject({
        status: 'failed',
        email: `${t}-e@example.test`,
        reason: expect.stringMatching(/super admins/),
      });
      expect(byRow[10]).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/overlord/) });
      expect(byRow[11]).toMatchObject({ status: 'skipped' });
      expect(byRow[12]).toMatchObject({ status: 'created', email: `${t}-g@example.test` });
      expect(response.body.results).toHaveLength(11);

      const listed = await server.request<AdminUserList>(`/api/admin/users?search=${t}`, { token: admin.token });
      const users = Object.fromEntries(listed.body.users.map((user) => [user.email, user]));
      expect(listed.body.total).toBe(3);
      // full_name: full_name column, then name, then the email.
      expect(users[`${t}-a@example.test`]).toMatchObject({
        full_name: 'Lovelace, Ada',
        role: 'moderator',
        parent_user_id: admin.id,
      });
      expect(users[`${t}-b@example.test`]).toMatchObject({ full_name: 'Robert "Bob" Tables', role: 'user' });
      expect(users[`${t}-g@example.test`]).toMatchObject({ full_name: `${t}-g@example.test` });
      const orgOfAdmin = (await server.request<{ organization_id: string }>('/api/auth/me', { token: admin.token }))
        .body.organization_id;
      expect(listed.body.users.every((user) => user.organization_id === orgOfAdmin)).toBe(true);
      expect((await login(server, `${t}-a@example.test`)).token).toBeTruthy();
    });

    it('lets a super admin import admins', async () => {
      const t = tag();
      const response = await importCsv(
        superAdmin.token,
        `email,password,role\n${t}@example.test,${STRONG_PASSWORD},admin`,
      );
      expect(response.body).toMatchObject({ created: 1, results: [{ row: 2, status: 'created' }] });
      const found = await server.request<AdminUserList>(`/api/admin/users?search=${t}`, { token: superAdmin.token });
      expect(found.body.users[0]).toMatchObject({ role: 'admin' });
    });

    it('refuses text without a usable header, an unclosed quote, and too many rows (400)', async () => {
      for (const csv of ['', 'name,role\nA,user', `email,password\n"x@example.test,${STRONG_PASSWORD}`]) {
        const response = await importCsv(admin.token, csv);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'validation_error' });
      }
      const many = ['email,password', ...Array.from({ length: 1001 }, (_, i) => `m${i}@example.test,x`)].join('\n');
      expect((await importCsv(admin.token, many)).status).toBe(400);
      expect((await importCsv(admin.token, 'x'.repeat(1_000_001))).status).toBe(400);
    });

    it('an admin of another organisation imports into theirs', async () => {
      const otherAdmin = await createUser(server, 'otheradmin');
      await assignRole(server, superAdmin.token, otherAdmin.id, 'admin');
      await server.app.db.kysely
        .updateTable('user_roles')
        .set({ organization_id: otherOrgId })
        .where('user_id', '=', otherAdmin.id)
        .execute();
      const t = tag();
      await importCsv(otherAdmin.token, `email,password\n${t}@example.test,${STRONG_PASSWORD}`);
      const seen = await server.request<AdminUserList>(`/api/admin/users?search=${t}`, { token: otherAdmin.token });
      expect(seen.body.users[0]).toMatchObject({ organization_id: otherOrgId, parent_user_id: otherAdmin.id });
      const hidden = await server.request<AdminUserList>(`/api/admin/users?search=${t}`, { token: admin.token });
      expect(hidden.body.total).toBe(0);
    });
  });
});
