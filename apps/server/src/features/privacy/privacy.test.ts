import type { AuditLogList, DataExport, PrivacySettings, UpdatePreferences } from '@hearth/contract';
import { parse } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { seedConversation } from './privacy-test-helpers';

describe(`privacy settings, update preferences and export (${testDb})`, () => {
  let server: TestServer;
  let root: TestUser;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    root = await createUser(server, 'privacy-root');
    user = await createUser(server, 'privacy-user');
    other = await createUser(server, 'privacy-other');
  });
  afterAll(() => server.close());

  const put = (token: string, body: unknown) =>
    server.request<PrivacySettings>('/api/privacy/settings', { method: 'PUT', token, body });

  it('creates the settings with their defaults when missing', async () => {
    const before = await server.app.db.kysely
      .selectFrom('user_update_preferences')
      .select('user_id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(before).toBeUndefined();
    const response = await server.request<PrivacySettings>('/api/privacy/settings', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ data_retention_days: 365, auto_delete_enabled: false });
  });

  it('stores a valid retention and auto-delete, and audits the change', async () => {
    const response = await put(user.token, { data_retention_days: 30, auto_delete_enabled: true });
    expect(response.body).toMatchObject({ data_retention_days: 30, auto_delete_enabled: true });
    expect((await server.request<PrivacySettings>('/api/privacy/settings', { token: user.token })).body).toMatchObject({
      data_retention_days: 30,
      auto_delete_enabled: true,
    });
    const audit = await server.request<AuditLogList>('/api/audit-logs?resource_type=privacy_settings', {
      token: user.token,
    });
    expect(audit.body.entries[0]).toMatchObject({
      action: 'UPDATE',
      details: { data_retention_days: 30, auto_delete_enabled: true },
    });
    expect((await server.request<PrivacySettings>('/api/privacy/settings', { token: other.token })).body).toMatchObject(
      { data_retention_days: 365, auto_delete_enabled: false },
    );
  });

  it.each([0, 3651, 99999, -5, 12.5, 'abc', null, ''])(
    'refuses an out-of-range retention (%s) with the allowed range and keeps the saved one',
    async (value) => {
      await put(user.token, { data_retention_days: 30 });
      const response = await put(user.token, { data_retention_days: value });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error' });
      expect(JSON.stringify(response.body)).toContain('from 1 to 3650');
      const saved = await server.request<PrivacySettings>('/api/privacy/settings', { token: user.token });
      expect(saved.body.data_retention_days).toBe(30);
    },
  );

  it('accepts the bounds 1 and 3650, and a numeric string', async () => {
    expect((await put(user.token, { data_retention_days: 1 })).body.data_retention_days).toBe(1);
    expect((await put(user.token, { data_retention_days: 3650 })).body.data_retention_days).toBe(3650);
    expect((await put(user.token, { data_retention_days: '90' })).body.data_retention_days).toBe(90);
    expect((await put(user.token, { auto_delete_enabled: 'yes' })).status).toBe(400);
  });

  it('keeps the Update Settings of the super admin, with defaults and validation', async () => {
    const initial = await server.request<UpdatePreferences>('/api/preferences/update', { token: root.token });
    expect(initial.body).toMatchObject({
      auto_update_enabled: true,
      update_frequency: 'immediate',
      notify_before_update: true,
    });
    const body = { auto_update_enabled: false, update_frequency: 'weekly', notify_before_update: false };
    const saved = await server.request<UpdatePreferences>('/api/preferences/update', {
      method: 'PUT',
      token: root.token,
      body,
    });
    expect(saved.body).toMatchObject(body);
    expect((await server.request('/api/preferences/update', { token: root.token })).body).toMatchObject(body);
    const invalid = await server.request('/api/preferences/update', {
      method: 'PUT',
      token: root.token,
      body: { update_frequency: 'hourly' },
    });
    expect(invalid.status).toBe(400);
    expect((await server.request('/api/preferences/update', { token: user.token })).status).toBe(403);
  });

  it('exports profile, preferences, conversations, collections (metadata only) and 90 days of audit', async () => {
    const conversation = await seedConversation(server, user.id, {
      title: 'Trip planning',
      updatedDaysAgo: 1,
      messages: [
        { content: 'Where should we go?', daysAgo: 2 },
        { content: 'Lisbon is lovely in spring.', daysAgo: 1 },
      ],
    });
    await seedConversation(server, other.id, {
      title: 'Not yours',
      updatedDaysAgo: 1,
      messages: [{ content: 'other secret', daysAgo: 1 }],
    });
    const collection = await server.request<{ id: string }>('/api/knowledge/collections', {
      token: user.token,
      body: { name: 'Recipes', description: 'Family recipes' },
    });
    await server.app.db.kysely
      .insertInto('knowledge_documents')
      .values({
        id: crypto.randomUUID(),
        collection_id: collection.body.id,
        user_id: user.id,
        file_name: 'soup.md',
        file_type: 'text/markdown',
        file_size: 42,
        sha256: 'f'.repeat(64),
        blob_key: null,
        content: 'DOCUMENT-CONTENT-MUST-NOT-LEAK',
        preview: 'DOCUMENT-PREVIEW-MUST-NOT-LEAK',
        status: 'ready',
        progress: 100,
        error: null,
        metadata: '{}',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    // One of the user's entries is older than 90 days: it stays out of the export.
    const oldest = await server.app.db.kysely
      .selectFrom('audit_logs')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    const longAgo = new Date(Date.now() - 91 * 86_400_000).toISOString();
    await server.app.db.kysely
      .updateTable('audit_logs')
      .set({ created_at: longAgo })
      .where('id', '=', oldest.id)
      .execute();

    const response = await fetch(`${server.url}/api/privacy/export`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(parse(response.headers.get('content-disposition') ?? '')).toEqual({
      type: 'attachment',
      parameters: { filename: `knowledge-data-export-${today}.json` },
    });
    const text = await response.text();
    const data = JSON.parse(text) as DataExport;

    expect(data.profile).toMatchObject({ id: user.id, email: user.email, role: 'user' });
    // No credential: no hash or hash field (a sign-in entry may say it was by "password", which is no secret).
    expect(text).not.toMatch(/password_hash|argon2/i);
    expect(data.preferences).toMatchObject({ update_frequency: 'immediate', auto_update_enabled: true });
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]).toMatchObject({ id: conversation.id, title: 'Trip planning' });
    expect(data.conversations[0]?.messages.map((message) => message.content)).toEqual([
      'Where should we go?',
      'Lisbon is lovely in spring.',
    ]);
    expect(text).not.toContain('other secret');
    expect(data.collections).toEqual([
      expect.objectContaining({
        name: 'Recipes',
        documents: [expect.objectContaining({ file_name: 'soup.md', file_size: 42, status: 'ready' })],
      }),
    ]);
    expect(text).not.toContain('MUST-NOT-LEAK');
    expect(data.audit_logs.length).toBeGreaterThan(3);
    expect(data.audit_logs.every((entry) => entry.user_id === user.id)).toBe(true);
    expect(data.audit_logs.map((entry) => entry.id)).not.toContain(oldest.id);

    const audit = await server.request<AuditLogList>('/api/audit-logs?action=EXPORT', { token: user.token });
    expect(audit.body.entries[0]).toMatchObject({
      resource_type: 'user_data',
      details: { conversations: 1, messages: 2, collections: 1, documents: 1 },
    });
  });
});
