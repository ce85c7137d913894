import { isAdminRole, type ModelGrant, type ModelGrantBody } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { ModelGrantRepository } from './model-grant.repository';

/** Whether one user may see and use a model of one runtime. */
export type VisibilityRule = (providerId: string, modelName: string) => boolean;

/**
 * Model visibility (issue 16): a model or a runtime granted to groups is seen and used only by their members.
 * Both must allow: a model that is open to everyone on a restricted runtime stays hidden. Super admins set
 * grants (groups span organisations, and runtimes are instance-wide); admins and super admins see everything.
 */
export class ModelAccessService {
  constructor(
    private readonly repository: ModelGrantRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  /** The rule for this user, or null when nothing is hidden from them (admins, or no grants at all). */
  async ruleFor(userId: string): Promise<VisibilityRule | null> {
    const grants = await this.repository.list();
    if (grants.length === 0) return null;
    const viewer = await this.repository.viewer(userId);
    if (viewer.role && isAdminRole(viewer.role)) return null;
    const mine = new Set(viewer.groupIds);
    const denied = new Set(
      grants
        .filter((grant) => !grant.group_ids.some((groupId) => mine.has(groupId)))
        .map((grant) => `${grant.kind}\u0000${grant.subject}`),
    );
    return (providerId, modelName) =>
      !denied.has(`provider\u0000${providerId}`) && !denied.has(`model\u0000${modelName}`);
  }

  list(): Promise<ModelGrant[]> {
    return this.repository.list();
  }

  async set(actorId: string, body: ModelGrantBody, context: AuditContext): Promise<ModelGrant> {
    const wanted = [...new Set(body.group_ids)];
    // A deleted group may stay listed (it keeps the subject restricted); new entries must be existing groups.
    const kept = (await this.repository.list()).find(
      (grant) => grant.kind === body.kind && grant.subject === body.subject,
    );
    const known = new Set([...(await this.repository.existingGroups(wanted)), ...(kept?.group_ids ?? [])]);
    if (wanted.some((groupId) => !known.has(groupId))) throw AppError.badRequest('Unknown group.');
    await this.uow.run(async (tx) => {
      await this.repository.replace(tx, body.kind, body.subject, wanted, new Date().toISOString());
      const event = {
        userId: actorId,
        action: 'UPDATE',
        resourceType: body.kind === 'model' ? 'model_grant' : 'model_provider_grant',
        resourceId: body.subject,
        details: { group_ids: wanted },
      } as const;
      await this.audit.record(tx, event, context);
    });
    return { kind: body.kind, subject: body.subject, group_ids: wanted };
  }
}
