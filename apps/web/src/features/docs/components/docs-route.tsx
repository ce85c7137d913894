import { BookOpen, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ThemeToggle } from '../../../components/theme-toggle';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { ApiReferencePage } from '../api-reference/api-reference-page';
import { breadcrumbsFor } from '../lib/breadcrumbs';
import { docPages, normaliseDocPath } from '../lib/doc-pages';
import { type DocNavItem, findNavItem } from '../lib/docs-nav';
import { DocsBreadcrumbs } from './docs-breadcrumbs';
import { DocsPager } from './docs-pager';
import { DocsSidebar } from './docs-sidebar';
import { FeaturesPage } from './features-page';
import { MarkdownDocPage } from './markdown-doc-page';

const titleOf = (path: string) => findNavItem(path)?.title ?? docPages.get(path)?.title;

function PageBody({ item, path }: { item: DocNavItem | undefined; path: string }) {
  if (item?.kind === 'features') return <FeaturesPage />;
  if (item?.kind === 'api') return <ApiReferencePage />;
  return <MarkdownDocPage path={path} />;
}

function UnknownDocsPage() {
  const { t } = useTranslation('docs');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{t('route.unknown')}</h1>
      <Link to={paths.docs.root} className="text-primary underline underline-offset-2">
        {t('route.goToDocs')}
      </Link>
    </main>
  );
}

/** Every /docs page: header, sidebar (collapsible below 768 px), breadcrumbs, the page, previous / next. */
export function DocsRoute() {
  const { t } = useTranslation('docs');
  const { pathname } = useLocation();
  const path = normaliseDocPath(pathname);
  const item = findNavItem(path);
  const title = titleOf(path);
  // The mobile menu is open for the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === path;

  const documentTitle = title ? t('route.documentTitle', { title }) : null;
  useEffect(() => {
    window.scrollTo?.(0, 0);
    if (documentTitle) document.title = documentTitle;
  }, [path, documentTitle]);

  // The app routes only the sidebar's paths here (app/routes.tsx), so this is a safety net, not the 404 page.
  if (!title) return <UnknownDocsPage />;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? t('route.closeMenu') : t('route.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="docs-sidebar"
            onClick={() => setMenuOpenOn(menuOpen ? null : path)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
          <Link to={paths.docs.root} className="flex items-center gap-2 font-semibold">
            <BookOpen className="size-5" aria-hidden /> {t('route.brand')}
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <Link to={paths.home} className="text-sm text-muted-foreground hover:text-foreground hover:underline">
              {t('route.back')}
            </Link>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row">
        <aside
          id="docs-sidebar"
          className={cn(
            'shrink-0 border-b p-4 md:sticky md:top-14 md:block md:h-[calc(100vh-3.5rem)] md:w-72 md:overflow-y-auto md:border-r md:border-b-0',
            menuOpen ? 'block' : 'hidden',
          )}
        >
          <DocsSidebar />
        </aside>
        <main className="min-w-0 flex-1 px-4 py-8 md:px-10">
          <DocsBreadcrumbs crumbs={breadcrumbsFor(path, titleOf)} />
          <article>
            <PageBody item={item} path={path} />
          </article>
          <DocsPager path={path} />
        </main>
      </div>
    </div>
  );
}
