import { Role, type UserStatus } from '@hearth/contract';

/** The signed-in user as every service sees it: identity, role and organisation. */
export interface AuthUser {
  id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  role: Role;
  status: UserStatus;
  organization_id: string | null;
  created_at: string;
}

/** A missing or unreadable role row means plain user. */
export const roleOrUser = (value: string | null | undefined): Role => {
  const parsed = Role.safeParse(value);
  return parsed.success ? parsed.data : 'user';
};
