import type { Require2fa, SecuritySettings, SignupMode } from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
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

const REQUIRE_2FA = [
  { value: 'off', label: 'security.require2fa.off' },
  { value: 'admins', label: 'security.require2fa.admins' },
  { value: 'everyone', label: 'security.require2fa.everyone' },
] as const satisfies readonly { value: Require2fa; label: string }[];

const SIGNUP_MODES = [
  { value: 'open', label: 'security.signupModes.open' },
  { value: 'approval', label: 'security.signupModes.approval' },
  { value: 'invite_only', label: 'security.signupModes.invite_only' },
  { value: 'closed', label: 'security.signupModes.closed' },
] as const satisfies readonly { value: SignupMode; label: string }[];

export function SecuritySettingsDialog({ open, onOpenChange, canEdit }: Props) {
  const { t } = useTranslation('admin');
  const settings = useSecuritySettings(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('quickActions.security')}</DialogTitle>
          <DialogDescription>{t('security.description')}</DialogDescription>
        </DialogHeader>
        {settings.isPending ? <Spinner label={t('settings.loading')} /> : null}
        {settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('security.loadFailed')}
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
  const { t } = useTranslation('admin');
  const [form, setForm] = useState(initial);
  const update = useUpdateSecuritySettings();
  const modeId = useId();
  const set = <K extends keyof SecuritySettings>(key: K, value: SecuritySettings[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(form, {
      onSuccess: () => {
        toast({ title: t('security.saved') });
        onDone();
      },
      onError: (error) =>
        toast({ title: t('common.error'), description: describeAuthError(error), variant: 'destructive' }),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset disabled={!canEdit || update.isPending} className="grid gap-4">
        <TextField
          label={t('security.minLength')}
          type="number"
          min={8}
          max={128}
          required
          value={String(form.password_min_length)}
          onValueChange={(value) => set('password_min_length', Number(value))}
        />
        <div className="grid gap-2">
          <Checkbox
            label={t('security.requireDigit')}
            checked={form.password_require_digit}
            onChange={(checked) => set('password_require_digit', checked)}
          />
          <Checkbox
            label={t('security.requireSymbol')}
            checked={form.password_require_symbol}
            onChange={(checked) => set('password_require_symbol', checked)}
          />
          <Checkbox
            label={t('security.requireUppercase')}
            checked={form.password_require_uppercase}
            onChange={(checked) => set('password_require_uppercase', checked)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={modeId}>{t('security.signup')}</Label>
          <select
            id={modeId}
            value={form.signup_mode}
            onChange={(event) => set('signup_mode', event.target.value as SignupMode)}
            className="h-9 rounded-md border bg-background px-3 text-sm"
          >
            {SIGNUP_MODES.map((mode) => (
              <option key={mode.value} value={mode.value}>
                {t(mode.label)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${modeId}-2fa`}>{t('security.twoFactor')}</Label>
          <select
            id={`${modeId}-2fa`}
            value={form.require_2fa}
            onChange={(event) => set('require_2fa', event.target.value as Require2fa)}
            className="h-9 rounded-md border bg-background px-3 text-sm"
          >
            {REQUIRE_2FA.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('security.sessionLifetime')}
          hint={t('security.sessionLifetimeHint')}
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
          {canEdit ? t('common.cancel') : t('common.close')}
        </Button>
        {canEdit ? (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('common.saving') : t('common.save')}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}
