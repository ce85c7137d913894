import type { AssignableRole, Role } from '@hearth/contract';

interface Actor {
  id: string;
  role: Role;
  organization_id: string | null;
}

interface Target {
  id: string;
  role: Role;
  organization_id: string | null;
}

/**
 * Who may act on whom. Super admins act on anyone but other super admins; admins act only inside their
 * own organisation and never on admins or super admins; nobody acts on their own account here.
 */
export function canManageUser(actor: Actor, target: Target): boolean {
  if (actor.id === target.id || target.role === 'super_admin') return false;
  if (actor.role === 'super_admin') return true;
  if (actor.role !== 'admin') return false;
  return sameOrganization(actor, target) && (target.role === 'user' || target.role === 'moderator');
}

/** Admins may hand out user and moderator; only super admins may make admins. */
export function canAssignRole(actor: Actor, role: AssignableRole): boolean {
  if (actor.role === 'super_admin') return true;
  return actor.role === 'admin' && (role === 'user' || role === 'moderator');
}

const sameOrganization = (actor: Actor, target: Target) =>
  actor.organization_id !== null && actor.organization_id === target.organization_id;
