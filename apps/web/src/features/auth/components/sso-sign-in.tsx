import { SsoErrorCode } from '@hearth/contract';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { apiPaths, paths } from '../../../config/paths';
import { useLdapLogin, useSsoProviders } from '../api/sso';
import { toastAuthFailure } from './auth-toasts';
import { MfaStep } from './mfa-step';

/**
 * Single sign-on on the Sign In tab: "Sign in with {provider}" (a plain link: the server redirects to the
 * provider and back) and, when LDAP is on, a directory user name + password form. A refused single sign-on comes
 * back as /auth?sso_error=CODE, shown here in words.
 */
export function SsoSignIn() {
  const providers = useSsoProviders();
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const error = SsoErrorCode.safeParse(params.get('sso_error'));
  const oidc = providers.data?.oidc;
  const ldap = providers.data?.ldap;
  return (
    <div className="grid gap-3">
      {error.success ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {t(`errors:${error.data}`)}
        </p>
      ) : null}
      {oidc || ldap ? (
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          {t('sso.or')}
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      {oidc ? (
        <a href={apiPaths.auth.oidcStart} className={buttonClasses('outline')}>
          <KeyRound aria-hidden />
          {t('sso.signInWith', { provider: oidc.display_name })}
        </a>
      ) : null}
      {ldap ? <LdapSignInForm /> : null}
    </div>
  );
}

function LdapSignInForm() {
  const navigate = useNavigate();
  const login = useLdapLogin();
  const { t } = useTranslation('auth');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const submitting = login.isPending;

  const signedIn = () => {
    toast({ title: t('toast.welcome'), description: t('toast.signedIn') });
    void navigate(paths.dashboard, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!username.trim() || !password || submitting) return;
    try {
      const result = await login.mutateAsync({ username: username.trim(), password });
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
    <form
      className="grid gap-3 rounded-md border p-3"
      aria-label={t('sso.ldapForm')}
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={submitting}
    >
      <p className="text-sm font-medium">{t('sso.ldapIntro')}</p>
      <TextField
        label={t('sso.ldapUser')}
        autoComplete="username"
        required
        value={username}
        onValueChange={setUsername}
        disabled={submitting}
      />
      <TextField
        label={t('sso.ldapPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
        disabled={submitting}
      />
      <Button type="submit" variant="outline" className="w-full" disabled={submitting}>
        {submitting ? <Spinner label={t('signIn.pending')} /> : null}
        {t('sso.ldapForm')}
      </Button>
    </form>
  );
}
