import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useClearHistory } from '../api/clear-history';

/** Clear History (spec §8): asks first, then deletes every conversation. */
export function ClearHistoryButton() {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const clear = useClearHistory();
  const navigate = useNavigate();
  const confirm = () => {
    clear.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t('clearHistory.done') });
        void navigate(paths.home);
      },
      onError: () => toast({ title: t('clearHistory.failed'), variant: 'destructive' }),
    });
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={t('clearHistory.button')}>
        <Trash2 aria-hidden />
        <span className="hidden sm:inline">{t('clearHistory.button')}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('clearHistory.title')}
        description={t('clearHistory.description')}
        confirmLabel={t('clearHistory.button')}
        onConfirm={confirm}
        pending={clear.isPending}
      />
    </>
  );
}
