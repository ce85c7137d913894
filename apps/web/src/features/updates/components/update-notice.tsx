import type { AvailableUpdate } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { i18n } from '../../../lib/i18n';
import { useUpdates } from '../api/get-updates';
import { useDismissUpdate, useMarkWhatsNewSeen, useSnoozeUpdate, useUpgradeNow } from '../api/update-actions';
import { useUpgradeWatch } from '../hooks/use-upgrade-watch';
import { UpdateAvailableButton, UpdateAvailableCard } from './update-available-card';
import { WhatsNewNotice } from './whats-new-notice';

const reloadPage = () => window.location.reload();

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

/** Later and X are kept on the server; the small button opens the card again for this page view only. */
const putAway = (update: AvailableUpdate) => update.dismissed || update.snoozed_until !== null;

/**
 * Under the header: for admins, the Update Available card (or, once put off, the small Update Available
 * button); for everyone, the one-time "Hearth was updated" notice. The server decides who sees what.
 */
export function UpdateNotice({ userId, reload = reloadPage }: { userId: string | undefined; reload?: () => void }) {
  const updates = useUpdates(Boolean(userId));
  const [reopened, setReopened] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const watch = useUpgradeWatch(target);
  const snooze = useSnoozeUpdate();
  const dismiss = useDismissUpdate();
  const seen = useMarkWhatsNewSeen();
  const upgrade = useUpgradeNow();
  const queryClient = useQueryClient();
  const { t } = useTranslation('updates');

  useEffect(() => {
    if (watch.phase !== 'done') return;
    toast({
      title: i18n.t('updates:notice.nowRuns', { version: watch.target }),
      description: i18n.t('updates:notice.reloading'),
    });
    void queryClient.invalidateQueries();
    // The new server serves a new web build: load it.
    const timer = setTimeout(reload, 1500);
    return () => clearTimeout(timer);
  }, [watch, queryClient, reload]);

  const data = updates.data;
  if (!userId || !data) return null;
  const update = data.available;
  const whatsNew = data.whats_new;

  const notice = whatsNew ? (
    <WhatsNewNotice
      whatsNew={whatsNew}
      onClose={() => seen.mutate(whatsNew.version, { onError: failed(t('notice.closeFailed')) })}
    />
  ) : null;
  if (!update) return notice;

  const collapsed = putAway(update) && reopened !== update.version && watch.phase === 'idle';
  return (
    <>
      {notice}
      {collapsed ? (
        <UpdateAvailableButton onOpen={() => setReopened(update.version)} />
      ) : (
        <UpdateAvailableCard
          update={update}
          serverVersion={data.server_version}
          watch={watch}
          busy={snooze.isPending || dismiss.isPending || upgrade.isPending}
          onLater={() => {
            setReopened(null);
            snooze.mutate(undefined, { onError: failed(t('notice.laterFailed')) });
          }}
          onDismiss={() => {
            setReopened(null);
            dismiss.mutate(update.version, { onError: failed(t('notice.dismissFailed')) });
          }}
          onUpgradeNow={() =>
            upgrade.mutate(update.version, {
              onSuccess: (answer) => setTarget(answer.requested_version),
              onError: failed(t('notice.upgradeFailed')),
            })
          }
        />
      )}
    </>
  );
}
