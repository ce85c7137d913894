import { LayoutDashboard, Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { AuthState } from '../../auth';
import { DemoChat } from './demo-chat';

export function LandingHero({ auth }: { auth: AuthState }) {
  const { t } = useTranslation('landing');
  return (
    <section
      aria-labelledby="hero-title"
      className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-2"
    >
      <div className="grid gap-6">
        <h1 id="hero-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
          {t('hero.title')}
        </h1>
        <p className="text-lg text-muted-foreground">{t('hero.text')}</p>
        <div className="flex flex-wrap gap-3">
          {auth.user ? (
            <>
              <Link to={paths.dashboard} className={buttonClasses('default', 'lg')}>
                <LayoutDashboard aria-hidden />
                {t('hero.openDashboard')}
              </Link>
              {auth.isAdmin ? (
                <Link to={paths.admin} className={buttonClasses('outline', 'lg')}>
                  <Shield aria-hidden />
                  {t('hero.admin')}
                </Link>
              ) : null}
            </>
          ) : (
            <>
              <Link to={paths.quickStart} className={buttonClasses('default', 'lg')}>
                {t('hero.getStartedFree')}
              </Link>
              <Link to={paths.auth} className={buttonClasses('outline', 'lg')}>
                {t('hero.signIn')}
              </Link>
            </>
          )}
        </div>
      </div>
      <DemoChat />
    </section>
  );
}
