import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { PromptRepository, PromptShareRepository, PromptViewer } from './prompt.repository';

/**
 * Sharing an own prompt with groups of the owner's organisation (issue 16), besides the organisation-wide
 * "shared" switch. Only the owner reads or changes the list; for anyone else the prompt does not exist.
 */
export class PromptShareService {
  constructor(
    private readonly prompts: PromptRepository,
    private readonly shares: PromptShareRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  private async owned(viewer: PromptViewer, id: string): Promise<void> {
    if (!(await this.prompts.findOwn(viewer.id, id))) throw AppError.notFound('Prompt');
  }

  async groups(viewer: PromptViewer, id: string) {
    await this.owned(viewer, id);
    return this.shares.groups(id);
  }

  async setGroups(viewer: PromptViewer, id: string, groupIds: string[], context: AuditContext) {
    await this.owned(viewer, id);
    const wanted = [...new Set(groupIds)];
    const known = new Set(viewer.organization_id ? await this.shares.groupsIn(viewer.organization_id, wanted) : []);
    if (wanted.some((groupId) => !known.has(groupId))) {
      throw AppError.badRequest('A prompt can only be shared with groups of your organisation.');
    }
    await this.uow.run(async (tx) => {
      await this.shares.replace(tx, id, wanted, new Date().toISOString());
      const event = { userId: viewer.id, action: 'UPDATE', resourceType: 'prompt_share', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details: { group_ids: wanted } }, context);
    });
    return this.shares.groups(id);
  }
}
