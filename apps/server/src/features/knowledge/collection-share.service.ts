import type { CollectionShare, CollectionShareView } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { GroupRepository } from '../organizations';
import type { CollectionShareRepository } from './collection-access.repository';
import type { KnowledgeRepository } from './knowledge.repository';

/** The sharer as this service needs them: who they are and their organisation now. */
export interface Sharer {
  id: string;
  organization_id: string | null;
}

/**
 * Sharing a collection (issue 16): its owner shares it read-only or read-write with groups of their
 * organisation or with the whole organisation. Only the owner sees or changes the list; others are told the
 * collection does not exist (as for every other owner-only action).
 */
export class CollectionShareService {
  constructor(
    private readonly collections: KnowledgeRepository,
    private readonly shares: CollectionShareRepository,
    private readonly groups: Pick<GroupRepository, 'idsIn'>,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  private async owned(owner: Sharer, collectionId: string) {
    const row = await this.collections.findCollection(owner.id, collectionId);
    if (!row) throw AppError.notFound('Collection');
    return row;
  }

  async list(owner: Sharer, collectionId: string): Promise<CollectionShareView[]> {
    await this.owned(owner, collectionId);
    return this.shares.list(collectionId);
  }

  async replace(
    owner: Sharer,
    collectionId: string,
    input: CollectionShare[],
    context: AuditContext,
  ): Promise<CollectionShareView[]> {
    await this.owned(owner, collectionId);
    // One entry per subject; if one is named twice, the broader access wins.
    const bySubject = new Map<string, CollectionShare>();
    for (const share of input) {
      const key = `${share.subject}:${share.subject_id}`;
      const seen = bySubject.get(key);
      if (!seen || share.access === 'write') bySubject.set(key, share);
    }
    const shares = [...bySubject.values()];
    if (shares.length > 0 && !owner.organization_id) {
      throw AppError.badRequest('Your account belongs to no organisation, so there is nobody to share with.');
    }
    const organizationId = owner.organization_id ?? '';
    if (shares.some((share) => share.subject === 'organization' && share.subject_id !== organizationId)) {
      throw AppError.badRequest('A collection can only be shared with your own organisation.');
    }
    const groupIds = shares.filter((share) => share.subject === 'group').map((share) => share.subject_id);
    const known = new Set(await this.groups.idsIn(organizationId, groupIds));
    if (groupIds.some((id) => !known.has(id))) {
      throw AppError.badRequest('A collection can only be shared with groups of your organisation.');
    }
    await this.uow.run(async (tx) => {
      await this.shares.replace(tx, collectionId, shares, new Date().toISOString());
      const details = { shares: shares.map(({ subject, subject_id, access }) => ({ subject, subject_id, access })) };
      await this.audit.record(
        tx,
        { userId: owner.id, action: 'UPDATE', resourceType: 'collection_share', resourceId: collectionId, details },
        context,
      );
    });
    return this.shares.list(collectionId);
  }
}
