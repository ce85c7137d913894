import type { AuditEntry, AuditLogList, DataExport } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole } from '../../../test/helpers';
import {
  createUser,
  type HttpClient,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';

let counter = 0;

/** An account made by the admin, so these tests do not depend on the sign-up mode. */
async function addUser(server: HttpClient, admin: TestUser, prefix: string): Promise<TestUser> {
  counter += 1;
  const email = `${prefix}${counter}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const created = await server.request('/api/admin/users', {
    token: admin.token,
    body: { email, password: STRONG_PASSWORD, full_name: prefix },
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return login(server, email);
}

/** Each address below is what the proxy in front of Hearth saw; the left-most part is whatever the client wrote. */
const via = (clientWrote: string, proxySaw: string) => ({ 'x-forwarded-for': `${clientWrote}, ${proxySaw}` });

describe(`accounts: hardening of sign-in and password checks (${testDb})`, () => {
  let server: TestServer;
  let owner: TestUser;
  let root: TestUser;
  beforeAll(async () => {
    // One proxy hop in front of the server; three wrong passwords per account and address, 20 per address.
    server = await startTestServer({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_IP_MAX: '20' });
    root = await createUser(server, 'root');
    owner = await addUser(server, root, 'owner');
  });
  afterAll(() => server.close());

  const signIn = (email: string, password: string, headers: Record<string, string>) =>
    server.request('/api/auth/login', { body: { email, password }, headers });

  it('counts the address the proxy saw, not the left-most X-Forwarded-For the client wrote', async () => {
    const victim = await addUser(server, root, 'spoofed');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await signIn(victim.email, 'wrong-password', via(`203.0.113.${attempt}`, '198.51.100.7'));
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('records the address the proxy saw in the audit log', async () => {
    const user = await addUser(server, root, 'audited');
    const response = await server.request<{ access_token: string }>('/api/auth/login', {
      body: { email: user.email, password: STRONG_PASSWORD },
      headers: via('6.6.6.6', '198.51.100.23'),
    });
    expect(response.status).toBe(200);
    const log = await server.request<AuditLogList>('/api/audit-logs?action=SIGN_IN&limit=1', {
      token: response.body.access_token,
    });
    expect(log.body.entries[0]?.ip).toBe('198.51.100.23');
  });

  it('keeps the owner signing in from their own address while another address is locked out', async () => {
    for (let attempt = 0; attempt < 11; attempt += 1) {
      await signIn(owner.email, 'wrong-password', via('10.0.0.1', '192.0.2.66'));
    }
    expect((await signIn(owner.email, 'wrong-password', via('10.0.0.1', '192.0.2.66'))).status).toBe(429);
    expect((await signIn(owner.email, STRONG_PASSWORD, via('10.0.0.1', '192.0.2.10'))).status).toBe(200);
  });

  it('stops guessing spread over many addresses at a slower per-account ceiling', async () => {
    const target = await addUser(server, root, 'ceiling');
    const statuses: number[] = [];
    // 3 per address, 30 per account in all: eleven addresses with three guesses each pass the ceiling.
    for (let address = 0; address < 11; address += 1) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await signIn(target.email, 'wrong-password', via('1.1.1.1', `192.0.2.${100 + address}`));
        statuses.push(response.status);
      }
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429, 429]);
  });

  it('limits guesses of the current password through a password change like sign-in', async () => {
    const user = await addUser(server, root, 'changer');
    const change = (current: string) =>
      server.request('/api/auth/password', {
        token: user.token,
        body: { current_password: current, new_password: 'Another-pass-42' },
      });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await change(`guess-${attempt}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await change(STRONG_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
  });

  it('limits guesses of the password through account deletion like sign-in', async () => {
    const user = await addUser(server, root, 'deleter');
    const remove = (password: string) =>
      server.request('/api/profile', { method: 'DELETE', token: user.token, body: { password } });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await remove(`guess-${attempt}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await remove(STRONG_PASSWORD)).status).toBe(429);
    expect((await server.request('/api/auth/me', { token: user.token })).status).toBe(200);
  });
});

describe(`audit: what a user sees of an admin's actions (${testDb})`, () => {
  let server: TestServer;
  let root: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    root = await createUser(server, 'root');
    user = await addUser(server, root, 'subject');
    await server.request('/api/profile', { method: 'PATCH', token: root.token, body: { full_name: 'Root Admin' } });
    await assignRole(server, root.token, user.id, 'moderator');
  });
  afterAll(() => server.close());

  const roleChange = (entries: AuditEntry[]) => entries.find((entry) => entry.action === 'ROLE_CHANGE');

  it("shows who acted (name and role) but not the admin's e-mail, address or browser", async () => {
    const own = await server.request<AuditLogList>('/api/audit-logs', { token: user.token });
    expect(roleChange(own.body.entries)).toMatchObject({
      actor_id: root.id,
      actor_name: 'Root Admin',
      actor_role: 'super_admin',
      actor_email: null,
      ip: null,
      user_agent: null,
    });
    // The user's own sign-in keeps the user's own address.
    const signIn = own.body.entries.find((entry) => entry.action === 'SIGN_IN');
    expect(signIn?.ip).toBe('127.0.0.1');
  });

  it('leaves them out of the data export too', async () => {
    const exported = await server.request<DataExport>('/api/privacy/export', { token: user.token });
    expect(exported.status).toBe(200);
    expect(roleChange(exported.body.audit_logs)).toMatchObject({
      actor_name: 'Root Admin',
      ip: null,
      user_agent: null,
    });
    expect(JSON.stringify(exported.body)).not.toContain(root.email);
  });

  it('still shows them to admins reading the organisation log', async () => {
    const log = await server.request<AuditLogList>(`/api/audit-logs?scope=organization&user_id=${user.id}`, {
      token: root.token,
    });
    expect(roleChange(log.body.entries)).toMatchObject({ actor_email: root.email, ip: '127.0.0.1' });
    expect(roleChange(log.body.entries)?.user_name).toBeTruthy();
  });
});
