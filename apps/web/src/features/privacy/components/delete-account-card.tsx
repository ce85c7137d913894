import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useDeleteAccount } from '../api/delete-account';

/** Settings danger zone: deletes the account and everything in it after the password is confirmed. */
export function DeleteAccountCard() {
  const passwordId = useId();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const { t } = useTranslation('privacy');

  const confirm = () =>
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: t('deleteAccount.deletedTitle'), description: t('deleteAccount.deletedDescription') });
          void navigate(paths.auth, { replace: true });
        },
        onError: (failure) => {
          setConfirming(false);
          setError(
            isApiError(failure) && failure.status === 401
              ? t('deleteAccount.wrongPassword')
              : t('deleteAccount.failed'),
          );
        },
      },
    );

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>{t('deleteAccount.title')}</CardTitle>
        <CardDescription>{t('deleteAccount.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid max-w-sm gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            setConfirming(true);
          }}
        >
          <Label htmlFor={passwordId}>{t('deleteAccount.currentPassword')}</Label>
          <Input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${passwordId}-error` : undefined}
          />
          {error ? (
            <p id={`${passwordId}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" variant="destructive" disabled={password.length === 0 || remove.isPending}>
              {t('deleteAccount.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('deleteAccount.confirmTitle')}
        description={t('deleteAccount.confirmDescription')}
        confirmLabel={remove.isPending ? t('deleteAccount.deleting') : t('deleteAccount.confirm')}
        onConfirm={confirm}
        pending={remove.isPending}
      />
    </Card>
  );
}
