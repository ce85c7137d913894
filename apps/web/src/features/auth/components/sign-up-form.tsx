import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useLogin } from '../api/login';
import { useSignup } from '../api/signup';
import { TextField } from '../../../components/ui/text-field';
import { toastAuthFailure } from './auth-toasts';

interface SignUpFormProps {
  /** Called when the account exists but the automatic sign-in did not work. */
  onSignInNeeded: (email: string) => void;
}

export function SignUpForm({ onSignInNeeded }: SignUpFormProps) {
  const navigate = useNavigate();
  const signupMutation = useSignup();
  const loginMutation = useLogin();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submitting = signupMutation.isPending || loginMutation.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password || submitting) return;
    const credentials = { email: email.trim(), password };
    try {
      await signupMutation.mutateAsync({ ...credentials, full_name: fullName.trim() || undefined });
    } catch (error) {
      toastAuthFailure(error, { failed: 'Sign Up Failed', unexpected: 'Sign Up Error' });
      return;
    }
    try {
      await loginMutation.mutateAsync(credentials);
    } catch {
      toast({ title: 'Account Created!', description: 'Your account is ready. Please sign in.' });
      onSignInNeeded(credentials.email);
      return;
    }
    toast({ title: 'Account Created!', description: 'Your account is ready and you are signed in.' });
    void navigate(paths.dashboard, { replace: true });
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-busy={submitting}>
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
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner label="Creating account" /> : null}
        Create Account
      </Button>
    </form>
  );
}
