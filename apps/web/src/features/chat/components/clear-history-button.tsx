import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useClearHistory } from '../api/clear-history';

/** Clear History (spec §8): asks first, then deletes every conversation. */
export function ClearHistoryButton() {
  const [open, setOpen] = useState(false);
  const clear = useClearHistory();
  const navigate = useNavigate();
  const confirm = () => {
    clear.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Chat history cleared successfully! Fresh start activated.' });
        void navigate(paths.home);
      },
      onError: () => toast({ title: 'Failed to clear chat history. Please try again.', variant: 'destructive' }),
    });
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label="Clear History">
        <Trash2 aria-hidden />
        <span className="hidden sm:inline">Clear History</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Clear chat history?"
        description="Every conversation and its messages will be deleted. This cannot be undone."
        confirmLabel="Clear History"
        onConfirm={confirm}
        pending={clear.isPending}
      />
    </>
  );
}
