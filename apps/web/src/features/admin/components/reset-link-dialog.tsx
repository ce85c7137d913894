import type { AdminResetLink, AdminUser } from '@hearth/contract';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
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
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { useCopy } from '../../../lib/use-copy';
import { useIssueResetLink } from '../api/user-details';
import { DATE_TIME } from '../lib/messages';

/** Issues a one-time password-reset link and shows it once, with a copy button, for the admin to pass on. */
export function ResetLinkDialog({ user, disabled }: { user: AdminUser; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<AdminResetLink | null>(null);
  const issue = useIssueResetLink();
  const name = user.full_name || user.email;
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setLink(null);
  };
  const create = () =>
    issue.mutate(user.id, {
      onSuccess: setLink,
      onError: (error) =>
        toast({
          title: t('common.error'),
          description: isApiError(error) ? error.message : t('resetLink.failed'),
          variant: 'destructive',
        }),
    });
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          {t('resetLink.button')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{link ? t('resetLink.issuedTitle') : t('resetLink.confirmTitle')}</DialogTitle>
          <DialogDescription>
            {link ? t('resetLink.issuedDescription') : t('resetLink.confirmDescription', { name })}
          </DialogDescription>
        </DialogHeader>
        {link ? (
          <IssuedLink link={link} email={user.email} onDone={() => change(false)} />
        ) : (
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={create} disabled={issue.isPending}>
              {issue.isPending ? t('common.creating') : t('resetLink.create')}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

function IssuedLink({ link, email, onDone }: { link: AdminResetLink; email: string; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [copied, copy] = useCopy();
  const onCopy = async () => {
    if (await copy(link.url)) return;
    toast({
      title: t('resetLink.copyFailed'),
      description: t('resetLink.copyFailedDescription'),
      variant: 'destructive',
    });
  };
  return (
    <div className="grid gap-4">
      <div className="flex gap-2">
        <Input readOnly aria-label={t('resetLink.link')} value={link.url} onFocus={(event) => event.target.select()} />
        <Button
          variant="outline"
          onClick={() => void onCopy()}
          aria-label={copied ? t('resetLink.linkCopied') : t('resetLink.copyLink')}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? t('common.copied') : t('common.copy')}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('resetLink.validUntil', { date: formatDate(link.expires_at, DATE_TIME) })}
        {link.mailed ? ` ${t('resetLink.mailed', { email })}` : ''}
      </p>
      <DialogFooter>
        <Button onClick={onDone}>{t('common.done')}</Button>
      </DialogFooter>
    </div>
  );
}
