import type { AdminUser, Me, Role } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { assignableRoles, roleBadgeVariant, userActions } from './user-actions';

const actor = (role: Role, organization_id: string | null = 'org-a'): Pick<Me, 'id' | 'role' | 'organization_id'> => ({
  id: 'actor',
  role,
  organization_id,
});
const target = (role: Role, extra: Partial<AdminUser> = {}) => ({
  id: 'target',
  role,
  organization_id: 'org-a',
  status: 'active' as const,
  ...extra,
});

describe('role badges', () => {
  it('uses destructive for super admins, default for admins, secondary for moderators', () => {
    expect(roleBadgeVariant('super_admin')).toBe('destructive');
    expect(roleBadgeVariant('admin')).toBe('default');
    expect(roleBadgeVariant('moderator')).toBe('secondary');
    expect(roleBadgeVariant('user')).toBe('outline');
  });
});

describe('user actions', () => {
  it("hides 'Make Moderator' for moderators and 'Make Regular User' for users", () => {
    expect(userActions(actor('admin'), target('moderator'))).toMatchObject({ makeModerator: false, makeUser: true });
    expect(userActions(actor('admin'), target('user'))).toMatchObject({ makeModerator: true, makeUser: false });
  });

  it('offers Make Admin only to super admins', () => {
    expect(userActions(actor('admin'), target('user')).makeAdmin).toBe(false);
    expect(userActions(actor('super_admin'), target('user')).makeAdmin).toBe(true);
    expect(userActions(actor('super_admin'), target('admin')).makeAdmin).toBe(false);
    expect(assignableRoles(actor('admin'))).toEqual(['user', 'moderator']);
    expect(assignableRoles(actor('super_admin'))).toEqual(['user', 'moderator', 'admin']);
  });

  it('shows ban or unban by status', () => {
    expect(userActions(actor('admin'), target('user'))).toMatchObject({ ban: true, unban: false, delete: true });
    expect(userActions(actor('admin'), target('user', { status: 'banned' }))).toMatchObject({
      ban: false,
      unban: true,
    });
  });

  it('shows nothing an admin may not do: admins, super admins, other organisations, themselves', () => {
    const none = { makeModerator: false, makeUser: false, makeAdmin: false, ban: false, unban: false, delete: false };
    expect(userActions(actor('admin'), target('admin'))).toEqual(none);
    expect(userActions(actor('admin'), target('super_admin'))).toEqual(none);
    expect(userActions(actor('admin'), target('user', { organization_id: 'org-b' }))).toEqual(none);
    expect(userActions(actor('admin', null), target('user', { organization_id: null }))).toEqual(none);
    expect(userActions(actor('super_admin'), target('super_admin'))).toEqual(none);
    expect(userActions(actor('super_admin'), { ...target('admin'), id: 'actor' })).toEqual(none);
    expect(userActions(actor('super_admin'), target('admin', { organization_id: 'org-b' })).delete).toBe(true);
  });
});
