import type { InstalledModel } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteModel } from '../api/delete-model';
import { CommandBlock } from './command-block';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';

interface DeleteModelDialogProps {
  model: InstalledModel | null;
  onClose: () => void;
}

/**
 * Built-in models are files Hearth owns: deleted here after a confirmation. Ollama keeps its own models, so
 * for those the spec's hint to use a command is shown instead.
 */
export function DeleteModelDialog({ model, onClose }: DeleteModelDialogProps) {
  const remove = useDeleteModel();
  const { t } = useTranslation('models');
  if (!model) return null;
  if (model.provider.kind !== 'builtin') {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('deleteModel.removeTitle', { name: model.name })}</DialogTitle>
            <DialogDescription>
              {model.provider.kind === 'ollama' ? t('deleteModel.ollamaHint') : t('deleteModel.openaiHint')}
            </DialogDescription>
          </DialogHeader>
          {model.provider.kind === 'ollama' ? <CommandBlock command={`ollama rm ${model.name}`} /> : null}
        </DialogContent>
      </Dialog>
    );
  }
  const confirm = () =>
    remove.mutate(
      { providerId: model.provider.id, name: model.name },
      {
        onSuccess: () => {
          toast({
            title: t('deleteModel.deleted'),
            description: t('deleteModel.deletedDescription', { name: model.name }),
          });
          onClose();
        },
        onError: (error) =>
          toast({ title: t('deleteModel.failed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('deleteModel.confirmTitle', { name: model.name })}
      description={t('deleteModel.confirmDescription')}
      confirmLabel={t('deleteModel.confirm')}
      onConfirm={confirm}
      pending={remove.isPending}
    />
  );
}
