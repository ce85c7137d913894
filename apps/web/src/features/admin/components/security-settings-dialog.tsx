import type { Require2fa, SecuritySettings, SignupMode } from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
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
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { describeAuthError } from '../../../lib/password-reasons';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/settings';
import { Checkbox, SettingsNote } from './settings-fields';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canEdit: boolean;
}

const REQUIRE_2FA: { value: Require2fa; label: string }[] = [
  { value: 'off', label: 'Optional: people choose' },
  { value: 'admins', label: 'Required for admins' },
  { value: 'everyone', label: 'Required for everyone' },
];

const SIGNUP_MODES: { value: SignupMode; label: string }[] = [
  { value: 'open', label: 'Open: anyone can create an account' },
  { value: 'approval', label: 'Approval: new accounts wait for an admin' },
  { value: 'invite_only', label: 'Invite only: people with an invitation link' },
  { value: 'closed', label: 'Closed: only admins add people' },
];

export function SecuritySettingsDialog({ open, onOpenChange, canEdit }: Props) {
  const settings = useSecuritySettings(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Security Settings</DialogTitle>
          <DialogDescription>Password policy, sign-up and session lifetime for the whole instance.</DialogDescription>
        </DialogHeader>
        {settings.isPending ? <Spinner label="Loading settings" /> : null}
        {settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the security settings.
          </p>
        ) : null}
        {settings.data ? (
          <SecurityForm initial={settings.data} canEdit={canEdit} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SecurityForm({
  initial,
  canEdit,
  onDone,
}: {
  initial: SecuritySettings;
  canEdit: boolean;
  onDone: () => void;
}) {
  const [form, setForm] = useState(initial);
  const update = useUpdateSecuritySettings();
  const modeId = useId();
  const set = <K extends keyof SecuritySettings>(key: K, value: SecuritySettings[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(form, {
      onSuccess: () => {
        toast({ title: 'Security settings saved' });
        onDone();
      },
      onError: (error) => toast({ title: 'Error', description: describeAuthError(error), variant: 'destructive' }),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset disabled={!canEdit || update.isPending} className="grid gap-4">
        <TextField
          label="Minimum password length"
          type="number"
          min={8}
          max={128}
          required
          value={String(form.password_min_length)}
          onValueChange={(value) => set('password_min_length', Number(value))}
        />
        <div className="grid gap-2">
          <Checkbox
            label="Require a number"
            checked={form.password_require_digit}
            onChange={(checked) => set('password_require_digit', checked)}
          />
          <Checkbox
            label="Require a symbol"
            checked={form.password_require_symbol}
            onChange={(checked) => set('password_require_symbol', checked)}
          />
          <Checkbox
            label="Require an uppercase letter"
            checked={form.password_require_uppercase}
            onChange={(checked) => set('password_require_uppercase', checked)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={modeId}>Sign-up</Label>
          <select
            id={modeId}
            value={form.signup_mode}
            onChange={(event) => set('signup_mode', event.target.value as SignupMode)}
            className="h-9 rounded-md border bg-background px-3 text-sm"
          >
            {SIGNUP_MODES.map((mode) => (
              <option key={mode.value} value={mode.value}>
                {mode.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${modeId}-2fa`}>Two-factor authentication</Label>
          <select
            id={`${modeId}-2fa`}
            value={form.require_2fa}
            onChange={(event) => set('require_2fa', event.target.value as Require2fa)}
            className="h-9 rounded-md border bg-background px-3 text-sm"
          >
            {REQUIRE_2FA.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Session lifetime (hours)"
          hint="Applies to new sign-ins"
          type="number"
          min={1}
          max={8760}
          required
          value={String(form.session_lifetime_hours)}
          onValueChange={(value) => set('session_lifetime_hours', Number(value))}
        />
      </fieldset>
      {canEdit ? null : <SettingsNote />}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {canEdit ? 'Cancel' : 'Close'}
        </Button>
        {canEdit ? (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}
