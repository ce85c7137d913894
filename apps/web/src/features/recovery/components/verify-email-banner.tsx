import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useEmailVerification, useResendVerification } from '../api/recovery';

/** Shown to a signed-in account whose address is not verified while mail is set up; it blocks nothing. */
export function VerifyEmailBanner({ userId }: { userId: string | undefined }) {
  const status = useEmailVerification(userId);
  const resend = useResendVerification();
  if (!status.data?.mail_enabled || status.data.verified) return null;
  return (
    <section aria-label="E-mail verification" className="flex flex-wrap items-center gap-2 border-b px-4 py-2 text-sm">
      <MailWarning className="size-4 shrink-0" aria-hidden />
      <span className="font-medium">Verify your e-mail</span>
      <span className="text-muted-foreground">Open the link we mailed you to confirm your address.</span>
      <Button
        size="sm"
        variant="outline"
        className="ml-auto"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => toast({ title: 'Verification mail sent', description: 'Check your inbox.' }),
            onError: (error) =>
              toast({
                title: 'Error',
                description: isApiError(error) ? error.message : 'The mail could not be sent.',
                variant: 'destructive',
              }),
          })
        }
      >
        Resend
      </Button>
    </section>
  );
}
