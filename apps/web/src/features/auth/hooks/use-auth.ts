import { isAdminRole, type Me } from '@hearth/contract';
import { useMe } from '../api/get-me';

export interface AuthState {
  user: Me | null;
  isLoading: boolean;
  isAdmin: boolean;
}

/** Who is signed in, from GET /api/auth/me. A failed check counts as signed out. */
export function useAuth(): AuthState {
  const { data, isPending } = useMe();
  const user = data ?? null;
  return { user, isLoading: isPending, isAdmin: user ? isAdminRole(user.role) : false };
}
