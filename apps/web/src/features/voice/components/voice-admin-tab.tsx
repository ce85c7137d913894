import type { SpeechSettings } from '@hearth/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useSaveSpeechSettings, useSpeechSettings } from '../api/speech';

/** The tab's label in the admin panel (the voice namespace's own words). */
export function VoiceTabLabel() {
  const { t } = useTranslation('voice');
  return <>{t('admin.tab')}</>;
}

/** Admin panel → Voice (super admins): the OpenAI-compatible speech runtime, off until configured. */
export function VoiceAdminTab() {
  const { t } = useTranslation('voice');
  const settings = useSpeechSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.title')}</CardTitle>
        <CardDescription>{t('admin.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label={t('admin.loading')} />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(settings.error)}
          </p>
        ) : (
          <VoiceSettingsForm saved={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function VoiceSettingsForm({ saved }: { saved: SpeechSettings }) {
  const { t } = useTranslation('voice');
  const save = useSaveSpeechSettings();
  const [form, setForm] = useState({
    transcription_url: saved.transcription_url ?? '',
    transcription_model: saved.transcription_model,
    speech_url: saved.speech_url ?? '',
    speech_model: saved.speech_model,
    speech_voice: saved.speech_voice,
    api_key: '',
  });
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onValueChange: (value: string) => setForm((previous) => ({ ...previous, [name]: value })),
    disabled: save.isPending,
    spellCheck: false,
  });

  const submit = (event: FormEvent, clearKey = false) => {
    event.preventDefault();
    save.mutate(clearKey ? { clear_api_key: true } : { ...form, api_key: form.api_key || undefined }, {
      onSuccess: () => {
        setForm((previous) => ({ ...previous, api_key: '' }));
        toast({ title: t('admin.saved') });
      },
      onError: (error) =>
        toast({ title: t('admin.saveFailed'), description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{t('admin.transcription')}</legend>
        <TextField
          label={t('admin.transcriptionUrl')}
          placeholder="http://127.0.0.1:8080/v1"
          type="url"
          {...field('transcription_url')}
        />
        <TextField label={t('admin.transcriptionModel')} {...field('transcription_model')} />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">{t('admin.speech')}</legend>
        <TextField
          label={t('admin.speechUrl')}
          placeholder="http://127.0.0.1:8000/v1"
          type="url"
          {...field('speech_url')}
        />
        <TextField label={t('admin.speechModel')} {...field('speech_model')} />
        <TextField label={t('admin.speechVoice')} {...field('speech_voice')} />
      </fieldset>
      <TextField
        label={t('admin.apiKey')}
        hint={saved.api_key_configured ? t('admin.apiKeyStored') : t('admin.apiKeyOptional')}
        type="password"
        autoComplete="off"
        {...field('api_key')}
      />
      <p className="text-xs text-muted-foreground">{t('admin.help')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label={t('admin.saving')} /> : null}
          {t('admin.save')}
        </Button>
        {saved.api_key_configured ? (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={(event) => submit(event, true)}>
            {t('admin.clearKey')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
