import type { ProcessDocUpdatesResult } from '@hearth/contract';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { useProcessAutomaticDocUpdates } from '../api/updates';
import { DOCS_MAINTENANCE_MESSAGES } from '../lib/messages';

/** Applies every pending automatic update; a failure toasts the spec's text and answers null. */
export function useProcessAutomatic() {
  const mutation = useProcessAutomaticDocUpdates();
  async function run(): Promise<ProcessDocUpdatesResult | null> {
    try {
      return await mutation.mutateAsync();
    } catch (error) {
      toast({
        title: i18n.t(DOCS_MAINTENANCE_MESSAGES.processFailed, { ns: 'docsMaintenance' }),
        description: errorMessage(error),
        variant: 'destructive',
      });
      return null;
    }
  }
  return { run, isPending: mutation.isPending };
}

/** "2 applied" or "2 applied, 1 could not be applied". */
export function describeProcessed(result: ProcessDocUpdatesResult): string {
  const applied = i18n.t('docsMaintenance:processed.applied', { count: result.applied });
  return result.rejected > 0
    ? i18n.t('docsMaintenance:processed.withRejected', { applied, rejected: result.rejected })
    : applied;
}
