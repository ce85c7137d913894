import type { ChatShare } from '@hearth/contract';
import { Check, Copy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { useCopy } from '../../../lib/use-copy';
import { shareUrl, useRevokeShare, useShares } from '../api/shares';

/** Settings → Shared links: every link one has made (title, when, who can open it), to copy or revoke. */
export function SharedLinksCard() {
  const { t } = useTranslation('sharing');
  const shares = useShares();
  const [revoking, setRevoking] = useState<ChatShare | null>(null);
  const revoke = useRevokeShare();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('links.title')}</CardTitle>
        <CardDescription>{t('links.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {shares.isPending ? (
          <p className="text-sm text-muted-foreground">{t('links.loading')}</p>
        ) : shares.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('links.loadFailed', { message: errorMessage(shares.error) })}
          </p>
        ) : shares.data.shares.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('links.empty')}</p>
        ) : (
          <ul className="divide-y" aria-label={t('links.title')}>
            {shares.data.shares.map((share) => (
              <ShareRow key={share.id} share={share} onRevoke={() => setRevoking(share)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('links.revokeTitle')}
        description={t('links.revokeDescription', { title: revoking?.title ?? '' })}
        confirmLabel={t('links.revoke')}
        pending={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              toast({ title: t('links.revoked') });
            },
            onError: (error) =>
              toast({ title: t('links.revokeFailed'), description: errorMessage(error), variant: 'destructive' }),
          });
        }}
      />
    </Card>
  );
}

function ShareRow({ share, onRevoke }: { share: ChatShare; onRevoke: () => void }) {
  const { t } = useTranslation('sharing');
  const [copied, copy] = useCopy();
  return (
    <li className="flex flex-wrap items-center gap-2 py-3">
      <div className="min-w-0 flex-1">
        <Link to={paths.shared(share.token)} className="block truncate font-medium hover:underline">
          {share.title}
        </Link>
        <p className="text-xs text-muted-foreground">
          {t('links.rowFacts', { date: formatDate(share.created_at), count: share.message_count })}
        </p>
      </div>
      <Badge variant={share.public ? 'default' : 'secondary'}>
        {share.public ? t('links.public') : t('links.members')}
      </Badge>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void copy(shareUrl(share.token))}
        aria-label={t('links.copyLinkTo', { title: share.title })}
      >
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? t('copied') : t('copy')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={onRevoke}
        aria-label={t('links.revokeLinkTo', { title: share.title })}
      >
        <Trash2 aria-hidden />
        {t('links.revoke')}
      </Button>
    </li>
  );
}
