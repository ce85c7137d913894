import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { AppShell } from '../layout/app-shell';
import { LandingPage } from '../lazy-screens';

/**
 * The signed-in shell for every app page. "/" is public: visitors see the landing page there; on any other
 * page they go to /auth (replacing history). One shell for all pages keeps the sidebar and a running chat
 * answer alive while the user moves between them.
 */
export function HomeGate() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    if (pathname === paths.home) return <LandingPage />;
    return <Navigate to={paths.auth} replace />;
  }
  return <AppShell />;
}
