import { type AssignableRole, INVITATION_DEFAULT_DAYS, type InvitationCreated, type Me } from '@hearth/contract';
import { Check, Copy, Link as LinkIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
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
import { useCopy } from '../../../lib/use-copy';
import { useCreateInvitation } from '../api/signups';
import { ROLE_LABELS } from '../lib/messages';
import { assignableRoles } from '../lib/user-actions';

const EXPIRY_CHOICES = [1, INVITATION_DEFAULT_DAYS, 30, 90] as const;
const selectClass = 'h-9 rounded-md border bg-background px-3 text-sm';

/** Creates an invitation link; the link is shown once, with a copy button (only its hash is stored). */
export function InvitationDialog({ actor }: { actor: Me }) {
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
          Create invitation
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{created ? 'Invitation link' : 'Create invitation'}</DialogTitle>
          <DialogDescription>
            {created
              ? 'Copy the link now: it is shown only this once.'
              : 'People who open the link can create an account, even when sign-up is closed or needs approval.'}
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
            title: 'Error',
            description: isApiError(error) && error.isClientError ? error.message : 'Failed to create the invitation.',
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={roleId}>Role</Label>
        <select
          id={roleId}
          value={role}
          onChange={(event) => setRole(event.target.value as AssignableRole)}
          className={selectClass}
        >
          {assignableRoles(actor).map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={daysId}>Expires after</Label>
        <select
          id={daysId}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          className={selectClass}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 1 ? '1 day' : `${choice} days`}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Number of uses"
        hint="1 for one person"
        type="number"
        min={1}
        max={1000}
        required
        value={maxUses}
        onValueChange={setMaxUses}
      />
      <TextField
        label="Email"
        hint="Optional: only this address may use it"
        type="email"
        autoComplete="off"
        value={email}
        onValueChange={setEmail}
      />
      <DialogFooter>
        <Button type="submit" disabled={create.isPending || !(Number(maxUses) >= 1)}>
          {create.isPending ? 'Creating...' : 'Create link'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function CreatedLink({ created, onDone }: { created: InvitationCreated; onDone: () => void }) {
  const [copied, copy] = useCopy();
  const link = `${window.location.origin}${created.path}`;
  const { invitation } = created;
  const onCopy = async () => {
    if (await copy(link)) return;
    toast({
      title: 'Copy failed',
      description: 'The browser did not allow copying. Select the link and copy it by hand.',
      variant: 'destructive',
    });
  };
  return (
    <div className="grid gap-4">
      <div className="flex gap-2">
        <Input readOnly aria-label="Invitation link" value={link} onFocus={(event) => event.target.select()} />
        <Button variant="outline" onClick={() => void onCopy()} aria-label={copied ? 'Link copied' : 'Copy link'}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {ROLE_LABELS[invitation.role]} in {invitation.organization_name}, {invitation.max_uses}{' '}
        {invitation.max_uses === 1 ? 'use' : 'uses'}, until {new Date(invitation.expires_at).toLocaleString()}.
        {created.mailed ? ` It has also been mailed to ${invitation.email}.` : ''}
      </p>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
