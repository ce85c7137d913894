import { type AssignableRole, INVITATION_DEFAULT_DAYS, type InvitationCreated, type Me } from '@hearth/contract';
import { Check, Copy, Link as LinkIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
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
import { Label } from '../../../components/ui/label';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { useCopy } from '../../../lib/use-copy';
import { useCreateInvitation } from '../api/signups';
import { DATE_TIME, ROLE_LABEL_KEYS } from '../lib/messages';
import { assignableRoles } from '../lib/user-actions';

const EXPIRY_CHOICES = [1, INVITATION_DEFAULT_DAYS, 30, 90] as const;
const selectClass = 'h-9 rounded-md border bg-background px-3 text-sm';

/** Creates an invitation link; the link is shown once, with a copy button (only its hash is stored). */
export function InvitationDialog({ actor }: { actor: Me }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button>
          <LinkIcon aria-hidden />
          {t('invitations.create')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{created ? t('invitations.linkTitle') : t('invitations.create')}</DialogTitle>
          <DialogDescription>
            {created ? t('invitations.linkDescription') : t('invitations.createDescription')}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <CreatedLink created={created} onDone={() => change(false)} />
        ) : (
          <InvitationForm actor={actor} onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function InvitationForm({ actor, onCreated }: { actor: Me; onCreated: (created: InvitationCreated) => void }) {
  const { t } = useTranslation('admin');
  const [role, setRole] = useState<AssignableRole>('user');
  const [days, setDays] = useState<number>(INVITATION_DEFAULT_DAYS);
  const [maxUses, setMaxUses] = useState('1');
  const [email, setEmail] = useState('');
  const create = useCreateInvitation();
  const roleId = useId();
  const daysId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const uses = Number(maxUses);
    create.mutate(
      { role, expires_in_days: days, max_uses: uses, email: email.trim() || undefined },
      {
        onSuccess: onCreated,
        onError: (error) =>
          toast({
            title: t('common.error'),
            description: isApiError(error) && error.isClientError ? error.message : t('invitations.createFailed'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={roleId}>{t('invitations.role')}</Label>
        <select
          id={roleId}
          value={role}
          onChange={(event) => setRole(event.target.value as AssignableRole)}
          className={selectClass}
        >
          {assignableRoles(actor).map((option) => (
            <option key={option} value={option}>
              {t(ROLE_LABEL_KEYS[option])}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={daysId}>{t('invitations.expiresAfter')}</Label>
        <select
          id={daysId}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          className={selectClass}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t('invitations.days', { count: choice })}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('invitations.uses')}
        hint={t('invitations.usesHint')}
        type="number"
        min={1}
        max={1000}
        required
        value={maxUses}
        onValueChange={setMaxUses}
      />
      <TextField
        label={t('invitations.email')}
        hint={t('invitations.emailHint')}
        type="email"
        autoComplete="off"
        value={email}
        onValueChange={setEmail}
      />
      <DialogFooter>
        <Button type="submit" disabled={create.isPending || !(Number(maxUses) >= 1)}>
          {create.isPending ? t('common.creating') : t('resetLink.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function CreatedLink({ created, onDone }: { created: InvitationCreated; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [copied, copy] = useCopy();
  const link = `${window.location.origin}${created.path}`;
  const { invitation } = created;
  const onCopy = async () => {
    if (await copy(link)) return;
    toast({
      title: t('resetLink.copyFailed'),
      description: t('resetLink.copyFailedDescription'),
      variant: 'destructive',
    });
  };
  return (
    <div className="grid gap-4">
      <div className="flex gap-2">
        <Input
          readOnly
          aria-label={t('invitations.linkTitle')}
          value={link}
          onFocus={(event) => event.target.select()}
        />
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
        {t('invitations.summary', {
          role: t(ROLE_LABEL_KEYS[invitation.role]),
          organisation: invitation.organization_name,
          count: invitation.max_uses,
          date: formatDate(invitation.expires_at, DATE_TIME),
        })}
        {created.mailed ? ` ${t('resetLink.mailed', { email: invitation.email })}` : ''}
      </p>
      <DialogFooter>
        <Button onClick={onDone}>{t('common.done')}</Button>
      </DialogFooter>
    </div>
  );
}
