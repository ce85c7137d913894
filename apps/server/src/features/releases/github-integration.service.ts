import {
  GITHUB_DEFAULT_API_BASE_URL,
  GITHUB_NAME_PATTERN,
  type GithubConnectionTest,
  type GithubIntegration,
  type SaveGithubIntegration,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import { parseOutboundUrl, type SsrfPolicy } from '../../http/ssrf-guard';
import { nowIso } from '../../lib/crypto';
import type { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import { GithubClient } from './github-client';
import type { GithubIntegrationRepository, GithubIntegrationRow } from './github-integration.repository';

export const MISSING_CONFIGURATION = 'Missing Configuration - Please fill in all required fields';
export const NOT_CONFIGURED = 'Not Configured - Please save configuration first';
export const SERVICE_NOT_CONFIGURED = 'GitHub service not configured. Please configure GitHub integration first.';

const WORKFLOW_PATTERN = /^[A-Za-z0-9_.-]{1,200}$/;
const ENVIRONMENT_PATTERN = /^[A-Za-z0-9_. -]{1,100}$/;
const DEFAULT_ENVIRONMENT = 'production';

/** A usable connection: the stored settings with the token opened, and a client for them. */
export interface GithubConnection {
  row: GithubIntegrationRow;
  client: GithubClient;
  policy: SsrfPolicy;
}

/**
 * The GitHub integration, kept on the server: the token is sealed at rest and never leaves it (reads say only
 * whether one is stored). Outbound calls pass the SSRF guard with the admin's intranet allowlist, so a GitHub
 * Enterprise on the intranet is reachable once an admin allows its host.
 */
export class GithubIntegrationService {
  constructor(
    private readonly repository: GithubIntegrationRepository,
    private readonly secrets: SecretBox,
    private readonly policy: () => Promise<SsrfPolicy>,
    private readonly timeoutMs: number,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<GithubIntegration> {
    const row = await this.repository.get();
    const tokenConfigured = row ? this.openToken(row) !== null : false;
    return {
      configured: Boolean(row) && tokenConfigured,
      owner: row?.owner ?? null,
      repo: row?.repo ?? null,
      token_configured: tokenConfigured,
      deployment_webhook_url: row?.deployment_webhook_url ?? null,
      workflow_id: row?.workflow_id ?? null,
      environment: row?.environment ?? DEFAULT_ENVIRONMENT,
      api_base_url: row?.api_base_url ?? GITHUB_DEFAULT_API_BASE_URL,
      updated_at: row?.updated_at ?? null,
    };
  }

  /** Saves the settings; an empty token keeps the stored one. */
  async save(body: SaveGithubIntegration, context: AuditContext): Promise<GithubIntegration> {
    const existing = await this.repository.get();
    const storedToken = existing ? this.openToken(existing) : null;
    const token = body.token?.trim() || storedToken;
    const missing = [!body.owner && 'owner', !body.repo && 'repo', !token && 'token'].filter(Boolean);
    if (missing.length > 0 || !token) {
      throw new AppError('validation_error', 400, MISSING_CONFIGURATION, { missing });
    }
    if (!GITHUB_NAME_PATTERN.test(body.owner) || !GITHUB_NAME_PATTERN.test(body.repo)) {
      throw AppError.badRequest('Owner and repository may contain only letters, digits, "-", "_" and "."');
    }
    if (/\s/.test(token)) throw AppError.badRequest('The token must not contain spaces or line breaks');
    const workflowId = body.workflow_id?.trim() || null;
    if (workflowId && !WORKFLOW_PATTERN.test(workflowId)) {
      throw AppError.badRequest('The workflow must be a workflow file name (e.g. deploy.yml) or its id');
    }
    const environment = body.environment?.trim() || DEFAULT_ENVIRONMENT;
    if (!ENVIRONMENT_PATTERN.test(environment)) throw AppError.badRequest('The environment name is not valid');
    const apiBaseUrl = checkedUrl(body.api_base_url, 'API base URL') ?? GITHUB_DEFAULT_API_BASE_URL;
    // The stored token goes only where it was entered for: a new API host needs the token typed again, so
    // nobody can send the saved token to a server of their choosing without knowing it.
    if (existing && apiBaseUrl !== existing.api_base_url && !body.token?.trim()) {
      throw AppError.badRequest('Enter the token again when changing the API base URL', { field: 'token' });
    }
    const values = {
      owner: body.owner,
      repo: body.repo,
      token_encrypted: this.secrets.seal(token),
      deployment_webhook_url: checkedUrl(body.deployment_webhook_url, 'deployment webhook URL'),
      workflow_id: workflowId,
      environment,
      api_base_url: apiBaseUrl,
      updated_by: context.actorId,
      updated_at: nowIso(),
    };
    await this.uow.run(async (tx) => {
      await this.repository.save(values, tx);
      await this.audit.record(
        tx,
        {
          userId: context.actorId,
          action: existing ? 'UPDATE' : 'CREATE',
          resourceType: 'github_integration',
          resourceId: 'default',
          details: { owner: values.owner, repo: values.repo, token_changed: Boolean(body.token?.trim()) },
        },
        context,
      );
    });
    return await this.get();
  }

  /** Reads the repository with the stored settings; a failure is an answer ({ok: false, error}), not a throw. */
  async test(): Promise<GithubConnectionTest> {
    const connection = await this.connection();
    if (!connection) throw new AppError('github_not_configured', 409, NOT_CONFIGURED);
    try {
      const repository = await connection.client.repository();
      return { ok: true, repository: repository.fullName, default_branch: repository.defaultBranch, error: null };
    } catch (error) {
      return { ok: false, repository: null, default_branch: null, error: (error as Error).message };
    }
  }

  /** The stored integration ready to use, or null when it is not (fully) configured. */
  async connection(): Promise<GithubConnection | null> {
    const row = await this.repository.get();
    const token = row ? this.openToken(row) : null;
    if (!row || !token) return null;
    const policy = await this.policy();
    const settings = { owner: row.owner, repo: row.repo, token, apiBaseUrl: row.api_base_url };
    return { row, policy, client: new GithubClient(settings, policy, this.timeoutMs) };
  }

  /** The token, or null when it cannot be opened (SECRET changed since it was saved): save it again. */
  private openToken(row: GithubIntegrationRow): string | null {
    try {
      return this.secrets.open(row.token_encrypted) || null;
    } catch {
      return null;
    }
  }
}

/** An optional http(s) URL: syntax only here; the address is checked by the SSRF guard on every call. */
function checkedUrl(raw: string | null | undefined, what: string): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    return parseOutboundUrl(value).toString().replace(/\/+$/, '');
  } catch (error) {
    throw AppError.badRequest(`The ${what} is not valid: ${(error as Error).message}`);
  }
}
