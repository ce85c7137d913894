import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDb } from '../../../test/test-server';

describe(`health (${testDb})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('reports database and storage status', async () => {
    const response = await server.request('/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      database: { status: 'ok', dialect: testDb },
      storage: { status: 'ok', driver: 'fs' },
    });
  });

  it('answers unknown API paths with the JSON 404 error shape', async () => {
    const response = await server.request('/api/no-such-route');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'not_found' });
  });
});
