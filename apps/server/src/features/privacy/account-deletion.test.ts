import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AuditLogList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';
import { uploadDocument, waitForDocument } from '../knowledge/knowledge-test-helpers';
import { rowsMentioning, seedConversation, uploadAttachment } from './privacy-test-helpers';

describe(`account deletion (${testDb})`, () => {
  let server: TestServer;
  let root: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    root = await createUser(server, 'deletion-root');
  });
  afterAll(() => server.close());

  /** Gives the account one of everything: conversation, messages, attachment, collection, document, chunks, token. */
  async function populate(user: TestUser) {
    const conversation = await seedConversation(server, user.id, {
      title: 'to be forgotten',
      updatedDaysAgo: 0,
      messages: [
        { content: 'hello', daysAgo: 0 },
        { content: 'hi', daysAgo: 0 },
      ],
    });
    await uploadAttachment(server, user, { conversationId: conversation.id });
    await uploadAttachment(server, user);
    const collection = await server.request<{ id: string }>('/api/knowledge/collections', {
      token: user.token,
      body: { name: 'Private notes' },
    });
    const text = 'Hearth keeps private notes about the garden, the roses and the apple trees. '.repeat(40);
    const upload = await uploadDocument(server, user.token, collection.body.id, 'garden.txt', text);
    expect(upload.status).toBe(202);
    expect((await waitForDocument(server, user.token, upload.body.id)).status).toBe('ready');
    await server.request('/api/tokens', { token: user.token, body: { name: 'cli' } });
    await server.request('/api/privacy/settings', {
      method: 'PUT',
      token: user.token,
      body: { auto_delete_enabled: true },
    });
    const chunks = await server.app.db.kysely
      .selectFrom('knowledge_chunks')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(chunks.length).toBeGreaterThan(0);
    expect(readdirSync(path.join(server.dataDir, 'blobs', user.id))).toHaveLength(3);
    expect((await rowsMentioning(server, user.id)).length).toBeGreaterThan(8);
  }

  async function expectNoTrace(user: TestUser) {
    expect(await rowsMentioning(server, user.id)).toEqual([]);
    const prefix = path.join(server.dataDir, 'blobs', user.id);
    expect(existsSync(prefix) ? readdirSync(prefix) : []).toEqual([]);
    expect((await server.request('/api/auth/me', { token: user.token })).status).toBe(401);
    await expect(login(server, user.email)).rejects.toThrow(/401/);
  }

  it('lets a user delete their own account after confirming the password, leaving no rows or files', async () => {
    const user = await createUser(server, 'deletion-self');
    await populate(user);
    const wrong = await server.request('/api/profile', {
      method: 'DELETE',
      token: user.token,
      body: { password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect((await server.request('/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await server.request('/api/profile', { method: 'DELETE', token: user.token, body: {} })).status).toBe(400);

    const response = await server.request('/api/profile', {
      method: 'DELETE',
      token: user.token,
      body: { password: STRONG_PASSWORD },
    });
    expect(response.status).toBe(200);
    await expectNoTrace(user);

    const audit = await server.request<AuditLogList>(
      `/api/audit-logs?scope=organization&user_id=${user.id}&action=DELETE`,
      {
        token: root.token,
      },
    );
    expect(audit.body.entries.find((entry) => entry.resource_type === 'user')).toMatchObject({
      actor_id: user.id,
      resource_id: user.id,
      details: { by: 'self', files: 3 },
    });
  });

  it('removes every trace when an admin deletes the account too', async () => {
    const user = await createUser(server, 'deletion-admin');
    await populate(user);
    const response = await server.request(`/api/admin/users/${user.id}`, { method: 'DELETE', token: root.token });
    expect(response.status).toBe(200);
    await expectNoTrace(user);
    const audit = await server.request<AuditLogList>(
      `/api/audit-logs?scope=organization&user_id=${user.id}&action=DELETE`,
      {
        token: root.token,
      },
    );
    expect(audit.body.entries.find((entry) => entry.resource_type === 'user')).toMatchObject({
      actor_id: root.id,
      details: { by: 'admin' },
    });
    const chain = await server.request<{ valid: boolean }>('/api/audit-logs/verify', { token: root.token });
    expect(chain.body.valid).toBe(true);
  });
});
