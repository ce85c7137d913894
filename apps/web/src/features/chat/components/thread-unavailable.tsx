import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** A conversation that does not exist (any more), or is someone else's. */
export function ThreadUnavailable() {
  const { t } = useTranslation('chat');
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <h2 className="text-lg font-semibold">{t('unavailable.title')}</h2>
      <p className="text-sm text-muted-foreground">{t('unavailable.text')}</p>
      <Link to={paths.home} className={buttonClasses('outline')}>
        {t('unavailable.newChat')}
      </Link>
    </div>
  );
}
