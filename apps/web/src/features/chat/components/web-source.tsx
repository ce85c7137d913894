import type { UsedDocument } from '@hearth/contract';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { safeWebUrl } from '../../web-search';

/**
 * A web result among an answer's sources (issue 20): title, site and snippet, opening the page in a new tab.
 * Only http(s) addresses become links; anything else is shown as text.
 */
export function WebSource({ source, number, snippet }: { source: UsedDocument; number: number; snippet: string }) {
  const { t } = useTranslation('webSearch');
  const href = safeWebUrl(source.url);
  const body = (
    <>
      <span className="flex flex-wrap items-center gap-x-1">
        <span className="text-muted-foreground">[{number}]</span>
        <Globe className="size-3 shrink-0" aria-hidden />
        <span className="font-medium text-foreground break-all">{source.fileName}</span>
        <span>· {source.collectionName}</span>
      </span>
      <span className="line-clamp-2 break-words">{snippet}</span>
    </>
  );
  if (!href) return <div className="grid gap-0.5 p-1">{body}</div>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="web-source"
      aria-label={t('sources.open', { number, title: source.fileName, site: source.collectionName })}
      className="grid gap-0.5 rounded-sm p-1 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {body}
    </a>
  );
}
