import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { GroupRepository } from './group.repository';
import type { GroupShareRepository, GroupShareTarget } from './group-share.repository';

/** The owner as far as sharing cares: who they are and which organisation they belong to now. */
export interface ShareOwner {
  id: string;
  organization_id: string | null;
}

/**
 * Sharing an own prompt or preset with groups of the owner's organisation (issue 16, issue 17), besides the
 * organisation-wide "shared" switch. Only the owner reads or changes the list; for anyone else the item does not
 * exist. Audited as `<target>_share`.
 */
export class GroupShareService {
  private readonly noun: string;

  constructor(
    private readonly target: GroupShareTarget,
    /** The feature's own repository: finds an item only for its owner. */
    private readonly items: { findOwn(userId: string, id: string): Promise<unknown> },
    private readonly shares: GroupShareRepository,
    private readonly groupRepository: Pick<GroupRepository, 'idsIn'>,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {
    this.noun = target === 'prompt' ? 'Prompt' : 'Preset';
  }

  private async owned(userId: string, id: string): Promise<void> {
    if (!(await this.items.findOwn(userId, id))) throw AppError.notFound(this.noun);
  }

  async groups(owner: ShareOwner, id: string) {
    await this.owned(owner.id, id);
    return this.shares.groups(id);
  }

  /** Replaces the list; every group must be of the owner's organisation now. */
  async setGroups(owner: ShareOwner, id: string, groupIds: string[], context: AuditContext) {
    await this.owned(owner.id, id);
    const wanted = [...new Set(groupIds)];
    const known = new Set(owner.organization_id ? await this.groupRepository.idsIn(owner.organization_id, wanted) : []);
    if (wanted.some((groupId) => !known.has(groupId))) {
      throw AppError.badRequest(`A ${this.target} can only be shared with groups of your organisation.`);
    }
    await this.uow.run(async (tx) => {
      await this.shares.replace(tx, id, wanted, new Date().toISOString());
      const event = {
        userId: owner.id,
        action: 'UPDATE',
        resourceType: `${this.target}_share`,
        resourceId: id,
      } as const;
      await this.audit.record(tx, { ...event, details: { group_ids: wanted } }, context);
    });
    return this.shares.groups(id);
  }
}
