import type { ApiTokenCreated } from '@hearth/contract';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
      toast({ title: 'Failed to create token', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <form className="grid gap-3 sm:grid-cols-[1fr_11rem_auto] sm:items-end" onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="Token name"
        placeholder="e.g. Backup script"
        maxLength={100}
        required
        value={name}
        onValueChange={setName}
        disabled={creating}
      />
      <TextField
        label="Expires in (days)"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_EXPIRY_DAYS}
        placeholder="Never (optional)"
        value={expiry}
        onValueChange={setExpiry}
        disabled={creating}
        aria-invalid={invalidExpiry}
      />
      <Button type="submit" disabled={creating || !name.trim() || invalidExpiry}>
        {creating ? <Spinner label="Creating token" /> : <Plus aria-hidden />}
        Create token
      </Button>
      {invalidExpiry ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-3">
          Expiry must be a whole number of days between 1 and {MAX_EXPIRY_DAYS}, or empty for no expiry.
        </p>
      ) : null}
    </form>
  );
}
