import type { AdminUser } from '@hearth/contract';
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
import { useUpdateUserDetails } from '../api/user-details';

/** Corrects a user's full name and e-mail address (a new address must be verified again when mail is set up). */
export function EditUserDialog({ user, disabled }: { user: AdminUser; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [fullName, setFullName] = useState(user.full_name ?? '');
  const [email, setEmail] = useState(user.email);
  const update = useUpdateUserDetails();
  const change = (next: boolean) => {
    setOpen(next);
    if (next) {
      setFullName(user.full_name ?? '');
      setEmail(user.email);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = fullName.trim();
    const address = email.trim();
    update.mutate(
      {
        id: user.id,
        ...(name && name !== user.full_name ? { full_name: name } : {}),
        ...(address && address.toLowerCase() !== user.email ? { email: address } : {}),
      },
      {
        onSuccess: (saved) => {
          toast({
            title: t('editUser.updated'),
            description: t('editUser.updatedDescription', { name: saved.full_name || saved.email }),
          });
          setOpen(false);
        },
        onError: (error) =>
          toast({
            title: t('common.error'),
            description: isApiError(error) ? error.message : t('editUser.failed'),
            variant: 'destructive',
          }),
      },
    );
  };
  const unchanged = fullName.trim() === (user.full_name ?? '') && email.trim().toLowerCase() === user.email;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          {t('editUser.edit')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t('editUser.title')}</DialogTitle>
          <DialogDescription>{t('editUser.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit}>
          <TextField label={t('editUser.fullName')} required value={fullName} onValueChange={setFullName} />
          <TextField label={t('editUser.email')} type="email" required value={email} onValueChange={setEmail} />
          <DialogFooter>
            <Button type="submit" disabled={update.isPending || unchanged}>
              {update.isPending ? t('common.saving') : t('common.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
