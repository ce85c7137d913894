import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('recovery');
  const token = linkToken(useLocation().hash);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (reset.isSuccess) {
    return (
      <LinkPageFrame title={t('reset.changedTitle')} description={t('reset.changedDescription')}>
        <Link to={paths.auth} className={cn(buttonClasses(), 'w-full')}>
          {t('reset.goToSignIn')}
        </Link>
      </LinkPageFrame>
    );
  }
  if (!token) {
    return (
      <LinkPageFrame title={t('reset.title')} description={t('reset.incomplete')}>
        <Link to={paths.auth} className={cn(buttonClasses('outline'), 'w-full')}>
          {t('reset.backToSignIn')}
        </Link>
      </LinkPageFrame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) {
      setProblem(t('reset.mismatch'));
      return;
    }
    setProblem(null);
    reset.mutate(
      { token, new_password: password },
      { onError: (error) => setProblem(isApiError(error) ? error.message : t('reset.failed')) },
    );
  };

  return (
    <LinkPageFrame title={t('reset.chooseTitle')} description={t('reset.chooseDescription')}>
      <form className="grid gap-4" onSubmit={submit}>
        <TextField
          label={t('reset.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          label={t('reset.repeat')}
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
          {reset.isPending ? t('reset.saving') : t('reset.submit')}
        </Button>
      </form>
    </LinkPageFrame>
  );
}
