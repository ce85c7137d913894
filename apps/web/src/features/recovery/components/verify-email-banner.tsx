import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useEmailVerification, useResendVerification } from '../api/recovery';

/** Shown to a signed-in account whose address is not verified while mail is set up; it blocks nothing. */
export function VerifyEmailBanner({ userId }: { userId: string | undefined }) {
  const { t } = useTranslation('recovery');
  const status = useEmailVerification(userId);
  const resend = useResendVerification();
  if (!status.data?.mail_enabled || status.data.verified) return null;
  return (
    <section aria-label={t('banner.label')} className="flex flex-wrap items-center gap-2 border-b px-4 py-2 text-sm">
      <MailWarning className="size-4 shrink-0" aria-hidden />
      <span className="font-medium">{t('banner.title')}</span>
      <span className="text-muted-foreground">{t('banner.description')}</span>
      <Button
        size="sm"
        variant="outline"
        className="ml-auto"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => toast({ title: t('banner.sent'), description: t('banner.sentDescription') }),
            onError: (error) =>
              toast({
                title: t('error'),
                description: isApiError(error) ? error.message : t('banner.failed'),
                variant: 'destructive',
              }),
          })
        }
      >
        {t('banner.resend')}
      </Button>
    </section>
  );
}
