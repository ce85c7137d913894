import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { describeAuthError } from '../../../lib/password-reasons';
import { useChangePassword } from '../api/change-password';

export function PasswordForm({ email }: { email: string }) {
  const changeMutation = useChangePassword();
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
      const description = isApiError(error) ? describeAuthError(error) : 'An unexpected error occurred.';
      toast({ title: 'Password change failed', description, variant: 'destructive' });
      return;
    }
    setCurrent('');
    setNext('');
    setConfirm('');
    toast({ title: 'Password changed', description: passwordChangedText(revoked) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Enter your current password, then the new one twice.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          {/* Lets password managers know which account this is for. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onValueChange={setCurrent}
            disabled={saving}
          />
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            value={next}
            onValueChange={setNext}
            disabled={saving}
          />
          <TextField
            label="Confirm New Password"
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
              The new passwords do not match.
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={saving || !current || !next || next !== confirm}>
              {saving ? <Spinner label="Saving" /> : null}
              Change password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Says what else the new password ended, so revoked API tokens never come as a surprise. */
export function passwordChangedText({ revoked_sessions: sessions, revoked_tokens: tokens }: PasswordChangeCounts) {
  const ended = [
    sessions > 0 ? `${plural(sessions, 'other session')} signed out` : '',
    tokens > 0 ? `${plural(tokens, 'API token')} revoked (create new ones in Settings)` : '',
  ].filter(Boolean);
  return ended.length > 0 ? `Your password has been updated. ${ended.join('; ')}.` : 'Your password has been updated.';
}

interface PasswordChangeCounts {
  revoked_sessions: number;
  revoked_tokens: number;
}
