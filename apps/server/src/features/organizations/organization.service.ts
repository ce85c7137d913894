import { randomUUID } from 'node:crypto';
import { ORGANIZATION_NAME_REQUIRED, type Organization } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuthUser } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { OrganizationRepository, OrganizationRow, OrganizationScope } from './organization.repository';

export const organizationScope = (actor: AuthUser): OrganizationScope =>
  actor.role === 'super_admin' ? { kind: 'all' } : { kind: 'organization', organizationId: actor.organization_id };

const toOrganization = (row: OrganizationRow): Organization => row;

function requiredName(value: string): string {
  const name = value.trim();
  if (!name) throw AppError.badRequest(ORGANIZATION_NAME_REQUIRED);
  return name;
}

/**
 * Organisations (issue 16). Super admins create, rename and delete them and move users between them; an
 * organisation's admins see only their own. Deleting is refused while users remain (they are never moved or
 * removed as a side effect: the super admin moves them first, deliberately). The default organisation, which
 * self-registered accounts join, cannot be deleted.
 */
export class OrganizationService {
  constructor(
    private readonly repository: OrganizationRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async list(actor: AuthUser): Promise<Organization[]> {
    return (await this.repository.list(organizationScope(actor))).map(toOrganization);
  }

  private async visible(actor: AuthUser, id: string): Promise<OrganizationRow> {
    const row = await this.repository.find(organizationScope(actor), id);
    if (!row) throw AppError.notFound('Organisation');
    return row;
  }

  async get(actor: AuthUser, id: string): Promise<Organization> {
    return toOrganization(await this.visible(actor, id));
  }

  private async assertNameFree(name: string, exceptId?: string): Promise<void> {
    if (await this.repository.nameTaken(name, exceptId)) {
      throw AppError.conflict(`An organisation named "${name}" already exists.`);
    }
  }

  async create(actor: AuthUser, input: { name: string }, context: AuditContext): Promise<Organization> {
    const name = requiredName(input.name);
    await this.assertNameFree(name);
    const row = { id: randomUUID(), name, created_at: new Date().toISOString() };
    await this.uow.run(async (tx) => {
      await this.repository.create(tx, row);
      const event = { userId: actor.id, action: 'CREATE', resourceType: 'organization', resourceId: row.id } as const;
      await this.audit.record(tx, { ...event, details: { name } }, context);
    });
    return this.get(actor, row.id);
  }

  async rename(actor: AuthUser, id: string, input: { name: string }, context: AuditContext): Promise<Organization> {
    const before = await this.visible(actor, id);
    const name = requiredName(input.name);
    await this.assertNameFree(name, id);
    await this.uow.run(async (tx) => {
      await this.repository.rename(tx, id, name);
      const event = { userId: actor.id, action: 'UPDATE', resourceType: 'organization', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details: { from: before.name, to: name } }, context);
    });
    return this.get(actor, id);
  }

  async delete(actor: AuthUser, id: string, context: AuditContext): Promise<void> {
    const row = await this.visible(actor, id);
    if (row.is_default) {
      throw AppError.conflict('The default organisation cannot be deleted: new accounts join it.');
    }
    const notEmpty = (count: number) =>
      new AppError(
        'conflict',
        409,
        `This organisation still has ${count} user${count === 1 ? '' : 's'}. Move them to another organisation first.`,
        { users: count },
      );
    if (row.user_count > 0) throw notEmpty(row.user_count);
    await this.uow.run(async (tx) => {
      if (!(await this.repository.deleteIfEmpty(tx, id))) throw notEmpty(1);
      const event = { userId: actor.id, action: 'DELETE', resourceType: 'organization', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details: { name: row.name, groups: row.group_count } }, context);
    });
  }

  /**
   * Super admins move a user (never another super admin, never themselves: the same rule as every other
   * admin action). Their group memberships and shares in the old organisation end with the move.
   */
  async moveUser(actor: AuthUser, userId: string, organizationId: string, context: AuditContext): Promise<void> {
    const target = await this.repository.membership(userId);
    if (!target) throw AppError.notFound('User');
    if (target.user_id === actor.id || target.role === 'super_admin') {
      throw AppError.forbidden('You are not allowed to manage this user.');
    }
    await this.visible(actor, organizationId);
    if (target.organization_id === organizationId) return;
    await this.uow.run(async (tx) => {
      const ended = await this.repository.moveUser(tx, userId, organizationId);
      const event = { userId, action: 'UPDATE', resourceType: 'user', resourceId: userId } as const;
      const details = { organization: { from: target.organization_id, to: organizationId }, ended };
      await this.audit.record(tx, { ...event, details }, context);
    });
  }
}
