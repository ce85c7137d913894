import type { InstalledModel } from '@hearth/contract';
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
  if (!model) return null;
  if (model.provider.kind !== 'builtin') {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove {model.name}</DialogTitle>
            <DialogDescription>
              {model.provider.kind === 'ollama'
                ? 'Ollama manages its own models. Remove this one on the machine that runs Ollama:'
                : 'This model is served by an OpenAI-compatible endpoint; remove it there.'}
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
          toast({ title: 'Model deleted', description: `${model.name} was removed.` });
          onClose();
        },
        onError: (error) => toast({ title: 'Delete failed', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${model.name}?`}
      description="The model file is removed from this server. You can download it again later."
      confirmLabel="Delete"
      onConfirm={confirm}
      pending={remove.isPending}
    />
  );
}
