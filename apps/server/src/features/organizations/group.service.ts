import { randomUUID } from 'node:crypto';
import { GROUP_NAME_REQUIRED, type Group, type GroupMember } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuthUser } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { GroupRepository } from './group.repository';

function requiredName(value: string): string {
  const name = value.trim();
  if (!name) throw AppError.badRequest(GROUP_NAME_REQUIRED);
  return name;
}

/**
 * Groups inside an organisation (issue 16). Admins manage the groups of their own organisation, super admins
 * any; a group outside the caller's scope does not exist for them (404). Members must belong to the group's
 * organisation. Signed-in users see their organisation's groups (names only) to share things with.
 */
export class GroupService {
  constructor(
    private readonly repository: GroupRepository,
    private readonly organizationExists: (actor: AuthUser, id: string) => Promise<unknown>,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  /** Admins: their organisation's groups; super admins: all, or one organisation's. */
  async list(actor: AuthUser, organizationId?: string): Promise<Group[]> {
    if (actor.role === 'super_admin') return this.repository.list(organizationId ?? null);
    return this.forMember(actor);
  }

  /** Anyone signed in: the groups of their own organisation (whom they may share with). */
  async forMember(actor: AuthUser): Promise<Group[]> {
    if (!actor.organization_id) return [];
    return this.repository.list(actor.organization_id);
  }

  private async visible(actor: AuthUser, id: string): Promise<Group> {
    const group = await this.repository.find(id);
    const inScope = actor.role === 'super_admin' || group?.organization_id === actor.organization_id;
    if (!group || !inScope) throw AppError.notFound('Group');
    return group;
  }

  async create(
    actor: AuthUser,
    input: { name: string; organization_id?: string },
    context: AuditContext,
  ): Promise<Group> {
    const name = requiredName(input.name);
    const target = input.organization_id ?? actor.organization_id;
    if (!target) throw AppError.badRequest('Choose the organisation the group belongs to.');
    // Admins can name only their own organisation: any other is not found for them.
    await this.organizationExists(actor, target);
    if (await this.repository.nameTaken(target, name)) {
      throw AppError.conflict(`A group named "${name}" already exists in this organisation.`);
    }
    const row = { id: randomUUID(), organization_id: target, name, created_at: new Date().toISOString() };
    await this.uow.run(async (tx) => {
      await this.repository.create(tx, row);
      const event = { userId: actor.id, action: 'CREATE', resourceType: 'group', resourceId: row.id } as const;
      await this.audit.record(tx, { ...event, details: { name, organization_id: target } }, context);
    });
    return this.visible(actor, row.id);
  }

  async rename(actor: AuthUser, id: string, input: { name: string }, context: AuditContext): Promise<Group> {
    const group = await this.visible(actor, id);
    const name = requiredName(input.name);
    if (await this.repository.nameTaken(group.organization_id, name, id)) {
      throw AppError.conflict(`A group named "${name}" already exists in this organisation.`);
    }
    await this.uow.run(async (tx) => {
      await this.repository.rename(tx, id, name);
      const event = { userId: actor.id, action: 'UPDATE', resourceType: 'group', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details: { from: group.name, to: name } }, context);
    });
    return this.visible(actor, id);
  }

  async delete(actor: AuthUser, id: string, context: AuditContext): Promise<void> {
    const group = await this.visible(actor, id);
    await this.uow.run(async (tx) => {
      await this.repository.delete(tx, id);
      const event = { userId: actor.id, action: 'DELETE', resourceType: 'group', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details: { name: group.name, members: group.member_count } }, context);
    });
  }

  async members(actor: AuthUser, id: string): Promise<GroupMember[]> {
    await this.visible(actor, id);
    return this.repository.members(id);
  }

  async addMember(actor: AuthUser, id: string, userId: string, context: AuditContext): Promise<GroupMember[]> {
    const group = await this.visible(actor, id);
    const target = await this.repository.organizationOf(userId);
    // An admin cannot learn about users of other organisations: they do not exist for them.
    if (!target || (actor.role !== 'super_admin' && target.organization_id !== actor.organization_id)) {
      throw AppError.notFound('User');
    }
    if (target.organization_id !== group.organization_id) {
      throw AppError.conflict("Only users of the group's organisation can join it.");
    }
    await this.uow.run(async (tx) => {
      if (!(await this.repository.addMember(tx, group, userId, new Date().toISOString()))) return;
      const event = { userId, action: 'CREATE', resourceType: 'group_member', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details: { group: group.name } }, context);
    });
    return this.repository.members(id);
  }

  async removeMember(actor: AuthUser, id: string, userId: string, context: AuditContext): Promise<void> {
    const group = await this.visible(actor, id);
    await this.uow.run(async (tx) => {
      if (!(await this.repository.removeMember(tx, id, userId))) throw AppError.notFound('Member');
      const event = { userId, action: 'DELETE', resourceType: 'group_member', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details: { group: group.name } }, context);
    });
  }
}
