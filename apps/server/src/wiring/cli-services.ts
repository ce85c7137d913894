import type { Config } from '../config';
import { createDb } from '../db/database';
import { KyselyUnitOfWork } from '../db/unit-of-work';
import { argon2Hasher, type PasswordHasher } from '../features/accounts/password-hasher';
import { rulesOf } from '../features/accounts/password-policy';
import { RateLimitRepository } from '../features/accounts/rate-limit.repository';
import { RateLimiter } from '../features/accounts/rate-limiter';
import { AdminSettingsService } from '../features/admin-settings/admin-settings.service';
import { InstanceSettingsRepository } from '../features/admin-settings/instance-settings.repository';
import { AuditRepository } from '../features/audit/audit.repository';
import { AuditService } from '../features/audit/audit.service';
import { MailService } from '../features/mail/mail.service';
import { AccountCliService } from '../features/recovery/account-cli.service';
import { PasswordResetService } from '../features/recovery/password-reset.service';
import { RecoveryRepository } from '../features/recovery/recovery.repository';
import { SecretBox } from '../lib/secret-box';

/**
 * The command line's own small composition root: the database (migrated, as the server would), the audit log
 * and the recovery services, nothing that listens or runs jobs. It sends no mail: the operator gets the link.
 * A running server notices the revoked sessions at their next request (its streams within a minute).
 */
export async function buildCli(config: Config, hasher: PasswordHasher = argon2Hasher) {
  const db = createDb(config.database, 2);
  await db.migrate();
  const uow = new KyselyUnitOfWork(db.kysely);
  const audit = new AuditService(new AuditRepository(db.kysely, db.dialect));
  const settings = new AdminSettingsService(
    new InstanceSettingsRepository(db.kysely),
    { passwordMinLength: config.PASSWORD_MIN_LENGTH, sessionLifetimeHours: config.SESSION_TTL_HOURS },
    uow,
    audit,
  );
  const noQueue = {
    enqueue: () => Promise.reject(new Error('The command line sends no mail')),
  };
  const mail = new MailService(false, uow, noQueue, undefined, new SecretBox(config.SECRET, 'mail'));
  const repository = new RecoveryRepository(db.kysely);
  const passwordReset = new PasswordResetService(
    repository,
    hasher,
    async () => rulesOf(await settings.security()),
    uow,
    audit,
    mail,
    new RateLimiter(new RateLimitRepository(db.kysely)),
    { rateLimit: { max: 5, windowMs: 60_000 } },
    () => undefined,
  );
  return {
    accounts: new AccountCliService(repository, passwordReset, uow, audit),
    /** Where printed links point: PUBLIC_URL, else the address the server listens on. */
    baseUrl:
      config.PUBLIC_URL ?? `http://${/^(0\.0\.0\.0|::)$/.test(config.HOST) ? 'localhost' : config.HOST}:${config.PORT}`,
    close: () => db.close(),
  };
}
