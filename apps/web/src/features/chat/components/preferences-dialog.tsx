import type { UserPreferences } from '@hearth/contract';
import { SlidersHorizontal } from 'lucide-react';
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

const TOGGLES: {
  key: 'includeLegalDisclaimers' | 'autoUseDocuments' | 'rememberContext';
  label: string;
  hint: string;
}[] = [
  {
    key: 'includeLegalDisclaimers',
    label: 'Include legal disclaimers',
    hint: 'Add a short disclaimer to legal topics',
  },
  { key: 'autoUseDocuments', label: 'Use my documents automatically', hint: 'Search your knowledge collections' },
  { key: 'rememberContext', label: 'Remember conversation context', hint: 'Use earlier messages of this chat' },
];

/** Conversation preferences (spec §3): kept in this browser and sent with each message. */
export function PreferencesDialog({ preferences, onChange }: PreferencesDialogProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label="Conversation preferences">
          <SlidersHorizontal aria-hidden />
          <span className="hidden sm:inline">Preferences</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Conversation preferences</DialogTitle>
          <DialogDescription>Saved in this browser and used for every message you send.</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Response style</legend>
          {RESPONSE_STYLES.map((style) => (
            <label key={style.value} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm">
              <input
                type="radio"
                name="response-style"
                value={style.value}
                checked={preferences.preferredResponseStyle === style.value}
                onChange={() =>
                  onChange(
                    { preferredResponseStyle: style.value },
                    `Response style set to ${style.label.toLowerCase()}.`,
                  )
                }
                className="mt-0.5 accent-primary"
              />
              <span className="grid">
                <span className="font-medium">{style.label}</span>
                <span className="text-muted-foreground">{style.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-2">
          {TOGGLES.map((toggle) => (
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
                    `${toggle.label}: ${event.target.checked ? 'on' : 'off'}.`,
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
