import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AuditLogList } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { JobQueue } from '../../jobs/job-queue';
import { JobRepository } from '../../jobs/job.repository';
import { seedConversation, uploadAttachment } from './privacy-test-helpers';
import { RETENTION_JOB, retentionJob } from './retention.service';

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

  it('runs at start-up and daily as a scheduled job, once across replicas', async () => {
    const kysely = server.app.db.kysely;
    const rows = () =>
      kysely.selectFrom('jobs').select(['dedupe_key', 'status']).where('type', '=', RETENTION_JOB).execute();
    const deadline = Date.now() + 10_000;
    while ((await rows()).some((row) => row.status !== 'done') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // This server's start: today's run (periods are days from 00:00 UTC) and the start-up run, both done.
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const before = await rows();
    expect(before.map((row) => row.dedupe_key).sort()).toEqual([
      `${RETENTION_JOB}@${today}`,
      expect.stringMatching(new RegExp(`^${RETENTION_JOB}@start@`)),
    ]);
    expect(before.every((row) => row.status === 'done')).toBe(true);
    // A second replica starting now on the same database adds neither run.
    const quiet = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
    const replica = new JobQueue(new JobRepository(kysely, server.app.db.dialect), quiet, {
      leaseMs: 30_000,
      pollMs: 50,
      maxAttempts: 3,
      concurrency: 1,
    });
    replica.register(retentionJob(server.app.privacy.retention, quiet));
    await replica.start();
    await replica.stop();
    expect(await rows()).toHaveLength(2);
  });
});
