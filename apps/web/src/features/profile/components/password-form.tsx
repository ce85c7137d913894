import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { i18n } from '../../../lib/i18n';
import { describeAuthError } from '../../../lib/password-reasons';
import { useChangePassword } from '../api/change-password';

export function PasswordForm({ email }: { email: string }) {
  const changeMutation = useChangePassword();
  const { t } = useTranslation('profile');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const saving = changeMutation.isPending;
  const mismatch = confirm.length > 0 && next !== confirm;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current || !next || next !== confirm || saving) return;
    let revoked: { revoked_sessions: number; revoked_tokens: number };
    try {
      revoked = await changeMutation.mutateAsync({ current_password: current, new_password: next });
    } catch (error) {
      const description = describeAuthError(error);
      toast({ title: t('password.failed'), description, variant: 'destructive' });
      return;
    }
    setCurrent('');
    setNext('');
    setConfirm('');
    toast({ title: t('password.changed'), description: passwordChangedText(revoked) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          {/* Lets password managers know which account this is for. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <TextField
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onValueChange={setCurrent}
            disabled={saving}
          />
          <TextField
            label={t('password.new')}
            type="password"
            autoComplete="new-password"
            required
            value={next}
            onValueChange={setNext}
            disabled={saving}
          />
          <TextField
            label={t('password.confirm')}
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onValueChange={setConfirm}
            disabled={saving}
            aria-invalid={mismatch}
          />
          {mismatch ? (
            <p role="alert" className="text-sm text-destructive">
              {t('password.mismatch')}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={saving || !current || !next || next !== confirm}>
              {saving ? <Spinner label={t('password.saving')} /> : null}
              {t('password.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Says what else the new password ended, so revoked API tokens never come as a surprise. */
export function passwordChangedText({ revoked_sessions: sessions, revoked_tokens: tokens }: PasswordChangeCounts) {
  const ended = [
    sessions > 0 ? i18n.t('profile:password.sessionsEnded', { count: sessions }) : '',
    tokens > 0 ? i18n.t('profile:password.tokensRevoked', { count: tokens }) : '',
  ].filter(Boolean);
  return ended.length > 0
    ? i18n.t('profile:password.updatedEnded', { ended: ended.join(i18n.t('profile:password.separator')) })
    : i18n.t('profile:password.updated');
}

interface PasswordChangeCounts {
  revoked_sessions: number;
  revoked_tokens: number;
}
