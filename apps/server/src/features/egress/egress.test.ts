import net from 'node:net';
import type { EgressReport } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { egressRecorder, isLoopbackHost } from '../../http/egress-recorder';
import { type ChatFixture, startChatServer } from '../../../test/chat-helpers';
import { createUser } from '../../../test/test-server';

describe('outbound connections (issue 19: zero egress, verified)', () => {
  let fixture: ChatFixture;
  let adminToken: string;

  beforeAll(async () => {
    fixture = await startChatServer();
    adminToken = (await createUser(fixture.server, 'egress-admin')).token;
  });
  afterAll(() => fixture.close());

  it('tells loopback hosts from the rest', () => {
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '127.9.9.9', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['10.0.0.1', '192.0.2.1', 'example.com', '::ffff:8.8.8.8', 'localhost.example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('records a connection that leaves the machine, at the socket level', async () => {
    // 192.0.2.0/24 is TEST-NET-1: never routed, so the attempt fails here, but it was made and must show.
    const socket = net.connect({ host: '192.0.2.1', port: 9 });
    await new Promise<void>((resolve) => {
      socket.once('error', () => resolve());
      socket.once('connect', () => resolve());
      setTimeout(resolve, 200);
    });
    socket.destroy();
    const report = (await fixture.server.request<EgressReport>('/api/admin/egress', { token: adminToken })).body;
    expect(report.other).toContainEqual(
      expect.objectContaining({ host: '192.0.2.1', port: 9, address: '192.0.2.1', loopback: false }),
    );
  });

  it('lists the configured model runtime with the last connection the server made to it', async () => {
    const url = new URL(fixture.ollama.url);
    const models = await fixture.server.request('/api/ollama/models', { token: adminToken });
    expect(models.status).toBe(200);
    const report = (await fixture.server.request<EgressReport>('/api/admin/egress', { token: adminToken })).body;
    const runtime = report.destinations.find((destination) => destination.kind === 'runtime');
    expect(runtime).toMatchObject({ host: url.hostname, port: Number(url.port), loopback: true });
    expect(runtime?.connections).toBeGreaterThan(0);
    expect(runtime?.last_connection_at).not.toBeNull();
    // Loopback connections that no setting names (the test's own HTTP client) are not listed as leaving.
    expect(report.other.every((connection) => !connection.loopback)).toBe(true);
  });

  it('lists the release feed and the upgrade webhook once Update Settings name them', async () => {
    const saved = await fixture.server.request('/api/admin/update-settings', {
      method: 'PUT',
      token: adminToken,
      body: {
        feed_source: 'url',
        feed_url: 'https://releases.example.com/hearth.json',
        deploy_webhook_url: 'https://deploy.example.com/hook',
      },
    });
    expect(saved.status).toBe(200);
    const report = (await fixture.server.request<EgressReport>('/api/admin/egress', { token: adminToken })).body;
    const labels = report.destinations.filter((destination) => destination.kind === 'releases');
    expect(labels).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Release feed', host: 'releases.example.com', loopback: false }),
        expect.objectContaining({ label: 'Upgrade webhook', host: 'deploy.example.com', loopback: false }),
      ]),
    );
  });

  it('is for super admins only', async () => {
    const user = await createUser(fixture.server, 'egress-user');
    expect((await fixture.server.request('/api/admin/egress', { token: user.token })).status).toBe(403);
    expect((await fixture.server.request('/api/admin/egress')).status).toBe(401);
  });
});

describe('the recorder itself', () => {
  it('is installed once per process, however many servers start', () => {
    const before = net.Socket.prototype.connect;
    egressRecorder.install();
    expect(net.Socket.prototype.connect).toBe(before);
  });
});
