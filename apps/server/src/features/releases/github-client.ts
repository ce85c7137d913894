import type { SsrfPolicy } from '../../http/ssrf-guard';
import { outboundJson, type OutboundResponse } from './outbound-json';

export interface GithubSettings {
  owner: string;
  repo: string;
  token: string;
  apiBaseUrl: string;
}

/** What went wrong talking to GitHub, already worded for people: 'GitHub API error: {status} - {body}'. */
export class GithubApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'GithubApiError';
  }
}

/** Error bodies are quoted in messages and logs: at most this much of them. */
const BODY_QUOTE_MAX = 500;

export interface GithubRelease {
  id: string;
  htmlUrl: string | null;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const idOf = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value) ? String(value) : null;

/** The parts of GitHub's REST API (v3, also GitHub Enterprise) that releases use. */
export class GithubClient {
  constructor(
    private readonly settings: GithubSettings,
    private readonly policy: SsrfPolicy,
    private readonly timeoutMs: number,
  ) {}

  async repository(): Promise<{ fullName: string; defaultBranch: string | null }> {
    const body = record(await this.call('GET', ''));
    return {
      fullName: text(body.full_name) ?? `${this.settings.owner}/${this.settings.repo}`,
      defaultBranch: text(body.default_branch),
    };
  }

  async createRelease(input: { tag: string; name: string; body: string }): Promise<GithubRelease> {
    const body = record(
      await this.call('POST', '/releases', {
        tag_name: input.tag,
        name: input.name,
        body: input.body,
        draft: false,
        prerelease: false,
        generate_release_notes: true,
      }),
    );
    const id = idOf(body.id);
    if (!id) throw new GithubApiError('GitHub API error: the release has no id', null);
    return { id, htmlUrl: text(body.html_url) };
  }

  /** The repository's recent releases as GitHub lists them (the update feed reads the newest). */
  async releases(): Promise<unknown> {
    return await this.call('GET', '/releases?per_page=20');
  }

  /** Rollback: the release goes back to draft and prerelease. */
  async markReleaseDraft(releaseId: string): Promise<void> {
    await this.call('PATCH', `/releases/${encodeURIComponent(releaseId)}`, { draft: true, prerelease: true });
  }

  async deleteRelease(releaseId: string): Promise<void> {
    await this.call('DELETE', `/releases/${encodeURIComponent(releaseId)}`);
  }

  async createDeployment(input: { ref: string; environment: string; description: string }): Promise<string> {
    const body = record(
      await this.call('POST', '/deployments', {
        ref: input.ref,
        environment: input.environment,
        description: input.description,
        auto_merge: false,
        required_contexts: [],
      }),
    );
    const id = idOf(body.id);
    if (!id)
      throw new GithubApiError(`GitHub API error: no deployment was created (${text(body.message) ?? ''})`, null);
    return id;
  }

  async setDeploymentStatus(
    deploymentId: string,
    input: { state: 'in_progress' | 'success' | 'failure'; description: string; environmentUrl?: string | null },
  ): Promise<void> {
    await this.call('POST', `/deployments/${encodeURIComponent(deploymentId)}/statuses`, {
      state: input.state,
      description: input.description.slice(0, 140),
      ...(input.environmentUrl ? { environment_url: input.environmentUrl } : {}),
    });
  }

  async commit(ref: string): Promise<{ sha: string; message: string }> {
    const body = record(await this.call('GET', `/commits/${encodeURIComponent(ref)}`));
    const sha = text(body.sha);
    if (!sha) throw new GithubApiError('GitHub API error: the commit has no sha', null);
    return { sha, message: text(record(body.commit).message) ?? '' };
  }

  async dispatchWorkflow(workflowId: string, input: { ref: string; inputs: Record<string, string> }): Promise<void> {
    await this.call('POST', `/actions/workflows/${encodeURIComponent(workflowId)}/dispatches`, input);
  }

  /** Replaces the token wherever a message would quote it (an API echoing headers back, say). */
  redact(message: string): string {
    return this.settings.token ? message.replaceAll(this.settings.token, '[redacted]') : message;
  }

  private async call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const { owner, repo, token, apiBaseUrl } = this.settings;
    const url = `${apiBaseUrl.replace(/\/+$/, '')}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}${path}`;
    let response: OutboundResponse;
    try {
      response = await outboundJson({
        method,
        url,
        body,
        policy: this.policy,
        timeoutMs: this.timeoutMs,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
        },
      });
    } catch (error) {
      throw new GithubApiError(this.redact(`GitHub API error: ${(error as Error).message}`), null);
    }
    if (response.status < 200 || response.status >= 300) {
      const quoted = response.text.slice(0, BODY_QUOTE_MAX);
      throw new GithubApiError(this.redact(`GitHub API error: ${response.status} - ${quoted}`), response.status);
    }
    return response.body;
  }
}
