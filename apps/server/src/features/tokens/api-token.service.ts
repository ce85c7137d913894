import type { ApiTokenCreateBody } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { randomToken } from '../../lib/crypto';
import { API_TOKEN_PREFIX } from '../accounts/auth.service';
import type { AuditContext, AuditService } from '../audit/audit.service';
import type { ApiTokenRepository } from './api-token.repository';

const MAX_TOKENS_PER_USER = 50;
const DAY_MS = 86_400_000;

export class ApiTokenService {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly audit: AuditService,
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
    const token = await this.audit.run(async (trx) => {
      const created = await this.tokens.create({ userId, name: input.name, secret, expiresAt }, trx);
      const event = { userId, action: 'CREATE', resourceType: 'api_token', resourceId: created.id } as const;
      await this.audit.record(trx, { ...event, details: { name: created.name, prefix: created.prefix } }, context);
      return created;
    });
    return { token, secret };
  }

  async revoke(userId: string, id: string, context: AuditContext): Promise<void> {
    await this.audit.run(async (trx) => {
      if (!(await this.tokens.deleteForUser(userId, id, trx))) throw AppError.notFound('API token');
      await this.audit.record(trx, { userId, action: 'DELETE', resourceType: 'api_token', resourceId: id }, context);
    });
  }
}
