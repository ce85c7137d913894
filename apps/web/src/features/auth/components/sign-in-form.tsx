import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useLogin } from '../api/login';
import { TextField } from '../../../components/ui/text-field';
import { toastAuthFailure } from './auth-toasts';
import { MfaStep } from './mfa-step';

export function SignInForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const submitting = loginMutation.isPending;

  const signedIn = () => {
    toast({ title: t('toast.welcome'), description: t('toast.signedIn') });
    void navigate(paths.dashboard, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password || submitting) return;
    try {
      const result = await loginMutation.mutateAsync({ email: email.trim(), password });
      if ('mfa_required' in result) {
        setChallenge(result.challenge);
        return;
      }
    } catch (error) {
      toastAuthFailure(error, { failed: t('toast.signInFailed'), unexpected: t('toast.signInError') });
      return;
    }
    signedIn();
  };

  if (challenge) {
    return (
      <MfaStep
        challenge={challenge}
        onSignedIn={signedIn}
        onCancel={() => {
          setChallenge(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-busy={submitting}>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onValueChange={setEmail}
        disabled={submitting}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
        disabled={submitting}
      />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner label={t('signIn.pending')} /> : null}
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
