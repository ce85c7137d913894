import { z } from 'zod';
import { nameText } from './common';

/**
 * Organisations and groups (issue 16). Super admins create, rename and delete organisations and move users
 * between them; admins of an organisation see only their own. Groups live inside one organisation; knowledge
 * collections and prompts can be shared with them.
 */

export const ORGANIZATION_NAME_MAX = 100;
export const GROUP_NAME_MAX = 100;
export const ORGANIZATION_NAME_REQUIRED = 'Organisation name required - Please enter a name.';
export const GROUP_NAME_REQUIRED = 'Group name required - Please enter a name.';

export const Organization = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Accounts in the organisation now. */
    user_count: z.number().int(),
    group_count: z.number().int(),
    /** The organisation self-registered accounts join; it cannot be deleted. */
    is_default: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

export const OrganizationList = z.object({ organizations: z.array(Organization) });
export type OrganizationList = z.infer<typeof OrganizationList>;

export const OrganizationBody = z.object({ name: nameText(ORGANIZATION_NAME_MAX) });
export type OrganizationBody = z.input<typeof OrganizationBody>;

/** PATCH /api/admin/users/:id/organization (super admins). */
export const MoveUserBody = z.object({ organization_id: z.uuid() });
export type MoveUserBody = z.infer<typeof MoveUserBody>;

export const Group = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    name: z.string(),
    member_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof Group>;

export const GroupList = z.object({ groups: z.array(Group) });
export type GroupList = z.infer<typeof GroupList>;

export const GroupListQuery = z.object({ organization_id: z.uuid().optional() });
export type GroupListQuery = z.infer<typeof GroupListQuery>;

export const CreateGroupBody = z.object({
  name: nameText(GROUP_NAME_MAX),
  /** Super admins choose the organisation; admins' groups are always in their own. */
  organization_id: z.uuid().optional(),
});
export type CreateGroupBody = z.input<typeof CreateGroupBody>;

export const RenameGroupBody = z.object({ name: nameText(GROUP_NAME_MAX) });
export type RenameGroupBody = z.input<typeof RenameGroupBody>;

export const GroupMember = z.object({
  user_id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  added_at: z.string(),
});
export type GroupMember = z.infer<typeof GroupMember>;

export const GroupMemberList = z.object({ members: z.array(GroupMember) });
export type GroupMemberList = z.infer<typeof GroupMemberList>;

export const AddGroupMemberBody = z.object({ user_id: z.uuid() });
export type AddGroupMemberBody = z.infer<typeof AddGroupMemberBody>;

export const GroupMemberParams = z.object({ id: z.uuid(), user_id: z.uuid() });
export type GroupMemberParams = z.infer<typeof GroupMemberParams>;

/** What a share grants: read = search, chat and read documents; write = also add documents. */
export const ShareAccess = z.enum(['read', 'write']);
export type ShareAccess = z.infer<typeof ShareAccess>;

export const CollectionShare = z.object({
  /** Shared with one group, or with the owner's whole organisation. */
  subject: z.enum(['group', 'organization']),
  subject_id: z.uuid(),
  access: ShareAccess,
});
export type CollectionShare = z.infer<typeof CollectionShare>;

export const CollectionShareView = CollectionShare.extend({ subject_name: z.string() });
export type CollectionShareView = z.infer<typeof CollectionShareView>;

/** PUT replaces the whole list; an empty list makes the collection private again. */
export const CollectionSharesBody = z.object({ shares: z.array(CollectionShare).max(100) });
export type CollectionSharesBody = z.infer<typeof CollectionSharesBody>;

export const CollectionSharesResponse = z.object({ shares: z.array(CollectionShareView) });
export type CollectionSharesResponse = z.infer<typeof CollectionSharesResponse>;

/** PUT /api/prompts/:id/groups: the groups a prompt is shared with (replaces the list). */
export const PromptGroupsBody = z.object({ group_ids: z.array(z.uuid()).max(100) });
export type PromptGroupsBody = z.infer<typeof PromptGroupsBody>;

export const PromptGroupsResponse = z.object({ groups: z.array(z.object({ id: z.string(), name: z.string() })) });
export type PromptGroupsResponse = z.infer<typeof PromptGroupsResponse>;
