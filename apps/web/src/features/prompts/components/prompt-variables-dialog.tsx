import type { Prompt } from '@hearth/contract';
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
import { Label } from '../../../components/ui/label';

interface Props {
  prompt: Prompt | null;
  onSubmit: (values: Record<string, string>) => void;
  onCancel: () => void;
}

/** Asks for a prompt's {{variables}} before it is inserted; blank ones stay as {{name}} in the text. */
export function PromptVariablesDialog({ prompt, onSubmit, onCancel }: Props) {
  return (
    <Dialog open={prompt !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        {prompt ? <VariablesForm key={prompt.id} prompt={prompt} onSubmit={onSubmit} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function VariablesForm({ prompt, onSubmit }: { prompt: Prompt; onSubmit: Props['onSubmit'] }) {
  const { t } = useTranslation('prompts');
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{prompt.title}</DialogTitle>
        <DialogDescription>{t('variablesDialog.description')}</DialogDescription>
      </DialogHeader>
      {prompt.variables.map((name, index) => (
        <div key={name} className="grid gap-2">
          <Label htmlFor={`prompt-variable-${name}`}>{name}</Label>
          <textarea
            id={`prompt-variable-${name}`}
            rows={2}
            autoFocus={index === 0}
            maxLength={20_000}
            value={values[name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                onSubmit(values);
              }
            }}
            className="min-h-9 rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </div>
      ))}
      <DialogFooter>
        <Button type="submit">{t('variablesDialog.insert')}</Button>
      </DialogFooter>
    </form>
  );
}
