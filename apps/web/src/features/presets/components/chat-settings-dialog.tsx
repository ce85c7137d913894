import type { ConversationSettings } from '@hearth/contract';
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useChatSettings, useSaveChatSettings } from '../api/chat-settings';
import { fromForm, type SettingsForm, toForm } from '../lib/settings-form';
import { SettingsFields } from './settings-fields';

/**
 * The chat header's "Chat settings": this conversation's own system prompt, parameters and collections, kept on
 * the server and applied to every answer of this chat only. New chats start from the defaults.
 */
export function ChatSettingsDialog({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('presets');
  const [open, setOpen] = useState(false);
  const settings = useChatSettings(conversationId);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('chatSettings.title')}>
        <SlidersHorizontal aria-hidden />
        <span className="hidden sm:inline">{t('chatSettings.title')}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{t('chatSettings.title')}</DialogTitle>
            <DialogDescription>{t('chatSettings.description')}</DialogDescription>
          </DialogHeader>
          {settings.isPending ? (
            <p className="text-sm text-muted-foreground">{t('chatSettings.loading')}</p>
          ) : settings.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t('chatSettings.loadFailed', { message: errorMessage(settings.error) })}
            </p>
          ) : (
            <SettingsForm
              key={settings.dataUpdatedAt}
              conversationId={conversationId}
              current={settings.data}
              onDone={() => setOpen(false)}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function SettingsForm(props: { conversationId: string; current: ConversationSettings; onDone: () => void }) {
  const { conversationId, current, onDone } = props;
  const { t } = useTranslation('presets');
  const [form, setForm] = useState<SettingsForm>(() => toForm(current.settings));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveChatSettings(conversationId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = fromForm(form);
    if ('problem' in result) return setProblem(result.problem);
    setProblem(null);
    // The chat's model stays as the model picker set it.
    const settings = { ...result.settings, model: current.settings.model, provider_id: current.settings.provider_id };
    save.mutate(settings, {
      onSuccess: () => {
        toast({ title: t('chatSettings.saved') });
        onDone();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <p className="text-sm text-muted-foreground">
        {t('chatSettings.modelPrefix')}{' '}
        <span className="font-medium text-foreground">{current.settings.model ?? t('chatSettings.pickersModel')}</span>
        {current.preset ? t('chatSettings.fromPreset', { name: current.preset.name }) : ''}
        {t('chatSettings.modelSuffix')}
      </p>
      <SettingsFields value={form} onChange={(patch) => setForm({ ...form, ...patch })} withModel={false} />
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => setForm(toForm({}))}>
          {t('chatSettings.reset')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('chatSettings.saving') : t('chatSettings.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
