import type { Role } from '@hearth/contract';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditService } from '../audit';
import { CLI_CONTEXT } from './links';
import type { PasswordResetService } from './password-reset.service';
import type { RecoveryRepository } from './recovery.repository';

/** A command-line refusal: printed as is, with a non-zero exit. */
export class CliError extends Error {}

/**
 * What `npm run hearth -- ...` does on the server, for whoever holds its shell (and so its database): set a
 * password or print a reset link, and change a role, super_admin included. Every change is audited as "cli".
 */
export class AccountCliService {
  constructor(
    private readonly repository: RecoveryRepository,
    private readonly passwordReset: PasswordResetService,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  private async account(email: string) {
    const account = await this.repository.findByEmail(email.trim().toLowerCase());
    if (!account) throw new CliError(`No account has the address ${email}.`);
    return account;
  }

  /** Sets the password (the password rules apply); every session and API token of the account ends. */
  async resetPassword(email: string, newPassword: string): Promise<void> {
    const account = await this.account(email);
    await this.passwordReset.setPasswordAs(account.id, account.email, newPassword, CLI_CONTEXT);
  }

  /** A one-time reset link (1 hour) to open in a browser; also mailed when mail is set up. */
  async resetLink(email: string, baseUrl: string) {
    return this.passwordReset.issue(await this.account(email), baseUrl, CLI_CONTEXT);
  }

  /** Gives the account a role; a banned or suspended account is also reactivated only by an admin, not here. */
  async promote(email: string, role: Role): Promise<{ from: Role | null; to: Role }> {
    const account = await this.account(email);
    const from = await this.uow.run(async (tx) => {
      const previous = await this.repository.setRole(tx, account.id, role);
      const event = {
        userId: account.id,
        action: 'ROLE_CHANGE',
        resourceType: 'user',
        resourceId: account.id,
      } as const;
      await this.audit.record(tx, { ...event, details: { from: previous, to: role, via: 'cli' } }, CLI_CONTEXT);
      return previous;
    });
    return { from, to: role };
  }
}
