import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** "Forgot password?" on /auth: shown only when the server can send mail. */
export function ForgotPassword({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { t } = useTranslation('recovery');
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
            title: t('error'),
            description: isApiError(error) ? error.message : t('forgot.failed'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" size="sm" className="justify-self-center">
          {t('forgot.link')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t('forgot.title')}</DialogTitle>
          <DialogDescription>{sent ? t('forgot.sent') : t('forgot.description')}</DialogDescription>
        </DialogHeader>
        {sent ? (
          <DialogFooter>
            <Button onClick={() => change(false)}>{t('done')}</Button>
          </DialogFooter>
        ) : (
          <form className="grid gap-4" onSubmit={submit}>
            <TextField
              label={t('forgot.email')}
              type="email"
              autoComplete="email"
              required
              value={email}
              onValueChange={setEmail}
            />
            <DialogFooter>
              <Button type="submit" disabled={forgot.isPending}>
                {forgot.isPending ? t('forgot.sending') : t('forgot.send')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
