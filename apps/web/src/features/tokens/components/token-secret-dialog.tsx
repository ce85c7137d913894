import type { ApiTokenCreated } from '@hearth/contract';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
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
import { toast } from '../../../components/ui/toast-store';

interface TokenSecretDialogProps {
  created: ApiTokenCreated | null;
  onClose: () => void;
}

/** Shows a new token's secret once, with a copy button; the server never returns it again. */
export function TokenSecretDialog({ created, onClose }: TokenSecretDialogProps) {
  const { t } = useTranslation('tokens');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      toast({ title: t('secret.copyFailed'), description: t('secret.copyFailedDescription'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={created !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('secret.title', { name: created?.token.name ?? '' })}</DialogTitle>
          <DialogDescription className="flex items-start gap-2 text-amber-700 dark:text-amber-400">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('secret.warning')}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="flex items-center gap-2">
            <code
              data-testid="token-secret"
              className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all"
            >
              {created.secret}
            </code>
            <Button
              variant="outline"
              size="icon"
              aria-label={copied ? t('secret.copied') : t('secret.copy')}
              onClick={() => void copy(created.secret)}
            >
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            </Button>
          </div>
        ) : null}
        <DialogFooter>
          <Button onClick={onClose}>{t('secret.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
