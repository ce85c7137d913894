import type { ChatShare } from '@hearth/contract';
import { Check, Copy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { useCopy } from '../../../lib/use-copy';
import { shareUrl, useRevokeShare, useShares } from '../api/shares';

/** Settings → Shared links: every link one has made (title, when, who can open it), to copy or revoke. */
export function SharedLinksCard() {
  const shares = useShares();
  const [revoking, setRevoking] = useState<ChatShare | null>(null);
  const revoke = useRevokeShare();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shared links</CardTitle>
        <CardDescription>
          Read-only links to snapshots of your chats. Revoking a link stops it working at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {shares.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : shares.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your shared links could not be loaded. {shares.error.message}
          </p>
        ) : shares.data.shares.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            You have not shared any chats. Use Share… in a chat&apos;s header to make a link.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Shared links">
            {shares.data.shares.map((share) => (
              <ShareRow key={share.id} share={share} onRevoke={() => setRevoking(share)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke link?"
        description={`“${revoking?.title ?? ''}” will no longer open for anyone with the link.`}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              toast({ title: 'Link revoked' });
            },
            onError: (error) =>
              toast({ title: 'Could not revoke', description: error.message, variant: 'destructive' }),
          });
        }}
      />
    </Card>
  );
}

function ShareRow({ share, onRevoke }: { share: ChatShare; onRevoke: () => void }) {
  const [copied, copy] = useCopy();
  return (
    <li className="flex flex-wrap items-center gap-2 py-3">
      <div className="min-w-0 flex-1">
        <Link to={paths.shared(share.token)} className="block truncate font-medium hover:underline">
          {share.title}
        </Link>
        <p className="text-xs text-muted-foreground">
          Shared {formatDate(share.created_at)} · {share.message_count} messages
        </p>
      </div>
      <Badge variant={share.public ? 'default' : 'secondary'}>{share.public ? 'Public' : 'Members'}</Badge>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void copy(shareUrl(share.token))}
        aria-label={`Copy link to ${share.title}`}
      >
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <Button variant="outline" size="sm" onClick={onRevoke} aria-label={`Revoke link to ${share.title}`}>
        <Trash2 aria-hidden />
        Revoke
      </Button>
    </li>
  );
}
