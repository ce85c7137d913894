import type { ApiTokenCreated } from '@hearth/contract';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useCreateToken } from '../api/create-token';

const MAX_EXPIRY_DAYS = 3650;

/** Days as a whole number in range, null for "never", undefined when the input is invalid. */
function parseExpiry(raw: string): number | null | undefined {
  if (!raw.trim()) return null;
  const days = Number(raw);
  return Number.isInteger(days) && days >= 1 && days <= MAX_EXPIRY_DAYS ? days : undefined;
}

export function CreateTokenForm({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const { t } = useTranslation('tokens');
  const createMutation = useCreateToken();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const creating = createMutation.isPending;
  const expiresInDays = parseExpiry(expiry);
  const invalidExpiry = expiresInDays === undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim() || invalidExpiry || creating) return;
    try {
      const created = await createMutation.mutateAsync({ name: name.trim(), expires_in_days: expiresInDays });
      setName('');
      setExpiry('');
      onCreated(created);
    } catch (error) {
      toast({ title: t('create.failed'), description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <form className="grid gap-3 sm:grid-cols-[1fr_11rem_auto] sm:items-end" onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('create.name')}
        placeholder={t('create.namePlaceholder')}
        maxLength={100}
        required
        value={name}
        onValueChange={setName}
        disabled={creating}
      />
      <TextField
        label={t('create.expires')}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_EXPIRY_DAYS}
        placeholder={t('create.expiresPlaceholder')}
        value={expiry}
        onValueChange={setExpiry}
        disabled={creating}
        aria-invalid={invalidExpiry}
      />
      <Button type="submit" disabled={creating || !name.trim() || invalidExpiry}>
        {creating ? <Spinner label={t('create.creating')} /> : <Plus aria-hidden />}
        {t('create.submit')}
      </Button>
      {invalidExpiry ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-3">
          {t('create.invalidExpiry', { max: MAX_EXPIRY_DAYS })}
        </p>
      ) : null}
    </form>
  );
}
