import type { DocUpdate } from '@hearth/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useApplyDocUpdate, useRejectDocUpdate } from '../api/updates';
import { diffLines } from '../../../lib/line-diff';
import { DOCS_MAINTENANCE_MESSAGES } from '../lib/messages';
import { percent, UPDATE_TYPE_LABEL } from '../lib/presentation';
import { DiffView } from './diff-view';

/** Review of a pending update: the page now beside the suggestion, then Apply or Reject. */
export function ReviewDialog({ update }: { update: DocUpdate }) {
  const { t } = useTranslation('docsMaintenance');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">{t('review.button')}</Button>
      </DialogTrigger>
      <DialogContent className="flex max-h-[90vh] max-w-6xl flex-col">
        <DialogHeader>
          <DialogTitle>{t('review.title', { path: update.docPath })}</DialogTitle>
          <DialogDescription>
            {t('review.description', {
              path: update.filePath,
              type: t(UPDATE_TYPE_LABEL[update.updateType]),
              confidence: percent(update.aiConfidence),
            })}
          </DialogDescription>
        </DialogHeader>
        {open ? <ReviewBody update={update} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReviewBody({ update, onDone }: { update: DocUpdate; onDone: () => void }) {
  const diff = useMemo(
    () => diffLines(update.currentContent, update.suggestedContent),
    [update.currentContent, update.suggestedContent],
  );
  const { t } = useTranslation('docsMaintenance');
  const apply = useApplyDocUpdate();
  const reject = useRejectDocUpdate();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = apply.isPending || reject.isPending;

  /**
   * mutateAsync, not mutate's callbacks: once decided, the refreshed list drops this pending update and unmounts
   * the dialog, and mutate's per-call callbacks never run for an unmounted component.
   */
  async function decide(action: 'apply' | 'reject') {
    setFailure(null);
    const mutation = action === 'apply' ? apply : reject;
    try {
      await mutation.mutateAsync(update.id);
      toast({
        title: t(action === 'apply' ? DOCS_MAINTENANCE_MESSAGES.applied : DOCS_MAINTENANCE_MESSAGES.rejected),
        description: update.docPath,
      });
      onDone();
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      toast({
        title: t(action === 'apply' ? DOCS_MAINTENANCE_MESSAGES.applyFailed : DOCS_MAINTENANCE_MESSAGES.rejectFailed),
        description: message,
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      <DiffView diff={diff} />
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => void decide('reject')} disabled={busy}>
          {reject.isPending ? t('review.rejecting') : t('review.reject')}
        </Button>
        <Button onClick={() => void decide('apply')} disabled={busy}>
          {apply.isPending ? t('review.applying') : t('review.apply')}
        </Button>
      </DialogFooter>
    </>
  );
}
