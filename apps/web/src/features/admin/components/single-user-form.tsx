import type { AssignableRole, Me } from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { describeAuthError } from '../../../lib/password-reasons';
import { useCreateUser } from '../api/create-user';
import { ADMIN_MESSAGE_KEYS, ROLE_LABEL_KEYS } from '../lib/messages';
import { assignableRoles } from '../lib/user-actions';

/** Email, password, full name and role; admin is offered to super admins only. */
export function SingleUserForm({ actor, onCreated }: { actor: Me; onCreated: () => void }) {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<AssignableRole>('user');
  const create = useCreateUser();
  const roleId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) return;
    create.mutate(
      { email: email.trim(), password, full_name: fullName.trim() || null, role },
      {
        onSuccess: (user) => {
          toast({ title: t('addUser.created'), description: t('addUser.createdDescription', { email: user.email }) });
          onCreated();
        },
        onError: (error) =>
          toast({
            title: t('common.error'),
            description:
              isApiError(error) && error.isClientError
                ? `${t(ADMIN_MESSAGE_KEYS.createFailed)} ${describeAuthError(error)}`
                : t(ADMIN_MESSAGE_KEYS.createFailed),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <TextField
        label={t('addUser.email')}
        type="email"
        required
        autoComplete="off"
        value={email}
        onValueChange={setEmail}
      />
      <TextField
        label={t('addUser.password')}
        type="password"
        required
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
      />
      <TextField label={t('addUser.fullName')} autoComplete="off" value={fullName} onValueChange={setFullName} />
      <div className="grid gap-2">
        <Label htmlFor={roleId}>{t('addUser.role')}</Label>
        <select
          id={roleId}
          value={role}
          onChange={(event) => setRole(event.target.value as AssignableRole)}
          className="h-9 rounded-md border bg-background px-3 text-sm"
        >
          {assignableRoles(actor).map((option) => (
            <option key={option} value={option}>
              {t(ROLE_LABEL_KEYS[option])}
            </option>
          ))}
        </select>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending || !email.trim() || !password}>
          {create.isPending ? t('common.creating') : t('addUser.create')}
        </Button>
      </div>
    </form>
  );
}
