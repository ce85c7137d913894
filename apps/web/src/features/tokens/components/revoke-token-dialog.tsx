import type { ApiToken } from '@hearth/contract';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useRevokeToken } from '../api/revoke-token';

interface RevokeTokenDialogProps {
  token: ApiToken | null;
  onClose: () => void;
}

export function RevokeTokenDialog({ token, onClose }: RevokeTokenDialogProps) {
  const revokeMutation = useRevokeToken();
  const revoking = revokeMutation.isPending;

  const revoke = async (target: ApiToken) => {
    try {
      await revokeMutation.mutateAsync(target.id);
    } catch (error) {
      toast({ title: 'Failed to revoke token', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Token revoked', description: `"${target.name}" no longer works.` });
    onClose();
  };

  return (
    <Dialog open={token !== null} onOpenChange={(open) => (open || revoking ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke API token?</DialogTitle>
          <DialogDescription>
            &quot;{token?.name}&quot; will stop working immediately. Anything using it will need a new token. This
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={revoking}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={revoking || !token} onClick={() => token && void revoke(token)}>
            {revoking ? <Spinner label="Revoking" /> : null}
            Revoke
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
