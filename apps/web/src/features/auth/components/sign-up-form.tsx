import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useInvitationPreview } from '../api/get-invitation';
import { useSetupState } from '../api/get-setup-state';
import { useLogin } from '../api/login';
import { useSignup } from '../api/signup';
import { TextField } from '../../../components/ui/text-field';
import { toastAuthFailure } from './auth-toasts';
import { InvitationNote } from './invitation-note';

interface SignUpFormProps {
  /** Called when the account exists but the automatic sign-in did not work. */
  onSignInNeeded: (email: string) => void;
}

export function SignUpForm({ onSignInNeeded }: SignUpFormProps) {
  const navigate = useNavigate();
  const signupMutation = useSignup();
  const { t } = useTranslation('auth');
  // The spec's sign-up toast when the address is to be verified by mail; the server's pending answer says the same.
  const CHECK_EMAIL = t('toast.checkEmail');
  const PENDING_MESSAGE = t('toast.pending');
  const loginMutation = useLogin();
  const [fullName, setFullName] = useState('');
  const [typedEmail, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [setupCode, setSetupCode] = useState('');
  // A fresh instance: the first account (super admin) needs the one-time code printed in the server log.
  const setupCodeRequired = useSetupState().data?.setup_code_required === true;
  const submitting = signupMutation.isPending || loginMutation.isPending;
  // An invitation link (/auth?invite=…) signs up into its organisation and role, whatever the sign-up mode.
  const inviteToken = useSearchParams()[0].get('invite') || undefined;
  const invitation = useInvitationPreview(inviteToken);
  const email = typedEmail || invitation.data?.email || '';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password || submitting) return;
    const credentials = { email: email.trim(), password };
    // With mail set up the server answers alike for new and taken addresses (it mails either way).
    let checkEmail: boolean;
    try {
      const created = await signupMutation.mutateAsync({
        ...credentials,
        full_name: fullName.trim() || undefined,
        invite_token: inviteToken,
        setup_code: setupCodeRequired ? setupCode.trim() : undefined,
      });
      checkEmail = 'check_email' in created;
      if ('pending' in created && created.pending) {
        toast({ title: t('toast.accountCreated'), description: PENDING_MESSAGE });
        onSignInNeeded(credentials.email);
        return;
      }
    } catch (error) {
      toastAuthFailure(error, { failed: t('toast.signUpFailed'), unexpected: t('toast.signUpError') });
      return;
    }
    try {
      await loginMutation.mutateAsync(credentials);
    } catch (error) {
      // With mail set up, a new account awaiting approval learns it here (as any sign-in would tell it).
      const pending = isApiError(error) && error.code === 'account_pending';
      toast({
        title: t('toast.accountCreated'),
        description: pending ? PENDING_MESSAGE : checkEmail ? CHECK_EMAIL : t('toast.readySignIn'),
      });
      onSignInNeeded(credentials.email);
      return;
    }
    toast({
      title: t('toast.accountCreated'),
      description: checkEmail ? t('toast.readySignedInCheckEmail') : t('toast.readySignedIn'),
    });
    void navigate(paths.dashboard, { replace: true });
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-busy={submitting}>
      {inviteToken ? <InvitationNote invitation={invitation} /> : null}
      <TextField
        label={t('fields.fullName')}
        hint={t('fields.optional')}
        autoComplete="name"
        value={fullName}
        onValueChange={setFullName}
        disabled={submitting}
      />
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
        autoComplete="new-password"
        required
        value={password}
        onValueChange={setPassword}
        disabled={submitting}
      />
      {setupCodeRequired ? (
        <TextField
          label={t('fields.setupCode')}
          hint={t('fields.setupCodeHint')}
          autoComplete="off"
          required
          value={setupCode}
          onValueChange={setSetupCode}
          disabled={submitting}
        />
      ) : null}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner label={t('signUp.pending')} /> : null}
        {t('signUp.submit')}
      </Button>
    </form>
  );
}
