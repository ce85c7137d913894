import { Flame } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ThemeToggle } from '../../../components/theme-toggle';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { AuthState } from '../../auth';
import { LandingUserMenu } from './landing-user-menu';
import { SourceLink } from './source-link';

export function LandingHeader({ auth }: { auth: AuthState }) {
  const { t } = useTranslation('landing');
  return (
    <header className="sticky top-0 z-10 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link to={paths.landing} className="me-auto flex items-center gap-2 font-semibold">
          <Flame className="size-6 text-primary" aria-hidden />
          {/* On the narrowest phones the name gives its room to the header's buttons; it stays the link's name. */}
          <span className="max-[400px]:sr-only">Hearth</span>
        </Link>
        <SourceLink className={buttonClasses('ghost', 'sm')} />
        <ThemeToggle />
        {auth.user ? (
          <LandingUserMenu user={auth.user} isAdmin={auth.isAdmin} />
        ) : (
          <>
            <Link to={paths.auth} className={buttonClasses('ghost', 'sm')}>
              {t('header.signIn')}
            </Link>
            <Link to={paths.quickStart} className={buttonClasses('default', 'sm')}>
              {t('header.getStarted')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
