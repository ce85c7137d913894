import type { SetupState } from '@hearth/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startTestServer, type TestServer, testDb } from '../../../test/test-server';
import { SetupCodeRepository } from './setup-code.repository';
import { SetupCodeService } from './setup-code.service';

const CODE = 'ABCD-EFGH-JKLM';
const email = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;

describe(`first account: the setup code of a fresh instance (${testDb})`, () => {
  let server: TestServer & { databaseUrl?: string };
  beforeAll(async () => {
    server = await startTestServer({ HEARTH_SETUP_CODE: CODE });
  });
  afterAll(() => server.close());

  const signup = (body: Record<string, unknown>, target: TestServer = server) =>
    target.request<{ user: { role: string } }>('/api/auth/signup', {
      body: { email: email('first'), password: STRONG_PASSWORD, ...body },
    });
  const state = (target: TestServer = server) => target.request<SetupState>('/api/auth/setup');

  it('refuses the first sign-up without the code or with a wrong one, and says why', async () => {
    expect((await state()).body).toEqual({ setup_code_required: true });
    const without = await signup({ setup_code: undefined });
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject({ code: 'setup_code_required' });
    const wrong = await signup({ setup_code: 'WXYZ-WXYZ-WXYZ' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'setup_code_invalid' });
  });

  it('keeps the code across a restart and on a second server of the same database, where the newest code wins', async () => {
    const reuse = { dataDir: server.dataDir, databaseUrl: server.databaseUrl };
    const second = await startTestServer({ HEARTH_SETUP_CODE: 'NEWER-CODE-1234' }, reuse);
    try {
      expect((await state(second)).body.setup_code_required).toBe(true);
      // The first server reads the hash the second one stored.
      expect((await signup({ setup_code: CODE })).status).toBe(403);
      const claimed = await signup({ setup_code: ' newer code 1234 ' });
      expect(claimed.status).toBe(201);
      expect(claimed.body.user.role).toBe('super_admin');
    } finally {
      await second.close();
    }
  });

  it('needs no code once the instance is claimed', async () => {
    expect((await state()).body).toEqual({ setup_code_required: false });
    const later = await signup({ setup_code: undefined });
    expect(later.status).toBe(201);
    expect(later.body.user.role).toBe('user');
  });

  it('prints a fresh random code in the log at each start while unclaimed', async () => {
    const fresh = await startTestServer({ HEARTH_SETUP_CODE: undefined });
    try {
      const lines: string[] = [];
      const log = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } }).log;
      const service = new SetupCodeService(new SetupCodeRepository(fresh.app.db.kysely), {
        enabled: true,
        fixedCode: undefined,
      });
      await service.prepare(log);
      const printed = (JSON.parse(lines[0] ?? '{}') as { setup_code?: string }).setup_code ?? '';
      expect(printed).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect((await signup({ setup_code: 'TEST-SETUP-CODE' }, fresh)).status).toBe(403);
      expect((await signup({ setup_code: printed }, fresh)).body.user.role).toBe('super_admin');
    } finally {
      await fresh.close();
    }
  });

  it('asks for no code when SUPER_ADMIN_EMAIL names the first account', async () => {
    const named = await startTestServer({ HEARTH_SETUP_CODE: undefined, SUPER_ADMIN_EMAIL: 'boss@example.test' });
    try {
      expect((await state(named)).body.setup_code_required).toBe(false);
      const boss = await named.request<{ user: { role: string } }>('/api/auth/signup', {
        body: { email: 'boss@example.test', password: STRONG_PASSWORD, setup_code: undefined },
      });
      expect(boss.body.user.role).toBe('super_admin');
    } finally {
      await named.close();
    }
  });
});

describe(`inbound Host check against DNS rebinding (${testDb})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      HEARTH_SETUP_CODE: CODE,
      PUBLIC_URL: 'https://chat.example.com',
      ALLOWED_HOSTS: 'hearth.internal,intranet.example:8443',
    });
  });
  afterAll(() => server.close());

  const inject = (host: string, url = '/api/auth/setup', origin?: string) =>
    server.app.server.inject({ method: 'GET', url, headers: { host, ...(origin ? { origin } : {}) } });

  it('refuses a rebound name, even for the first sign-up with a matching Origin', async () => {
    const host = 'rebind.attacker.example:3000';
    const response = await server.app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { host, origin: `http://${host}` },
      payload: { email: email('rebound'), password: STRONG_PASSWORD, setup_code: CODE },
    });
    expect(response.statusCode).toBe(421);
    expect(response.json()).toMatchObject({ code: 'host_not_allowed' });
    expect((await server.request<SetupState>('/api/auth/setup')).body.setup_code_required).toBe(true);
  });

  it('answers localhost names, IP addresses, PUBLIC_URL and ALLOWED_HOSTS', async () => {
    const hosts = [
      'localhost:3000',
      'app.localhost',
      '127.0.0.1:3000',
      '[::1]:3000',
      '192.168.1.20',
      'chat.example.com',
      'HEARTH.internal:3000',
      'intranet.example:8443',
    ];
    for (const host of hosts) expect({ host, status: (await inject(host)).statusCode }).toEqual({ host, status: 200 });
    expect((await inject('intranet.example:9999')).statusCode).toBe(421);
    expect((await inject('evil.example')).statusCode).toBe(421);
  });

  it('leaves /health open to probes whatever the Host', async () => {
    expect((await inject('evil.example', '/health')).statusCode).toBe(200);
  });
});
