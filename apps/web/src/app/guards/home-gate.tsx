import { NotBuiltYet } from '../../components/not-built-yet';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { AppShell } from '../layout/app-shell';

/** "/" is public: visitors see the landing page, signed-in users the shell with chat. */
export function HomeGate() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) return <NotBuiltYet title="Landing Page" standalone />;
  return <AppShell />;
}
