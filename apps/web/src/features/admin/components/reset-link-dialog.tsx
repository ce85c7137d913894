import type { AdminResetLink, AdminUser } from '@hearth/contract';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
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
import { useCopy } from '../../../lib/use-copy';
import { useIssueResetLink } from '../api/user-details';

/** Issues a one-time password-reset link and shows it once, with a copy button, for the admin to pass on. */
export function ResetLinkDialog({ user, disabled }: { user: AdminUser; disabled?: boolean }) {
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
          title: 'Error',
          description: isApiError(error) ? error.message : 'The reset link could not be created.',
          variant: 'destructive',
        }),
    });
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          Reset password
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{link ? 'Password reset link' : 'Reset password?'}</DialogTitle>
          <DialogDescription>
            {link
              ? 'Copy the link now: it is shown only this once. It works once, for one hour.'
              : `Create a one-time link with which ${name} can choose a new password. Using it signs them out everywhere.`}
          </DialogDescription>
        </DialogHeader>
        {link ? (
          <IssuedLink link={link} email={user.email} onDone={() => change(false)} />
        ) : (
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button onClick={create} disabled={issue.isPending}>
              {issue.isPending ? 'Creating...' : 'Create link'}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

function IssuedLink({ link, email, onDone }: { link: AdminResetLink; email: string; onDone: () => void }) {
  const [copied, copy] = useCopy();
  const onCopy = async () => {
    if (await copy(link.url)) return;
    toast({
      title: 'Copy failed',
      description: 'The browser did not allow copying. Select the link and copy it by hand.',
      variant: 'destructive',
    });
  };
  return (
    <div className="grid gap-4">
      <div className="flex gap-2">
        <Input readOnly aria-label="Reset link" value={link.url} onFocus={(event) => event.target.select()} />
        <Button variant="outline" onClick={() => void onCopy()} aria-label={copied ? 'Link copied' : 'Copy link'}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Valid until {new Date(link.expires_at).toLocaleString()}.
        {link.mailed ? ` It has also been mailed to ${email}.` : ''}
      </p>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
