import { MAX_COMPARE_MODELS } from '@hearth/contract';
import { Columns3, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';

interface CompareControlProps {
  /** The chat models the user may use. */
  models: string[];
  /** The models the next message goes to side by side; fewer than two: an ordinary send. */
  chosen: string[];
  onChange: (models: string[]) => void;
  /** The model picker's model, checked first when the dialog opens with nothing chosen. */
  current: string | null;
  disabled?: boolean;
}

/**
 * Compare (issue 17): choose two or three models; the next message goes to each of them and their answers show
 * side by side. Shown beside the composer; while on, a strip names the models and turns it off.
 */
export function CompareControl({ models, chosen, onChange, current, disabled }: CompareControlProps) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const on = chosen.length >= 2;
  const toggle = (name: string, checked: boolean) =>
    setDraft((previous) => (checked ? [...previous, name] : previous.filter((item) => item !== name)));

  return (
    <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="compare-control">
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) setDraft(on ? chosen : current && models.includes(current) ? [current] : []);
          setOpen(next);
        }}
      >
        <DialogTrigger asChild>
          <Button variant={on ? 'secondary' : 'ghost'} size="sm" disabled={disabled || models.length < 2}>
            <Columns3 aria-hidden />
            {on ? t('compare.change') : t('compare.button')}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('compare.title')}</DialogTitle>
            <DialogDescription>{t('compare.description')}</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">
              {t('compare.models', { n: draft.length, max: MAX_COMPARE_MODELS })}
            </legend>
            <div className="grid max-h-64 gap-1 overflow-y-auto">
              {models.map((name) => {
                const checked = draft.includes(name);
                return (
                  <label key={name} className="flex items-center gap-2 rounded-md px-1 py-1 text-sm hover:bg-accent">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && draft.length >= MAX_COMPARE_MODELS}
                      onChange={(event) => toggle(name, event.target.checked)}
                    />
                    <span className="truncate">{name}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('compare.cancel')}
            </Button>
            <Button
              disabled={draft.length < 2}
              onClick={() => {
                onChange(models.filter((name) => draft.includes(name)));
                setOpen(false);
              }}
            >
              {draft.length >= 2 ? t('compare.submitCount', { count: draft.length }) : t('compare.button')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {on ? (
        <p className="flex min-w-0 items-center gap-1 text-muted-foreground" data-testid="compare-models">
          <span className="truncate">{t('compare.comparing', { models: chosen.join(', ') })}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label={t('compare.stopComparing')}
            onClick={() => onChange([])}
          >
            <X aria-hidden />
          </Button>
        </p>
      ) : null}
    </div>
  );
}
