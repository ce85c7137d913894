import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { useDeleteCollection } from '../api/delete-collection';
import { MESSAGES } from '../lib/messages';

/** Delete with a confirmation; the collection's documents, chunks and files go with it on the server. */
export function DeleteCollectionButton({ id, name, onDeleted }: { id: string; name: string; onDeleted?: () => void }) {
  const { t } = useTranslation('knowledge');
  const [open, setOpen] = useState(false);
  const remove = useDeleteCollection();
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        onDeleted?.();
      },
      onError: (error) => toast({ ...MESSAGES.deleteCollection, description: error.message, variant: 'destructive' }),
    });
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('deleteCollection.label', { name })}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('deleteCollection.title')}
        description={t('deleteCollection.description', { name })}
        confirmLabel={t('deleteCollection.confirm')}
        onConfirm={confirm}
        pending={remove.isPending}
      />
    </>
  );
}
