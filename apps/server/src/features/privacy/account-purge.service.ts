import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { BlobStore } from '../../storage/blob-store';
import type { AuthUser, PasswordConfirmation, PasswordHasher, UserRepository } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { AccountPurgeRepository } from './account-purge.repository';

/**
 * Account deletion, by the user or by an admin: every trace goes (conversations, messages, attachments,
 * collections, documents, chunks, vectors, stored files, API tokens, sessions, preferences, role, credentials,
 * profile). The audit entry is written in the same transaction and keeps the id as a plain value.
 */
export class AccountPurgeService {
  constructor(
    private readonly repository: AccountPurgeRepository,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly blobs: BlobStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly log: FastifyBaseLogger,
    /** Counts the password checks per account, so a borrowed session cannot guess the password either. */
    private readonly confirmation: PasswordConfirmation,
  ) {}

  /** Self-service deletion asks for the password again, so a borrowed session cannot delete the account. */
  async deleteOwnAccount(user: AuthUser, password: string, context: AuditContext): Promise<void> {
    const stored = await this.users.findPasswordHash(user.id);
    const valid = await this.confirmation.check(
      user.id,
      async () => !!stored && (await this.hasher.verify(stored, password)),
    );
    if (!valid) throw new AppError('invalid_credentials', 401, 'Password is incorrect');
    await this.purge(user.id, context, 'self');
  }

  async purge(userId: string, context: AuditContext, by: 'self' | 'admin'): Promise<Record<string, number>> {
    const { counts, blobKeys } = await this.uow.run(async (tx) => {
      const keys = await this.repository.blobKeys(userId, tx);
      // The entry is appended first, while the account still exists, so it carries its organisation.
      const event = { userId, action: 'DELETE', resourceType: 'user', resourceId: userId } as const;
      await this.audit.record(tx, { ...event, details: { by, files: keys.length } }, context);
      return { counts: await this.repository.purge(tx, userId), blobKeys: keys };
    });
    // Files go after the commit: a rolled-back deletion must not lose them. A failure leaves an orphan file only.
    await Promise.all(
      blobKeys.map((key) =>
        this.blobs.delete(key).catch((error: unknown) => this.log.warn({ err: error, key }, 'blob delete failed')),
      ),
    );
    // Both features store a user's files under `{userId}/`; whatever is left there (temporary files) goes too.
    await this.blobs.deletePrefix?.(`${userId}/`).catch((error: unknown) => {
      this.log.warn({ err: error, userId }, 'blob prefix delete failed');
    });
    return counts;
  }
}
