import type { ApiTokenCreateBody } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { randomToken } from '../../lib/crypto';
import { API_TOKEN_PREFIX } from '../accounts/auth.service';
import type { ApiTokenRepository } from './api-token.repository';

const MAX_TOKENS_PER_USER = 50;
const DAY_MS = 86_400_000;

export class ApiTokenService {
  constructor(private readonly tokens: ApiTokenRepository) {}

  list(userId: string) {
    return this.tokens.listForUser(userId);
  }

  async create(userId: string, input: ApiTokenCreateBody) {
    const existing = await this.tokens.listForUser(userId);
    if (existing.length >= MAX_TOKENS_PER_USER) {
      throw AppError.conflict(`You can have at most ${MAX_TOKENS_PER_USER} API tokens. Revoke one first.`);
    }
    const secret = randomToken(API_TOKEN_PREFIX);
    const expiresAt = input.expires_in_days
      ? new Date(Date.now() + input.expires_in_days * DAY_MS).toISOString()
      : null;
    const token = await this.tokens.create({ userId, name: input.name, secret, expiresAt });
    return { token, secret };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.tokens.deleteForUser(userId, id))) throw AppError.notFound('API token');
  }
}
