import type { ReactNode } from 'react';
import type { DocPage } from '../lib/front-matter';
import { DocsMarkdown } from './docs-markdown';

interface DocPageContentProps {
  page: DocPage;
  /** Shown beside the title (the Edit page button). */
  action?: ReactNode;
  /** h2 inside the editor's preview, where the editor has the page's h1. */
  heading?: 'h1' | 'h2';
}

/** A page's title, description and body, as the docs site and the editor's preview show them. */
export function DocPageContent({ page, action, heading: Heading = 'h1' }: DocPageContentProps) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading className="text-3xl font-bold tracking-tight">{page.title}</Heading>
        {action}
      </div>
      {page.description ? <p className="mt-2 text-lg text-muted-foreground">{page.description}</p> : null}
      <div className="mt-8">
        <DocsMarkdown text={page.body} />
      </div>
    </>
  );
}
