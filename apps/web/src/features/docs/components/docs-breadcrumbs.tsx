import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Crumb } from '../lib/breadcrumbs';

/** Breadcrumbs built from the path; the last one is the current page. */
export function DocsBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation('docs');
  return (
    <nav aria-label={t('breadcrumbs.label')} className="mb-4 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={`${crumb.label}-${index}`}>
              {index > 0 ? <ChevronRight className="size-3.5" aria-hidden /> : null}
              <li>
                {last ? (
                  <span aria-current="page" className="font-medium text-foreground">
                    {crumb.label}
                  </span>
                ) : crumb.path ? (
                  <Link to={crumb.path} className="hover:text-foreground hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  <span>{crumb.label}</span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
