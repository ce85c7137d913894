import type { UsedDocument } from '@hearth/contract';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageLabel, SOURCES_SHOWN } from '../lib/sources';
import { WebSource } from './web-source';

interface SourcesCardProps {
  sources: UsedDocument[];
  /** Opens a source at its cited passage; without it the sources are listed only. */
  onOpen?: (source: UsedDocument) => void;
}

/** First line of the source's snippet, without the marks of where it was cut. */
const snippetOf = (source: UsedDocument) =>
  (source.snippet.split('\n…\n')[0] ?? '').replace(/^…\s*/u, '').replace(/\s*…$/u, '');

/**
 * The documents an answer used (spec §4): the first 3 and '+n more', each with its file name, collection, page
 * and snippet as plain text. Clicking one opens the document at the cited passage.
 */
export function SourcesCard({ sources, onOpen }: SourcesCardProps) {
  const { t } = useTranslation('chat');
  const [expanded, setExpanded] = useState(false);
  if (sources.length === 0) return null;
  const shown = expanded ? sources : sources.slice(0, SOURCES_SHOWN);
  const hidden = sources.length - SOURCES_SHOWN;
  return (
    <section className="rounded-md border p-2" aria-label={t('sources.title')} data-testid="sources-card">
      <p className="font-medium text-foreground">{t('sources.title')}</p>
      <ol className="mt-1 grid gap-1">
        {shown.map((source, index) => {
          const page = pageLabel(source.page);
          const body = (
            <>
              <span className="flex flex-wrap items-center gap-x-1">
                <span className="text-muted-foreground">[{index + 1}]</span>
                <FileText className="size-3 shrink-0" aria-hidden />
                <span className="font-medium text-foreground break-all">{source.fileName}</span>
                <span>· {source.collectionName}</span>
                {page ? <span>· {page}</span> : null}
              </span>
              <span className="line-clamp-2 break-words">{snippetOf(source)}</span>
            </>
          );
          return (
            <li key={`${source.id}-${source.chunkId ?? index}`} data-testid="source-item">
              {source.url !== undefined ? (
                <WebSource source={source} number={index + 1} snippet={snippetOf(source)} />
              ) : onOpen ? (
                <button
                  type="button"
                  className="grid w-full gap-0.5 rounded-sm p-1 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  aria-label={
                    page
                      ? t('sources.openWithPage', { number: index + 1, name: source.fileName, page })
                      : t('sources.open', { number: index + 1, name: source.fileName })
                  }
                  onClick={() => onOpen(source)}
                >
                  {body}
                </button>
              ) : (
                <div className="grid gap-0.5 p-1">{body}</div>
              )}
            </li>
          );
        })}
      </ol>
      {hidden > 0 ? (
        <button
          type="button"
          className="mt-1 text-primary underline-offset-2 hover:underline"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('sources.showFewer') : t('sources.more', { count: hidden })}
        </button>
      ) : null}
    </section>
  );
}
