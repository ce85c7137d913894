import type { ProfileUpdateBody } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { AuditContext, AuditService } from '../audit/audit.service';
import type { UserRepository } from './user.repository';
import type { AuthUser } from './user.types';

export class ProfileService {
  constructor(
    private readonly users: UserRepository,
    private readonly audit: AuditService,
  ) {}

  async update(userId: string, patch: ProfileUpdateBody, context: AuditContext): Promise<AuthUser> {
    const changes: { full_name?: string | null; avatar_url?: string | null } = {};
    if (patch.full_name !== undefined) changes.full_name = patch.full_name?.trim() || null;
    if (patch.avatar_url !== undefined) changes.avatar_url = patch.avatar_url;
    if (Object.keys(changes).length > 0) {
      await this.audit.run(async (trx) => {
        await this.users.updateProfile(userId, changes, trx);
        const event = { userId, action: 'UPDATE', resourceType: 'profile', resourceId: userId } as const;
        await this.audit.record(trx, { ...event, details: { fields: Object.keys(changes) } }, context);
      });
    }
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound('Account');
    return user;
  }
}
