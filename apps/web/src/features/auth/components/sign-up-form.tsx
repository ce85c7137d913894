import { useState, type FormEvent } from 'react';
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

/** The spec's sign-up toast when the address is to be verified by mail. */
const CHECK_EMAIL = 'Please check your email to verify your account.';

/** The server's answer to a sign-in before approval says the same. */
const PENDING_MESSAGE = "Your account is waiting for an administrator's approval.";

export function SignUpForm({ onSignInNeeded }: SignUpFormProps) {
  const navigate = useNavigate();
  const signupMutation = useSignup();
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
        toast({ title: 'Account Created!', description: PENDING_MESSAGE });
        onSignInNeeded(credentials.email);
        return;
      }
    } catch (error) {
      toastAuthFailure(error, { failed: 'Sign Up Failed', unexpected: 'Sign Up Error' });
      return;
    }
    try {
      await loginMutation.mutateAsync(credentials);
    } catch (error) {
      // With mail set up, a new account awaiting approval learns it here (as any sign-in would tell it).
      const pending = isApiError(error) && error.code === 'account_pending';
      toast({
        title: 'Account Created!',
        description: pending ? PENDING_MESSAGE : checkEmail ? CHECK_EMAIL : 'Your account is ready. Please sign in.',
      });
      onSignInNeeded(credentials.email);
      return;
    }
    toast({
      title: 'Account Created!',
      description: `Your account is ready and you are signed in.${checkEmail ? ` ${CHECK_EMAIL}` : ''}`,
    });
    void navigate(paths.dashboard, { replace: true });
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-busy={submitting}>
      {inviteToken ? <InvitationNote invitation={invitation} /> : null}
      <TextField
        label="Full Name"
        hint="Optional"
        autoComplete="name"
        value={fullName}
        onValueChange={setFullName}
        disabled={submitting}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onValueChange={setEmail}
        disabled={submitting}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onValueChange={setPassword}
        disabled={submitting}
      />
      {setupCodeRequired ? (
        <TextField
          label="Setup code"
          hint="Printed in the server log"
          autoComplete="off"
          required
          value={setupCode}
          onValueChange={setSetupCode}
          disabled={submitting}
        />
      ) : null}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner label="Creating account" /> : null}
        Create Account
      </Button>
    </form>
  );
}
