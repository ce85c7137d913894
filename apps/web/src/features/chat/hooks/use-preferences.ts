import type { UserPreferences } from '@hearth/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { readPreferences, writePreferences } from '../lib/preferences';

/** Spec §9: preference toasts show for 2 s. */
const PREFERENCE_TOAST_MS = 2000;

/** The conversation preferences, kept in browser storage; each change is saved and confirmed. */
export function usePreferences() {
  const { t } = useTranslation('chat');
  const [preferences, setPreferences] = useState<UserPreferences>(readPreferences);
  const change = useCallback(
    (patch: Partial<UserPreferences>, confirmation: string) => {
      setPreferences((current) => {
        const next = { ...current, ...patch };
        writePreferences(next);
        return next;
      });
      toast({ title: t('preferences.updated'), description: confirmation, duration: PREFERENCE_TOAST_MS });
    },
    [t],
  );
  return { preferences, change };
}
