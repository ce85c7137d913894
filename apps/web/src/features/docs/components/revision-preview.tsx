import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { useDocPageRevision } from '../api/doc-pages';
import { parseSource } from '../lib/current-page';
import { diffLines } from '../../../lib/line-diff';
import { DocPageContent } from './doc-page-content';

type View = 'changes' | 'preview';

/** One revision's source: what restoring it would change (a line diff against the current page), or rendered. */
export function RevisionPreview({
  path,
  revision,
  currentSource,
}: {
  path: string;
  revision: number;
  currentSource: string;
}) {
  const { t } = useTranslation('docs');
  const [view, setView] = useState<View>('changes');
  const query = useDocPageRevision(path, revision);
  if (query.isPending) return <Spinner label={t('revision.loading')} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('revision.loadError', { message: errorMessage(query.error) })}
      </p>
    );
  }
  const source = query.data.source;
  return (
    <div className="grid gap-3" aria-busy={query.isPlaceholderData}>
      <div role="group" aria-label={t('revision.show')} className="flex gap-2">
        {(['changes', 'preview'] as const).map((option) => (
          <Button
            key={option}
            size="sm"
            variant={view === option ? 'secondary' : 'ghost'}
            aria-pressed={view === option}
            onClick={() => setView(option)}
          >
            {option === 'changes' ? t('revision.changes') : t('revision.preview')}
          </Button>
        ))}
      </div>
      {view === 'changes' ? (
        <SourceDiff before={currentSource} after={source} />
      ) : (
        <Rendered source={source} path={path} />
      )}
    </div>
  );
}

function Rendered({ source, path }: { source: string; path: string }) {
  const parsed = parseSource(source, path);
  if (parsed.page) return <DocPageContent page={parsed.page} heading="h2" />;
  return <pre className="text-xs whitespace-pre-wrap">{source}</pre>;
}

const MARK = { equal: ' ', removed: '−', added: '+' } as const;

/** The lines restoring would remove (red, −) and add (green, +); past the edit cap, whole blocks. */
export function SourceDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation('docs');
  const diff = diffLines(before, after);
  if (diff.added === 0 && diff.removed === 0) {
    return <p className="text-sm text-muted-foreground">{t('revision.same')}</p>;
  }
  return (
    <div role="group" aria-label={t('revision.against')} className="font-mono text-xs">
      {diff.exact ? null : <p className="mb-2 font-sans text-sm text-muted-foreground">{t('revision.inexact')}</p>}
      {diff.lines.map((line, index) => (
        <div
          key={index}
          className={cn(
            'px-1 whitespace-pre-wrap',
            line.kind === 'removed' && 'bg-red-500/15 text-red-800 dark:text-red-300',
            line.kind === 'added' && 'bg-green-500/15 text-green-800 dark:text-green-300',
          )}
        >
          <span aria-hidden className="select-none">
            {MARK[line.kind]}{' '}
          </span>
          {line.kind === 'removed' ? <del className="no-underline">{line.text}</del> : null}
          {line.kind === 'added' ? <ins className="no-underline">{line.text}</ins> : null}
          {line.kind === 'equal' ? line.text || ' ' : null}
        </div>
      ))}
    </div>
  );
}
