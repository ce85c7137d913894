import type { ApiTokenCreateBody } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { randomToken } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { API_TOKEN_PREFIX, type CredentialRevoker } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { ApiTokenRepository } from './api-token.repository';

const MAX_TOKENS_PER_USER = 50;
const DAY_MS = 86_400_000;

export class ApiTokenService {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    /** Deleting a token goes the one revocation way, so its open event streams end too. */
    private readonly revoker: CredentialRevoker,
  ) {}

  list(userId: string) {
    return this.tokens.listForUser(userId);
  }

  async create(userId: string, input: ApiTokenCreateBody, context: AuditContext) {
    const existing = await this.tokens.listForUser(userId);
    if (existing.length >= MAX_TOKENS_PER_USER) {
      throw AppError.conflict(`You can have at most ${MAX_TOKENS_PER_USER} API tokens. Revoke one first.`);
    }
    const secret = randomToken(API_TOKEN_PREFIX);
    const expiresAt = input.expires_in_days
      ? new Date(Date.now() + input.expires_in_days * DAY_MS).toISOString()
      : null;
    const token = await this.uow.run(async (tx) => {
      const created = await this.tokens.create({ userId, name: input.name, secret, expiresAt }, tx);
      const event = { userId, action: 'CREATE', resourceType: 'api_token', resourceId: created.id } as const;
      await this.audit.record(tx, { ...event, details: { name: created.name, prefix: created.prefix } }, context);
      return created;
    });
    return { token, secret };
  }

  async revoke(userId: string, id: string, context: AuditContext): Promise<void> {
    await this.revoker.revoke(userId, { tokens: { ids: [id] } }, async (tx, revoked) => {
      if (revoked.tokenIds.length === 0) throw AppError.notFound('API token');
      await this.audit.record(tx, { userId, action: 'DELETE', resourceType: 'api_token', resourceId: id }, context);
    });
  }
}
