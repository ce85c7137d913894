import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { neighbours } from '../lib/docs-nav';

/** Previous / next page in the sidebar's order. */
export function DocsPager({ path }: { path: string }) {
  const { t } = useTranslation('docs');
  const { previous, next } = neighbours(path);
  if (!previous && !next) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-12 flex flex-wrap justify-between gap-4 border-t pt-6">
      {previous ? (
        <Link to={previous.path} className="group flex flex-col text-sm" rel="prev">
          <span className="flex items-center gap-1 text-muted-foreground">
            <ArrowLeft className="size-3.5" aria-hidden /> {t('pager.previous')}
          </span>
          <span className="font-medium group-hover:underline">{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next.path} className="group ml-auto flex flex-col items-end text-sm" rel="next">
          <span className="flex items-center gap-1 text-muted-foreground">
            {t('pager.next')} <ArrowRight className="size-3.5" aria-hidden />
          </span>
          <span className="font-medium group-hover:underline">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
