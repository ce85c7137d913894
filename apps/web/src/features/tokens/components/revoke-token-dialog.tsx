import type { ApiToken } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('tokens');
  const revokeMutation = useRevokeToken();
  const revoking = revokeMutation.isPending;

  const revoke = async (target: ApiToken) => {
    try {
      await revokeMutation.mutateAsync(target.id);
    } catch (error) {
      toast({ title: t('revoke.failed'), description: errorMessage(error), variant: 'destructive' });
      return;
    }
    toast({ title: t('revoke.done'), description: t('revoke.doneDescription', { name: target.name }) });
    onClose();
  };

  return (
    <Dialog open={token !== null} onOpenChange={(open) => (open || revoking ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('revoke.title')}</DialogTitle>
          <DialogDescription>{t('revoke.description', { name: token?.name ?? '' })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={revoking}>
            {t('cancel')}
          </Button>
          <Button variant="destructive" disabled={revoking || !token} onClick={() => token && void revoke(token)}>
            {revoking ? <Spinner label={t('revoke.revoking')} /> : null}
            {t('revoke.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
