import type { DocChange } from '@hearth/contract';
import { useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { useDraftDocUpdates } from '../api/changes';
import { draftSequentially, type DraftProgress } from '../lib/draft-sequence';
import { DOCS_MAINTENANCE_MESSAGES } from '../lib/messages';
import { describeProcessed, useProcessAutomatic } from './use-process-automatic';

/**
 * Drafts changes one after another with progress, then processes the automatic updates (confidence above 0.7 is
 * applied). Cancel stops after the change being drafted. `report` keeps the last run's outcome on screen.
 */
export function useDraftAll() {
  const draft = useDraftDocUpdates();
  const processAutomatic = useProcessAutomatic();
  const [progress, setProgress] = useState<DraftProgress | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [report, setReport] = useState<string | null>(null);
  const stop = useRef(false);
  const busy = useRef(false);

  async function run(changes: readonly DocChange[]) {
    if (busy.current || changes.length === 0) return;
    busy.current = true;
    stop.current = false;
    setCancelling(false);
    setReport(null);
    setProgress({ done: 0, total: changes.length, current: changes[0] ?? null });
    try {
      // The job reports pages as it drafts them: shown beside the change being drafted.
      const followPages = (change: DocChange) =>
        draft.mutateAsync({
          changeId: change.id,
          onProgress: (job) =>
            setProgress((shown) => (shown?.current?.id === change.id ? { ...shown, pages: job.progress } : shown)),
        });
      const outcome = await draftSequentially(changes, followPages, {
        onProgress: setProgress,
        shouldStop: () => stop.current,
      });
      if (outcome.failure) {
        toast({
          title: i18n.t(DOCS_MAINTENANCE_MESSAGES.draftFailed, { ns: 'docsMaintenance' }),
          description: `${outcome.failure.change.filePath}: ${errorMessage(outcome.failure.error)}`,
          variant: 'destructive',
        });
      }
      let summary = i18n.t('docsMaintenance:draft.summary', {
        updates: i18n.t('docsMaintenance:counts.update', { count: outcome.updates }),
        changes: i18n.t('docsMaintenance:counts.change', { count: outcome.drafted }),
      });
      if (outcome.cancelled) {
        summary += i18n.t('docsMaintenance:draft.cancelledAfter', { done: outcome.drafted, total: changes.length });
      }
      if (outcome.failure) {
        summary += i18n.t('docsMaintenance:draft.stoppedAt', { path: outcome.failure.change.filePath });
      }
      if (outcome.drafted > 0) {
        const processed = await processAutomatic.run();
        summary += processed
          ? i18n.t('docsMaintenance:draft.processed', { processed: describeProcessed(processed) })
          : i18n.t('docsMaintenance:draft.notProcessed');
        if (processed && !outcome.failure) {
          toast({ title: i18n.t('docsMaintenance:draft.toast'), description: summary });
        }
      } else {
        summary += i18n.t('docsMaintenance:draft.end');
      }
      setReport(summary);
    } finally {
      busy.current = false;
      setProgress(null);
      setCancelling(false);
    }
  }

  function cancel() {
    stop.current = true;
    setCancelling(true);
  }

  return { run, cancel, progress, cancelling, report, running: progress !== null };
}
