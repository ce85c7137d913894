import type { UserPreferences } from '@hearth/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { RESPONSE_STYLES } from '../lib/preferences';

interface PreferencesDialogProps {
  preferences: UserPreferences;
  onChange: (patch: Partial<UserPreferences>, confirmation: string) => void;
}

type ToggleKey = 'includeLegalDisclaimers' | 'autoUseDocuments' | 'rememberContext';

/** Conversation preferences (spec §3): kept in this browser and sent with each message. */
export function PreferencesDialog({ preferences, onChange }: PreferencesDialogProps) {
  const { t } = useTranslation('chat');
  const styles: Record<(typeof RESPONSE_STYLES)[number], { label: string; hint: string; done: string }> = {
    conversational: {
      label: t('preferences.conversational'),
      hint: t('preferences.conversationalHint'),
      done: t('preferences.conversationalSet'),
    },
    formal: { label: t('preferences.formal'), hint: t('preferences.formalHint'), done: t('preferences.formalSet') },
    technical: {
      label: t('preferences.technical'),
      hint: t('preferences.technicalHint'),
      done: t('preferences.technicalSet'),
    },
  };
  const toggles: { key: ToggleKey; label: string; hint: string }[] = [
    {
      key: 'includeLegalDisclaimers',
      label: t('preferences.disclaimers'),
      hint: t('preferences.disclaimersHint'),
    },
    { key: 'autoUseDocuments', label: t('preferences.documents'), hint: t('preferences.documentsHint') },
    { key: 'rememberContext', label: t('preferences.context'), hint: t('preferences.contextHint') },
  ];
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('preferences.title')}>
          <SlidersHorizontal aria-hidden />
          <span className="hidden sm:inline">{t('preferences.button')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('preferences.title')}</DialogTitle>
          <DialogDescription>{t('preferences.description')}</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('preferences.responseStyle')}</legend>
          {RESPONSE_STYLES.map((style) => (
            <label key={style} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm">
              <input
                type="radio"
                name="response-style"
                value={style}
                checked={preferences.preferredResponseStyle === style}
                onChange={() => onChange({ preferredResponseStyle: style }, styles[style].done)}
                className="mt-0.5 accent-primary"
              />
              <span className="grid">
                <span className="font-medium">{styles[style].label}</span>
                <span className="text-muted-foreground">{styles[style].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-2">
          {toggles.map((toggle) => (
            <label key={toggle.key} className="flex cursor-pointer items-center justify-between gap-3 text-sm">
              <span className="grid">
                <span className="font-medium">{toggle.label}</span>
                <span className="text-muted-foreground">{toggle.hint}</span>
              </span>
              <input
                type="checkbox"
                role="switch"
                checked={preferences[toggle.key]}
                onChange={(event) =>
                  onChange(
                    { [toggle.key]: event.target.checked },
                    event.target.checked
                      ? t('preferences.toggledOn', { label: toggle.label })
                      : t('preferences.toggledOff', { label: toggle.label }),
                  )
                }
                className="size-4 accent-primary"
              />
            </label>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
