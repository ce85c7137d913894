import type { ChatShare } from '@hearth/contract';
import { Check, Copy, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
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
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-error';
import { useCopy } from '../../../lib/use-copy';
import { useInstanceDefaults } from '../../models';
import { shareUrl, useCreateShare } from '../api/shares';

interface ShareDialogProps {
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Share…": makes a read-only link to a snapshot of the chat as it is now. Signed-in members of this Hearth can
 * open it; "Anyone with the link" is offered only when an administrator allows public links.
 */
export function ShareDialog({ conversationId, open, onOpenChange }: ShareDialogProps) {
  const { t } = useTranslation('sharing');
  const publicAllowed = useInstanceDefaults().data?.public_share_links === true;
  const [isPublic, setPublic] = useState(false);
  const [share, setShare] = useState<ChatShare | null>(null);
  const create = useCreateShare();
  const switchId = useId();
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setShare(null);
      setPublic(false);
      create.reset();
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        {share ? (
          <ShareLink share={share} />
        ) : (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              {isPublic ? t('dialog.publicHint') : t('dialog.membersHint')}
            </p>
            {publicAllowed ? (
              <div className="flex items-center gap-3">
                <Switch id={switchId} checked={isPublic} onCheckedChange={setPublic} />
                <Label htmlFor={switchId}>{t('dialog.publicSwitch')}</Label>
              </div>
            ) : null}
            {create.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(create.error)}
              </p>
            ) : null}
          </div>
        )}
        <DialogFooter>
          {share ? (
            <Button onClick={() => close(false)}>{t('dialog.done')}</Button>
          ) : (
            <Button
              disabled={create.isPending}
              onClick={() =>
                create.mutate({ conversation_id: conversationId, public: isPublic }, { onSuccess: setShare })
              }
            >
              <Link2 aria-hidden />
              {create.isPending ? t('dialog.creating') : t('dialog.create')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ShareLink({ share }: { share: ChatShare }) {
  const { t } = useTranslation('sharing');
  const [copied, copy] = useCopy();
  const url = shareUrl(share.token);
  const inputId = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{t('dialog.linkLabel')}</Label>
      <div className="flex gap-2">
        <Input id={inputId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <Button variant="outline" onClick={() => void copy(url)} aria-label={t('dialog.copyLink')}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          <span className="hidden sm:inline">{copied ? t('copied') : t('copy')}</span>
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {share.public ? t('dialog.createdPublic') : t('dialog.createdMembers')}
      </p>
    </div>
  );
}
