import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { AccessDenied } from './access-denied';

interface RequireAuthProps {
  adminOnly?: boolean;
  /** Rendered when allowed; defaults to the child routes. */
  children?: ReactNode;
}

/** Spinner while auth loads; no user → /auth (replacing history); non-admin on admin pages → Access Denied. */
export function RequireAuth({ adminOnly = false, children }: RequireAuthProps) {
  const { user, isLoading, isAdmin } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.auth} replace />;
  if (adminOnly && !isAdmin) return <AccessDenied />;
  return children ?? <Outlet />;
}
