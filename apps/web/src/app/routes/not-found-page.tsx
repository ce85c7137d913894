import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  const location = useLocation();
  const { t } = useTranslation('common');

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="text-center">
        <h1 className="mb-2 text-5xl font-bold">404</h1>
        <p className="mb-6 text-xl text-muted-foreground">{t('notFound.message')}</p>
        <Link to={paths.home} className={buttonClasses('default')}>
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
