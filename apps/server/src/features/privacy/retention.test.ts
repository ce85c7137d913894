import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AuditLogList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { seedConversation, uploadAttachment } from './privacy-test-helpers';

describe(`retention job (${testDb})`, () => {
  let server: TestServer;
  let root: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    root = await createUser(server, 'retention-root');
  });
  afterAll(() => server.close());

  const settings = (user: TestUser, body: unknown) =>
    server.request('/api/privacy/settings', { method: 'PUT', token: user.token, body });
  const conversationIds = async (userId: string) =>
    (
      await server.app.db.kysely.selectFrom('chat_conversations').select('id').where('user_id', '=', userId).execute()
    ).map((row) => row.id);
  const messageIds = async (conversationId: string) =>
    (
      await server.app.db.kysely
        .selectFrom('chat_messages')
        .select('id')
        .where('conversation_id', '=', conversationId)
        .execute()
    ).map((row) => row.id);

  it('deletes conversations, messages and attachments older than the retention of users with auto-delete on', async () => {
    const keen = await createUser(server, 'retention-keen');
    const relaxed = await createUser(server, 'retention-relaxed');
    const patient = await createUser(server, 'retention-patient');
    await settings(keen, { data_retention_days: 30, auto_delete_enabled: true });
    await settings(relaxed, { data_retention_days: 30, auto_delete_enabled: false });
    await settings(patient, { data_retention_days: 365, auto_delete_enabled: true });

    const stale = await seedConversation(server, keen.id, {
      title: 'stale',
      updatedDaysAgo: 40,
      messages: [
        { content: 'old question', daysAgo: 45 },
        { content: 'old answer', daysAgo: 40 },
      ],
    });
    const mixed = await seedConversation(server, keen.id, {
      title: 'mixed',
      updatedDaysAgo: 1,
      messages: [
        { content: 'old line', daysAgo: 60 },
        { content: 'new line', daysAgo: 1 },
      ],
    });
    const staleFile = await uploadAttachment(server, keen, { conversationId: stale.id, daysAgo: 40 });
    const freshFile = await uploadAttachment(server, keen, { conversationId: mixed.id });
    const relaxedOld = await seedConversation(server, relaxed.id, {
      title: 'kept: auto-delete off',
      updatedDaysAgo: 400,
      messages: [{ content: 'x', daysAgo: 400 }],
    });
    const patientOld = await seedConversation(server, patient.id, {
      title: 'kept: within 365 days',
      updatedDaysAgo: 40,
      messages: [{ content: 'y', daysAgo: 40 }],
    });

    const result = await server.app.privacy.retention.runOnce();
    expect(result.trimmed).toEqual([{ userId: keen.id, counts: { conversations: 1, messages: 3, attachments: 1 } }]);
    expect(await conversationIds(keen.id)).toEqual([mixed.id]);
    expect(await messageIds(stale.id)).toEqual([]);
    expect(await messageIds(mixed.id)).toEqual([mixed.messageIds[1]]);
    const blobs = path.join(server.dataDir, 'blobs');
    expect(existsSync(path.join(blobs, staleFile.blobKey))).toBe(false);
    expect(existsSync(path.join(blobs, freshFile.blobKey))).toBe(true);
    expect(await conversationIds(relaxed.id)).toEqual([relaxedOld.id]);
    expect(await conversationIds(patient.id)).toEqual([patientOld.id]);

    const audit = await server.request<AuditLogList>('/api/audit-logs?action=RETENTION', { token: keen.token });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      actor_id: null,
      resource_type: 'chat_data',
      details: { conversations: 1, messages: 3, attachments: 1, retention_days: 30 },
    });
    const others = await server.request<AuditLogList>('/api/audit-logs?scope=organization&action=RETENTION', {
      token: root.token,
    });
    expect(others.body.entries.map((entry) => entry.user_id)).toEqual([keen.id]);

    // A second pass finds nothing more to delete and writes nothing.
    expect((await server.app.privacy.retention.runOnce()).trimmed).toEqual([]);
  });

  it('runs at start-up and then at most once a day across replicas (database lease)', async () => {
    const retention = server.app.privacy.retention;
    // The start-up pass of this server holds the lease: a second replica starting now does not run again.
    expect(await retention.runIfDue(10 * 60_000)).toBeUndefined();
    expect(await retention.runIfDue(86_400_000)).toBeUndefined();
    const yesterday = new Date(Date.now() - 86_400_000 - 1000).toISOString();
    await server.app.db.kysely
      .updateTable('instance_settings')
      .set({ value: yesterday })
      .where('key', '=', 'privacy_retention_last_run')
      .execute();
    const [first, second] = await Promise.all([retention.runIfDue(86_400_000), retention.runIfDue(86_400_000)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
  });
});
