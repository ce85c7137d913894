import type { DocPageRevision } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/i18n';
import { useDocPageDetail, useRevertDocPage } from '../api/doc-pages';
import { RevisionPreview } from './revision-preview';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Edited / Reverted to r{n} / Documentation update. */
function revisionKindLabel(revision: DocPageRevision, t: TFunction<'docs'>): string {
  if (revision.kind === 'revert') return t('history.reverted', { revision: revision.restoredRevision ?? 0 });
  return revision.kind === 'doc_update' ? t('history.docUpdate') : t('history.edited');
}

interface Entry {
  revision: number;
  title: string;
  detail: string;
}

const entryOf = (revision: DocPageRevision, t: TFunction<'docs'>): Entry => ({
  revision: revision.revision,
  title: `r${revision.revision} · ${revisionKindLabel(revision, t)}`,
  detail: `${revision.createdBy?.name ?? (revision.kind === 'doc_update' ? t('history.automatic') : t('history.deletedUser'))} · ${formatDate(revision.createdAt, DATE_TIME)}`,
});

const shippedEntry = (t: TFunction<'docs'>): Entry => ({
  revision: 0,
  title: t('history.shipped'),
  detail: t('history.shippedDetail'),
});

interface DocHistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  path: string;
  /** The editor has unsaved changes (restoring replaces them). */
  dirty: boolean;
  onRestored: () => void;
}

/** The page's revisions, newest first, then the shipped text; any of them can be previewed and restored. */
export function DocHistoryDialog({ open, onOpenChange, path, dirty, onRestored }: DocHistoryDialogProps) {
  const { t } = useTranslation('docs');
  const { data: detail } = useDocPageDetail(path, open);
  const [selected, setSelected] = useState<number | null>(null);
  const revert = useRevertDocPage();
  const entries = [...(detail?.revisions ?? []).map((revision) => entryOf(revision, t)), shippedEntry(t)];
  const current = detail?.revision ?? 0;

  const restore = () => {
    if (selected === null) return;
    revert.mutate(
      { path, revision: selected },
      {
        onSuccess: () => {
          toast({ title: t('history.restored') });
          setSelected(null);
          onOpenChange(false);
          onRestored();
        },
        onError: (error) =>
          toast({ title: t('history.restoreFailed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-5xl grid-rows-[auto_minmax(0,1fr)_auto]">
        <DialogHeader>
          <DialogTitle>{t('history.title')}</DialogTitle>
          <DialogDescription>{t('history.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
          <ul aria-label={t('history.versions')} className="grid content-start gap-1 overflow-y-auto">
            {entries.map((entry) => (
              <li key={entry.revision}>
                <button
                  type="button"
                  aria-pressed={selected === entry.revision}
                  onClick={() => setSelected(entry.revision)}
                  className={cn(
                    'grid w-full gap-0.5 rounded-md px-3 py-2 text-left text-sm hover:bg-accent',
                    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    selected === entry.revision && 'bg-accent',
                  )}
                >
                  <span className="flex items-center gap-2 font-medium">
                    {entry.title}
                    {entry.revision === current ? <Badge variant="secondary">{t('history.current')}</Badge> : null}
                  </span>
                  <span className="text-xs text-muted-foreground">{entry.detail}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="min-h-48 overflow-y-auto rounded-md border p-3">
            {selected === null || !detail ? (
              <p className="text-sm text-muted-foreground">{t('history.select')}</p>
            ) : (
              <RevisionPreview path={path} revision={selected} currentSource={detail.source} />
            )}
          </div>
        </div>
        <DialogFooter className="items-center">
          {dirty ? <p className="mr-auto text-sm text-muted-foreground">{t('history.discards')}</p> : null}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('history.close')}
          </Button>
          <Button onClick={restore} disabled={selected === null || selected === current || revert.isPending}>
            {t('history.restore')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
