import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { usePrivacySettings, useUpdatePrivacySettings } from '../api/privacy-settings';
import { RetentionSettingsForm } from './retention-settings';

export const PREFERENCE_TOAST_MS = 2000;

export function RetentionPanel() {
  const settings = usePrivacySettings();
  const update = useUpdatePrivacySettings();

  if (settings.isPending) return <Spinner label="Loading privacy settings" />;
  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load your privacy settings. {settings.error.message}
      </p>
    );
  }
  return (
    <RetentionSettingsForm
      key={settings.data.updated_at}
      settings={settings.data}
      pending={update.isPending}
      onSave={(body) =>
        update.mutate(body, {
          onSuccess: () => toast({ title: 'Privacy settings saved', duration: PREFERENCE_TOAST_MS }),
          onError: () =>
            toast({
              title: 'Error',
              description: 'Failed to update privacy settings.',
              variant: 'destructive',
              duration: PREFERENCE_TOAST_MS,
            }),
        })
      }
    />
  );
}
