import { useId, useState } from 'react';
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

  const confirm = () =>
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: 'Account deleted', description: 'Your account and all of its data have been removed.' });
          void navigate(paths.auth, { replace: true });
        },
        onError: (failure) => {
          setConfirming(false);
          setError(
            isApiError(failure) && failure.status === 401 ? 'The password is incorrect.' : 'Failed to delete account.',
          );
        },
      },
    );

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Removes your account for good: conversations, messages, knowledge collections, documents, stored files, API
          tokens and sessions. Export your data first if you want a copy.
        </CardDescription>
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
          <Label htmlFor={passwordId}>Current password</Label>
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
              Delete my account
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        description="This cannot be undone. Everything you stored in Hearth will be deleted."
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete account'}
        onConfirm={confirm}
        pending={remove.isPending}
      />
    </Card>
  );
}
