import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { EnrolmentRequiredScreen, useMfaStatus } from '../../features/mfa';
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
  // Under a "require 2FA" policy without a second factor, the session answers only enrolment: show just that.
  const mfa = useMfaStatus(user !== null);
  if (isLoading || (user && mfa.isPending)) return <PageSpinner />;
  if (!user) {
    if (pathname === paths.home) return <LandingPage />;
    return <Navigate to={paths.auth} replace />;
  }
  if (mfa.data?.enrolment_pending) return <EnrolmentRequiredScreen />;
  return <AppShell />;
}
