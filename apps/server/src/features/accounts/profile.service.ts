import type { ProfileUpdateBody } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { UserRepository } from './user.repository';
import type { AuthUser } from './user.types';

export class ProfileService {
  constructor(
    private readonly users: UserRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async update(userId: string, patch: ProfileUpdateBody, context: AuditContext): Promise<AuthUser> {
    const changes: { full_name?: string | null; avatar_url?: string | null } = {};
    if (patch.full_name !== undefined) changes.full_name = patch.full_name?.trim() || null;
    if (patch.avatar_url !== undefined) changes.avatar_url = patch.avatar_url;
    if (Object.keys(changes).length > 0) {
      await this.uow.run(async (tx) => {
        await this.users.updateProfile(userId, changes, tx);
        const event = { userId, action: 'UPDATE', resourceType: 'profile', resourceId: userId } as const;
        await this.audit.record(tx, { ...event, details: { fields: Object.keys(changes) } }, context);
      });
    }
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound('Account');
    return user;
  }
}
