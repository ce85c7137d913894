import type { AdminUser, AssignableRole, Me, Role } from '@hearth/contract';

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

/** Spec §6: super_admin destructive, admin default, moderator secondary; plain users get an outline. */
export const roleBadgeVariant = (role: Role): BadgeVariant =>
  role === 'super_admin'
    ? 'destructive'
    : role === 'admin'
      ? 'default'
      : role === 'moderator'
        ? 'secondary'
        : 'outline';

export interface UserActions {
  makeModerator: boolean;
  makeUser: boolean;
  makeAdmin: boolean;
  ban: boolean;
  unban: boolean;
  delete: boolean;
}

type Actor = Pick<Me, 'id' | 'role' | 'organization_id'>;
type Target = Pick<AdminUser, 'id' | 'role' | 'organization_id' | 'status'>;

/** The server's rule (user-policy.ts), mirrored only to hide what the caller cannot do. */
export function canManage(actor: Actor, target: Target): boolean {
  if (actor.id === target.id || target.role === 'super_admin') return false;
  if (actor.role === 'super_admin') return true;
  if (actor.role !== 'admin') return false;
  const sameOrganization = actor.organization_id !== null && actor.organization_id === target.organization_id;
  return sameOrganization && (target.role === 'user' || target.role === 'moderator');
}

export const assignableRoles = (actor: Pick<Me, 'role'>): AssignableRole[] =>
  actor.role === 'super_admin' ? ['user', 'moderator', 'admin'] : ['user', 'moderator'];

/** Which buttons a row shows: 'Make Moderator' hidden when already moderator, 'Make Regular User' when user. */
export function userActions(actor: Actor, target: Target): UserActions {
  const manage = canManage(actor, target);
  return {
    makeModerator: manage && target.role !== 'moderator',
    makeUser: manage && target.role !== 'user',
    makeAdmin: manage && actor.role === 'super_admin' && target.role !== 'admin',
    ban: manage && target.status !== 'banned',
    unban: manage && target.status === 'banned',
    delete: manage,
  };
}
