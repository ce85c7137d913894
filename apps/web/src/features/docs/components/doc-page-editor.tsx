import type { DocPageDetail } from '@hearth/contract';
import { History, RotateCw, Save, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useDocPageDetail, useSaveDocPage } from '../api/doc-pages';
import { parseSource } from '../lib/current-page';
import { DocHistoryDialog } from './doc-history-dialog';
import { EditorPreview } from './editor-preview';
import { useEditorKeys, useUnsavedChangesGuard } from './use-editor-guards';

interface DocPageEditorProps {
  path: string;
  /** Leaves the editor (back to the page). */
  onClose: () => void;
}

/** A super admin's editor for one page: the full Markdown source (front matter included) beside a live preview. */
export function DocPageEditor({ path, onClose }: DocPageEditorProps) {
  const { t } = useTranslation('docs');
  const query = useDocPageDetail(path);
  // Each session starts from the source loaded then; Reload and Restore start a new one.
  const [session, setSession] = useState(0);
  if (!query.data) {
    if (query.isPending) return <PageSpinner />;
    return (
      <div role="alert" className="grid gap-3">
        <p className="font-medium">{t('editor.loadError')}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
        <div className="flex gap-2">
          <Button onClick={() => void query.refetch()}>{t('tryAgain')}</Button>
          <Button variant="outline" onClick={onClose}>
            {t('editor.backToPage')}
          </Button>
        </div>
      </div>
    );
  }
  const restart = () => setSession((value) => value + 1);
  return (
    <EditorForm
      key={session}
      detail={query.data}
      onClose={onClose}
      onReload={() => void query.refetch().then(restart)}
      onRestored={restart}
    />
  );
}

interface EditorFormProps {
  detail: DocPageDetail;
  onClose: () => void;
  onReload: () => void;
  onRestored: () => void;
}

function EditorForm({ detail, onClose, onReload, onRestored }: EditorFormProps) {
  const [base] = useState(detail);
  const [text, setText] = useState(detail.source);
  const [conflict, setConflict] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const { t } = useTranslation('docs');
  const save = useSaveDocPage();
  const dirty = text !== base.source;
  const canSave = dirty && !save.isPending && parseSource(text, base.path).page !== undefined;
  const { blocker, allowLeave } = useUnsavedChangesGuard(dirty);

  const leave = () => {
    allowLeave();
    onClose();
  };
  const submit = () => {
    if (!canSave) return;
    save.mutate(
      { path: base.path, source: text, baseRevision: base.revision },
      {
        onSuccess: () => {
          toast({ title: t('editor.saved') });
          leave();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) setConflict(true);
          else toast({ title: t('editor.saveFailed'), description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };
  const cancel = () => (dirty ? setConfirmDiscard(true) : leave());
  useEditorKeys(submit, cancel);

  return (
    <>
      <section aria-labelledby="doc-editor-title" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 id="doc-editor-title" className="text-2xl font-bold tracking-tight">
              {t('editor.title', { title: base.title })}
            </h1>
            <p className="text-sm text-muted-foreground">
              {base.revision === 0 ? t('history.shipped') : t('editor.revision', { revision: base.revision })} ·{' '}
              {t('editor.keys')}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setHistoryOpen(true)}>
              <History aria-hidden /> {t('editor.history')}
            </Button>
            <Button variant="outline" onClick={cancel}>
              <X aria-hidden /> {t('editor.cancel')}
            </Button>
            <Button onClick={submit} disabled={!canSave}>
              <Save aria-hidden /> {save.isPending ? t('editor.saving') : t('editor.save')}
            </Button>
          </div>
        </div>
        {conflict ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
            <p className="text-sm">{t('editor.conflict')}</p>
            <Button size="sm" variant="outline" onClick={onReload}>
              <RotateCw aria-hidden /> {t('editor.reload')}
            </Button>
          </div>
        ) : null}
        <div className="grid gap-6 xl:grid-cols-2">
          <div className="grid content-start gap-2">
            <label htmlFor="doc-source" className="text-sm font-medium">
              {t('editor.source')}
            </label>
            <textarea
              id="doc-source"
              value={text}
              onChange={(event) => setText(event.target.value)}
              spellCheck={false}
              autoFocus
              className="h-[70vh] w-full resize-y rounded-md border border-input bg-transparent p-3 font-mono text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            />
          </div>
          <section
            aria-label={t('editor.preview')}
            className="min-w-0 rounded-md border p-4 xl:h-[calc(70vh+1.75rem)] xl:overflow-y-auto"
          >
            <EditorPreview source={text} path={base.path} />
          </section>
        </div>
      </section>
      <DocHistoryDialog
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        path={base.path}
        dirty={dirty}
        onRestored={onRestored}
      />
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={t('editor.discardTitle')}
        description={t('editor.unsaved')}
        confirmLabel={t('editor.discard')}
        onConfirm={leave}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => (open ? undefined : blocker.reset?.())}
        title={t('editor.leaveTitle')}
        description={t('editor.unsaved')}
        confirmLabel={t('editor.leave')}
        onConfirm={() => blocker.proceed?.()}
      />
    </>
  );
}
