import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { usePrivacySettings, useUpdatePrivacySettings } from '../api/privacy-settings';
import { RetentionSettingsForm } from './retention-settings';

export const PREFERENCE_TOAST_MS = 2000;

export function RetentionPanel() {
  const settings = usePrivacySettings();
  const update = useUpdatePrivacySettings();
  const { t } = useTranslation('privacy');

  if (settings.isPending) return <Spinner label={t('retention.loading')} />;
  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('retention.loadError', { message: settings.error.message })}
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
          onSuccess: () => toast({ title: t('retention.saved'), duration: PREFERENCE_TOAST_MS }),
          onError: () =>
            toast({
              title: t('retention.errorTitle'),
              description: t('retention.saveFailed'),
              variant: 'destructive',
              duration: PREFERENCE_TOAST_MS,
            }),
        })
      }
    />
  );
}
