import type { AppVersion, DeploymentLog, DeploymentResult, GithubIntegration } from '@hearth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_COMMIT_SHA, type FakeGithub, startFakeGithub } from '../../../test/fakes/fake-github';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

type Answer<T> = T & { code?: string; message?: string };

describe(`GitHub integration, deploy and rollback against a local GitHub (${testDb})`, () => {
  let server: TestServer;
  let github: FakeGithub;
  let superAdmin: TestUser;
  let member: TestUser;
  let counter = 0;
  /** Every response body the tests saw: none may contain the token. */
  const seen: string[] = [];

  const call = async <T>(path: string, options: { method?: string; body?: unknown } = {}) => {
    const response = await server.request<Answer<T>>(path, { token: superAdmin.token, ...options });
    seen.push(JSON.stringify(response.body));
    return response;
  };
  const saveIntegration = (body: Record<string, unknown>) =>
    call<GithubIntegration>('/api/admin/integrations/github', { method: 'PUT', body });
  const configure = (extra: Record<string, unknown> = {}) =>
    saveIntegration({
      owner: github.owner,
      repo: github.repo,
      token: github.token,
      api_base_url: github.apiBaseUrl,
      ...extra,
    });
  const stagedVersion = async (notes = 'Faster answers') => {
    counter += 1;
    const version = `5.${counter}.0`;
    const created = await call<AppVersion>('/api/admin/versions', {
      body: { version, release_notes: notes, deployment_status: 'staged' },
    });
    expect(created.status).toBe(201);
    return created.body;
  };
  const deploy = (id: string) => call<DeploymentResult>(`/api/admin/versions/${id}/deploy`, { method: 'POST' });
  const rollback = (id: string) => call<DeploymentResult>(`/api/admin/versions/${id}/rollback`, { method: 'POST' });
  const logsOf = async (id: string) =>
    (await call<{ logs: DeploymentLog[] }>(`/api/admin/deployment-logs?version_id=${id}`)).body.logs;
  const versionOf = async (id: string) =>
    (await call<{ versions: AppVersion[] }>('/api/admin/versions')).body.versions.find((v) => v.id === id);

  const allowHosts = (allowed_hosts: string[]) =>
    server.request('/api/admin/settings/network', { method: 'PUT', token: superAdmin.token, body: { allowed_hosts } });

  beforeAll(async () => {
    github = await startFakeGithub();
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false', GITHUB_TIMEOUT_MS: '400' });
    superAdmin = await createUser(server, 'gh-super');
    member = await createUser(server, 'gh-member');
    // The fake lives on loopback: reachable only because an admin allows it, as an intranet GitHub Enterprise.
    await allowHosts(['127.0.0.1']);
  });
  beforeEach(() => {
    github.failures.clear();
    github.requests.length = 0;
  });
  afterAll(async () => {
    await server.close();
    await github.close();
  });

  it('asks for configuration before anything else', async () => {
    const empty = await call<GithubIntegration>('/api/admin/integrations/github');
    expect(empty.body).toMatchObject({ configured: false, token_configured: false, owner: null });
    const test = await call('/api/admin/integrations/github/test', { method: 'POST' });
    expect(test).toMatchObject({ status: 409, body: { code: 'github_not_configured' } });
    expect(test.body.message).toBe('Not Configured - Please save configuration first');
    const { body: version } = await call<AppVersion>('/api/admin/versions', {
      body: { version: '0.1', deployment_status: 'staged' },
    });
    const refused = await deploy(version.id);
    expect(refused).toMatchObject({ status: 409, body: { code: 'github_not_configured' } });
    for (const body of [{ owner: 'a', repo: 'b' }, { owner: '', repo: 'b', token: 'x' }, {}]) {
      const missing = await saveIntegration(body);
      expect(missing).toMatchObject({ status: 400, body: { code: 'validation_error' } });
      expect(missing.body.message).toBe('Missing Configuration - Please fill in all required fields');
    }
    const badUrl = await saveIntegration({ owner: 'a', repo: 'b', token: 't', deployment_webhook_url: 'ftp://x' });
    expect(badUrl.status).toBe(400);
    const badName = await saveIntegration({ owner: 'a b', repo: 'b', token: 't' });
    expect(badName.status).toBe(400);
  });

  it('stores the token sealed, answers only "configured", and keeps it when saved empty', async () => {
    const saved = await configure({ workflow_id: 'deploy.yml', deployment_webhook_url: github.webhookUrl });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      token_configured: true,
      owner: github.owner,
      repo: github.repo,
      api_base_url: github.apiBaseUrl,
      workflow_id: 'deploy.yml',
      environment: 'production',
    });
    const row = await server.app.db.kysely.selectFrom('github_integrations').selectAll().executeTakeFirstOrThrow();
    expect(row.token_encrypted).not.toContain(github.token);
    expect(row.token_encrypted.startsWith('v1.')).toBe(true);
    const kept = await configure({ token: '', workflow_id: 'deploy.yml', deployment_webhook_url: github.webhookUrl });
    expect(kept.body.token_configured).toBe(true);
    // The saved token never follows a changed API host unless it is typed again.
    const moved = await configure({ token: '', api_base_url: 'https://ghe.example.com/api/v3' });
    expect(moved).toMatchObject({ status: 400, body: { code: 'validation_error', details: { field: 'token' } } });
    expect((await call<GithubIntegration>('/api/admin/integrations/github')).body.api_base_url).toBe(github.apiBaseUrl);
    expect(
      await server.app.db.kysely.selectFrom('github_integrations').select('token_encrypted').executeTakeFirst(),
    ).not.toEqual({ token_encrypted: github.token });
  });

  it('tests the connection: the repository, a wrong token, and a host the guard refuses', async () => {
    const ok = await call('/api/admin/integrations/github/test', { method: 'POST' });
    expect(ok.body).toEqual({
      ok: true,
      repository: `${github.owner}/${github.repo}`,
      default_branch: 'main',
      error: null,
    });
    expect(github.requests[0]?.headers.authorization).toBe(`Bearer ${github.token}`);
    await saveIntegration({
      owner: github.owner,
      repo: github.repo,
      token: 'ghp_wrong',
      api_base_url: github.apiBaseUrl,
    });
    const wrong = await call<{ ok: boolean; error: string }>('/api/admin/integrations/github/test', { method: 'POST' });
    expect(wrong.body.ok).toBe(false);
    expect(wrong.body.error).toBe('GitHub API error: 401 - {"message":"Bad credentials"}');
    // The loopback fake is reachable only while an admin allows it (the test server allows nothing else).
    await allowHosts([]);
    const before = github.requests.length;
    await configure({ workflow_id: 'deploy.yml', deployment_webhook_url: github.webhookUrl });
    const guarded = await call<{ ok: boolean; error: string }>('/api/admin/integrations/github/test', {
      method: 'POST',
    });
    expect(guarded.body.ok).toBe(false);
    expect(guarded.body.error).toMatch(/not allowed/);
    expect(github.requests).toHaveLength(before);
  });

  it('deploys: release, deployment with statuses, commit, workflow, webhook, then live and notified', async () => {
    await allowHosts(['127.0.0.1']);
    const version = await stagedVersion('Faster answers\n\n- streaming');
    const response = await deploy(version.id);
    expect(response.status).toBe(200);
    expect(github.calls()).toEqual([
      'createRelease',
      'createDeployment',
      'createDeploymentStatus',
      'getCommit',
      'dispatchWorkflow',
      'webhook',
      'createDeploymentStatus',
    ]);
    const release = [...github.releases.values()].find((entry) => entry.tag_name === `v${version.version}`);
    expect(release).toMatchObject({
      name: `Version ${version.version}`,
      body: 'Faster answers\n\n- streaming',
      draft: false,
      prerelease: false,
      generate_release_notes: true,
    });
    expect(github.deployments.at(-1)).toMatchObject({
      ref: `v${version.version}`,
      environment: 'production',
      statuses: ['in_progress', 'success'],
    });
    const dispatch = github.requests.find((request) => request.path.endsWith('/dispatches'));
    expect(dispatch?.path).toBe(`/api/v3/repos/${github.owner}/${github.repo}/actions/workflows/deploy.yml/dispatches`);
    expect(dispatch?.body).toEqual({ ref: `v${version.version}`, inputs: { version: version.version } });
    const hook = github.requests.find((request) => request.path === '/hooks/deploy');
    expect(hook?.body).toMatchObject({ version: version.version, repository: `${github.owner}/${github.repo}` });
    expect(hook?.headers.authorization).toBeUndefined();
    expect(response.body.version).toMatchObject({
      deployment_status: 'live',
      github_release_id: String(release?.id),
      github_commit_sha: FAKE_COMMIT_SHA,
      deployment_error: null,
    });
    expect(response.body.version.deployed_at).not.toBeNull();
    expect(response.body.log).toMatchObject({
      deployment_status: 'completed',
      github_release_id: String(release?.id),
      github_commit_sha: FAKE_COMMIT_SHA,
      deployment_url: expect.stringContaining(`/releases/tag/v${version.version}`),
    });
    const notified = await server.app.db.kysely
      .selectFrom('update_notifications')
      .select('user_id')
      .where('version_id', '=', version.id)
      .execute();
    expect(notified.map((row) => row.user_id).sort()).toEqual([superAdmin.id, member.id].sort());
    // Deploying a live version again is refused before GitHub is called.
    github.requests.length = 0;
    expect((await deploy(version.id)).body.code).toBe('invalid_transition');
    expect(github.requests).toHaveLength(0);
  });

  it('a 422 from GitHub fails the deployment with a failed log and the error on the version', async () => {
    const version = await stagedVersion();
    github.failures.set('createRelease', { status: 422, body: { message: 'Validation Failed' } });
    const failed = await deploy(version.id);
    expect(failed).toMatchObject({ status: 502, body: { code: 'upstream_error' } });
    expect(failed.body.message).toBe('GitHub API error: 422 - {"message":"Validation Failed"}');
    const stored = await versionOf(version.id);
    expect(stored).toMatchObject({ deployment_status: 'staged', deployed_at: null });
    expect(stored?.deployment_error).toBe(failed.body.message);
    const logs = await logsOf(version.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ deployment_status: 'failed', deployment_error: failed.body.message });
    expect(logs[0]?.completed_at).not.toBeNull();
    const notified = await server.app.db.kysely
      .selectFrom('update_notifications')
      .select('id')
      .where('version_id', '=', version.id)
      .execute();
    expect(notified).toEqual([]);
    // Retrying once GitHub is well again works and clears the error.
    github.failures.clear();
    const retried = await deploy(version.id);
    expect(retried.body.version).toMatchObject({ deployment_status: 'live', deployment_error: null });
  });

  it('a failure after the release takes the release down again; a second release of one tag is a 422', async () => {
    const version = await stagedVersion();
    github.failures.set('webhook', { status: 500, body: { error: 'down' } });
    const failed = await deploy(version.id);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('Deployment webhook error: 500 - {"error":"down"}');
    expect(github.calls()).toContain('deleteRelease');
    expect(github.deployments.at(-1)?.statuses).toEqual(['in_progress', 'failure']);
    expect([...github.releases.values()].some((release) => release.tag_name === `v${version.version}`)).toBe(false);
    const [log] = await logsOf(version.id);
    expect(log).toMatchObject({ deployment_status: 'failed', github_commit_sha: FAKE_COMMIT_SHA });
    // A release that already exists for the tag (made by hand on GitHub, say): GitHub's own 422.
    github.failures.clear();
    github.releases.set(1, {
      id: 1,
      tag_name: `v${version.version}`,
      name: 'by hand',
      body: '',
      draft: false,
      prerelease: false,
      generate_release_notes: false,
    });
    const duplicate = await deploy(version.id);
    expect(duplicate.status).toBe(502);
    expect(duplicate.body.message).toMatch(/^GitHub API error: 422 - .*already_exists/);
    github.releases.delete(1);
  });

  it('a GitHub that never answers fails within the timeout', async () => {
    const version = await stagedVersion();
    github.failures.set('getCommit', 'hang');
    const started = Date.now();
    const failed = await deploy(version.id);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('GitHub API error: No answer within 0.4 s');
    const [log] = await logsOf(version.id);
    expect(log).toMatchObject({ deployment_status: 'failed', deployment_error: failed.body.message });
    expect((await versionOf(version.id))?.deployment_status).toBe('staged');
  });

  it('rolls back via GitHub: release back to draft + prerelease, status rollback, completed log', async () => {
    const version = await stagedVersion();
    const deployed = await deploy(version.id);
    const releaseId = deployed.body.version.github_release_id;
    github.requests.length = 0;
    const rolled = await rollback(version.id);
    expect(rolled.status).toBe(200);
    expect(github.calls()).toEqual(['updateRelease']);
    expect(github.requests[0]?.path).toBe(`/api/v3/repos/${github.owner}/${github.repo}/releases/${releaseId}`);
    expect(github.releases.get(Number(releaseId))).toMatchObject({ draft: true, prerelease: true });
    expect(rolled.body.version.deployment_status).toBe('rollback');
    expect(rolled.body.log).toMatchObject({ deployment_status: 'completed', github_release_id: releaseId });
    expect((await logsOf(version.id)).map((log) => log.deployment_status)).toEqual(['completed', 'completed']);
    // Rolled back already: refused.
    expect((await rollback(version.id)).body.code).toBe('invalid_transition');
  });

  it('refuses a GitHub rollback without a release, and records a failed one', async () => {
    const plain = await stagedVersion();
    await call(`/api/admin/versions/${plain.id}`, { method: 'PATCH', body: { deployment_status: 'live' } });
    const noRelease = await rollback(plain.id);
    expect(noRelease).toMatchObject({ status: 409, body: { message: 'No GitHub release found for this version' } });

    const version = await stagedVersion();
    await deploy(version.id);
    github.failures.set('updateRelease', { status: 404, body: { message: 'Not Found' } });
    const failed = await rollback(version.id);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('GitHub API error: 404 - {"message":"Not Found"}');
    const stored = await versionOf(version.id);
    expect(stored).toMatchObject({ deployment_status: 'live', deployment_error: failed.body.message });
    expect((await logsOf(version.id))[0]).toMatchObject({ deployment_status: 'failed' });
  });

  it('never shows the token: responses, logs, audit entries, even when GitHub echoes it back', async () => {
    const version = await stagedVersion();
    github.failures.set('createRelease', { status: 422, body: { message: `bad token ${github.token}` } });
    const failed = await deploy(version.id);
    expect(failed.body.message).toContain('[redacted]');
    const db = server.app.db.kysely;
    const stored = JSON.stringify([
      await db.selectFrom('deployment_logs').selectAll().execute(),
      await db.selectFrom('app_versions').selectAll().execute(),
      await db.selectFrom('audit_logs').selectAll().execute(),
      await db.selectFrom('github_integrations').selectAll().execute(),
    ]);
    expect(stored).not.toContain(github.token);
    expect(seen.length).toBeGreaterThan(30);
    for (const body of seen) expect(body).not.toContain(github.token);
    const openapi = await server.request('/api/openapi.json');
    expect(JSON.stringify(openapi.body)).not.toContain(github.token);
  });

  it('is for super admins only', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/integrations/github'],
      ['PUT', '/api/admin/integrations/github'],
      ['POST', '/api/admin/integrations/github/test'],
      ['GET', '/api/admin/deployment-logs'],
    ] as const) {
      const response = await server.request(path, {
        method,
        token: member.token,
        body: method === 'GET' ? undefined : {},
      });
      expect(response.status, path).toBe(403);
    }
  });
});
