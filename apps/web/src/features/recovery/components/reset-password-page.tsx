import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useResetPassword } from '../api/recovery';
import { linkToken } from '../lib/link-token';
import { LinkPageFrame } from './link-page-frame';

/** /reset-password#token=…: a new password from a one-time link; every session of the account ends. */
export function ResetPasswordPage() {
  const token = linkToken(useLocation().hash);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (reset.isSuccess) {
    return (
      <LinkPageFrame
        title="Password changed"
        description="You were signed out everywhere. Sign in with your new password."
      >
        <Link to={paths.auth} className={cn(buttonClasses(), 'w-full')}>
          Go to sign in
        </Link>
      </LinkPageFrame>
    );
  }
  if (!token) {
    return (
      <LinkPageFrame
        title="Reset password"
        description="This link is incomplete. Open the whole link from the mail, or ask for a new one."
      >
        <Link to={paths.auth} className={cn(buttonClasses('outline'), 'w-full')}>
          Back to sign in
        </Link>
      </LinkPageFrame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) {
      setProblem('The passwords do not match.');
      return;
    }
    setProblem(null);
    reset.mutate(
      { token, new_password: password },
      { onError: (error) => setProblem(isApiError(error) ? error.message : 'The password could not be changed.') },
    );
  };

  return (
    <LinkPageFrame title="Choose a new password" description="The link works once and for one hour.">
      <form className="grid gap-4" onSubmit={submit}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onValueChange={setRepeat}
        />
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </LinkPageFrame>
  );
}
