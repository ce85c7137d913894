import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { APP_VERSION } from '../../../config/app-version';
import { useDismissAllUpdates } from '../api/dismiss-all-updates';
import { useUpdates } from '../api/get-updates';
import { useMarkNotificationsRead } from '../api/mark-notification-read';
import { UPDATE_FAILED_TOAST, updatingToast, useFinalizePendingUpdate } from '../hooks/use-finalize-pending-update';
import { availableUpdate } from '../lib/available-update';
import { storePendingUpdate } from '../lib/pending-update';
import { UpdateAvailableButton, UpdateAvailableCard } from './update-available-card';

/** Long enough to see 'Updating...' and the toast before the page reloads. */
export const UPDATE_RELOAD_DELAY_MS = 1000;

const reloadPage = () => window.location.reload();

interface UpdateNoticeProps {
  userId: string | undefined;
  /** The running web build's version; tests pass their own. */
  appVersion?: string;
  reload?: () => void;
}

/** The Update Available card (top centre) or, once put off, the small Update Available button (top right). */
export function UpdateNotice({ userId, appVersion = APP_VERSION, reload = reloadPage }: UpdateNoticeProps) {
  const { finalizing } = useFinalizePendingUpdate(userId);
  const updates = useUpdates(Boolean(userId));
  const update = availableUpdate(updates.data, appVersion);
  const [choice, setChoice] = useState<{ versionId: string; collapsed: boolean } | null>(null);
  const [updating, setUpdating] = useState(false);
  const dismiss = useDismissAllUpdates();
  const markRead = useMarkNotificationsRead();
  const sentRead = useRef(new Set<string>());
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const collapsed = update ? (choice?.versionId === update.versionId ? choice.collapsed : update.dismissed) : true;
  // Shown on the open card means seen: unread → read, each notification once.
  const unreadKey = !collapsed && update ? update.unreadIds.join(',') : '';
  const { mutate: sendRead } = markRead;
  useEffect(() => {
    const ids = unreadKey ? unreadKey.split(',').filter((id) => !sentRead.current.has(id)) : [];
    if (ids.length === 0) return;
    ids.forEach((id) => sentRead.current.add(id));
    sendRead(ids);
  }, [unreadKey, sendRead]);

  // While an update is being finished, what was fetched before it may be stale: show nothing yet.
  if (!update || !userId || finalizing) return null;
  const setCollapsed = (value: boolean) => setChoice({ versionId: update.versionId, collapsed: value });

  if (collapsed) return <UpdateAvailableButton onOpen={() => setCollapsed(false)} />;

  const updateNow = () => {
    setUpdating(true);
    try {
      storePendingUpdate(update.version, userId);
      toast(updatingToast(update.version));
      reloadTimer.current = setTimeout(reload, UPDATE_RELOAD_DELAY_MS);
    } catch {
      setUpdating(false);
      toast(UPDATE_FAILED_TOAST);
    }
  };

  return (
    <UpdateAvailableCard
      update={update}
      updating={updating}
      dismissing={dismiss.isPending}
      onUpdateNow={updateNow}
      onLater={() => setCollapsed(true)}
      onDismiss={() => {
        setCollapsed(true);
        dismiss.mutate(undefined, {
          onError: (error) =>
            toast({ title: 'Could not dismiss the update', description: error.message, variant: 'destructive' }),
        });
      }}
    />
  );
}
