import type { DocPageRevision } from '@hearth/contract';
import { useState } from 'react';
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
import { useDocPageDetail, useRevertDocPage } from '../api/doc-pages';
import { RevisionPreview } from './revision-preview';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Edited / Reverted to r{n} / Documentation update. */
export function revisionKindLabel(revision: DocPageRevision): string {
  if (revision.kind === 'revert') return `Reverted to r${revision.restoredRevision ?? 0}`;
  return revision.kind === 'doc_update' ? 'Documentation update' : 'Edited';
}

interface Entry {
  revision: number;
  title: string;
  detail: string;
}

const entryOf = (revision: DocPageRevision): Entry => ({
  revision: revision.revision,
  title: `r${revision.revision} · ${revisionKindLabel(revision)}`,
  detail: `${revision.createdBy?.name ?? (revision.kind === 'doc_update' ? 'Automatic update' : 'Deleted user')} · ${dateTime.format(new Date(revision.createdAt))}`,
});

const SHIPPED: Entry = {
  revision: 0,
  title: 'Shipped version',
  detail: 'The text that ships with this version of Hearth',
};

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
  const { data: detail } = useDocPageDetail(path, open);
  const [selected, setSelected] = useState<number | null>(null);
  const revert = useRevertDocPage();
  const entries = [...(detail?.revisions ?? []).map(entryOf), SHIPPED];
  const current = detail?.revision ?? 0;

  const restore = () => {
    if (selected === null) return;
    revert.mutate(
      { path, revision: selected },
      {
        onSuccess: () => {
          toast({ title: 'Page restored' });
          setSelected(null);
          onOpenChange(false);
          onRestored();
        },
        onError: (error) =>
          toast({ title: 'Failed to restore the page', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-5xl grid-rows-[auto_minmax(0,1fr)_auto]">
        <DialogHeader>
          <DialogTitle>Page history</DialogTitle>
          <DialogDescription>Choose a version to compare it with the current page, or restore it.</DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
          <ul aria-label="Versions" className="grid content-start gap-1 overflow-y-auto">
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
                    {entry.revision === current ? <Badge variant="secondary">Current</Badge> : null}
                  </span>
                  <span className="text-xs text-muted-foreground">{entry.detail}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="min-h-48 overflow-y-auto rounded-md border p-3">
            {selected === null || !detail ? (
              <p className="text-sm text-muted-foreground">Select a version to preview it.</p>
            ) : (
              <RevisionPreview path={path} revision={selected} currentSource={detail.source} />
            )}
          </div>
        </div>
        <DialogFooter className="items-center">
          {dirty ? (
            <p className="mr-auto text-sm text-muted-foreground">Restoring discards your unsaved changes.</p>
          ) : null}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={restore} disabled={selected === null || selected === current || revert.isPending}>
            Restore this version
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
