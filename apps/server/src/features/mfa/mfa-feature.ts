import type { SecuritySettings } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type {
  AuthService,
  PasswordConfirmation,
  PasswordHasher,
  RateLimiter,
  RateLimitRule,
  UserRepository,
} from '../accounts';
import type { AuditService } from '../audit';
import { MfaRepository } from './mfa.repository';
import { mfaRoutes } from './mfa.routes';
import { MfaService } from './mfa.service';

export interface MfaFeatureInput {
  db: Db;
  secret: string;
  users: UserRepository;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  codeRule: RateLimitRule;
  confirmation: PasswordConfirmation;
  policy: { security(): Promise<SecuritySettings> };
  uow: UnitOfWork;
  audit: AuditService;
}

/** TOTP secrets are sealed under their own key derived from SECRET (lib/secret-box.ts). */
export function buildMfaFeature(input: MfaFeatureInput): MfaService {
  const { db, secret, ...rest } = input;
  return new MfaService({ ...rest, repository: new MfaRepository(db.kysely), box: new SecretBox(secret, 'totp') });
}

export async function registerMfaRoutes(
  server: FastifyInstance,
  options: {
    mfaService: MfaService;
    authService: AuthService;
    secret: string;
    cookieSecure: 'auto' | 'true' | 'false';
  },
): Promise<void> {
  await server.register(mfaRoutes, options);
}
