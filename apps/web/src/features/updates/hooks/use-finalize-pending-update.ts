import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { useFinalizeUpdate } from '../api/finalize-update';
import { takePendingUpdate } from '../lib/pending-update';

export const UPDATE_FAILED_TOAST = {
  title: 'Update Failed',
  description: 'There was an error updating the application. Please try again.',
  variant: 'destructive',
} as const;

export const updatingToast = (version: string) => ({
  title: 'Updating Application',
  description: `Installing version ${version}...`,
});

/**
 * The second half of Update Now: on the first start after the reload, tell the server the update finished
 * (it records last_updated_version and dismisses that version's notifications).
 */
export function useFinalizePendingUpdate(userId: string | undefined): { finalizing: boolean } {
  const { mutate, isPending } = useFinalizeUpdate();
  useEffect(() => {
    if (!userId) return;
    // Taking it removes it, so a second run (StrictMode, remount) finds nothing and never finalises twice.
    const pending = takePendingUpdate(userId);
    if (!pending) return;
    toast(updatingToast(pending.version));
    mutate(pending.version, { onError: () => toast(UPDATE_FAILED_TOAST) });
  }, [userId, mutate]);
  return { finalizing: isPending };
}
