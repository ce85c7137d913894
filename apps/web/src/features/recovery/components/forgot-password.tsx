import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useForgotPassword, useRecoveryOptions } from '../api/recovery';

export const FORGOT_SENT =
  'If an account uses that address, we have sent it a link to reset the password. The link works once, for one hour.';

/** "Forgot password?" on /auth: shown only when the server can send mail. */
export function ForgotPassword({ defaultEmail = '' }: { defaultEmail?: string }) {
  const options = useRecoveryOptions();
  const forgot = useForgotPassword();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(defaultEmail);
  const [sent, setSent] = useState(false);
  if (!options.data?.mail_enabled) return null;

  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setSent(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    forgot.mutate(
      { email: email.trim() },
      {
        onSuccess: () => setSent(true),
        onError: (error) =>
          toast({
            title: 'Error',
            description: isApiError(error) ? error.message : 'The reset link could not be sent. Try again later.',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" size="sm" className="justify-self-center">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>
            {sent ? FORGOT_SENT : 'Enter the e-mail address of your account and we will mail you a reset link.'}
          </DialogDescription>
        </DialogHeader>
        {sent ? (
          <DialogFooter>
            <Button onClick={() => change(false)}>Done</Button>
          </DialogFooter>
        ) : (
          <form className="grid gap-4" onSubmit={submit}>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onValueChange={setEmail}
            />
            <DialogFooter>
              <Button type="submit" disabled={forgot.isPending}>
                {forgot.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
