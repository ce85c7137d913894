import type { SessionInfo } from '@hearth/contract';
import { LogOut, Monitor } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';

const when = (value: string) => formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

/** Settings → Sessions: every browser and app signed in as you, and every API token, with a way to end them. */
export function SessionsCard() {
  const { t } = useTranslation('sessions');
  const { data, isPending, isError, error } = useSessions();
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [target, setTarget] = useState<SessionInfo | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = data?.sessions.filter((session) => !session.current).length ?? 0;

  const endOne = async (session: SessionInfo) => {
    try {
      await revokeOne.mutateAsync(session.id);
      toast({ title: t('signedOut'), description: t('signedOutDescription', { device: session.device }) });
    } catch (failure) {
      toast({ title: t('signOutFailed'), description: errorMessage(failure), variant: 'destructive' });
    }
    setTarget(null);
  };
  const endOthers = async () => {
    try {
      const { revoked_sessions: count } = await revokeOthers.mutateAsync(undefined);
      toast({ title: t('othersSignedOut'), description: t('othersSignedOutDescription', { value: count }) });
    } catch (failure) {
      toast({ title: t('othersFailed'), description: errorMessage(failure), variant: 'destructive' });
    }
    setConfirmOthers(false);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? <Spinner className="size-5 text-muted-foreground" label={t('loading')} /> : null}
        {isError ? (
          <p className="text-sm text-destructive">{t('loadFailed', { message: errorMessage(error) })}</p>
        ) : null}
        {data ? (
          <ul aria-label={t('title')} className="grid gap-2">
            {data.sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm">
                <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {session.device}
                    {session.current ? <Badge>{t('thisDevice')}</Badge> : null}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {session.ip ?? t('unknownAddress')} · {t('signedInAt', { when: when(session.created_at) })} ·{' '}
                    {t('lastSeen', { when: when(session.last_seen_at) })}
                  </span>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('signOutLabel', { device: session.device })}
                    onClick={() => setTarget(session)}
                  >
                    <LogOut aria-hidden />
                    {t('signOut')}
                  </Button>
                )}
              </li>
            ))}
            {data.tokens.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm">
                <Badge variant="secondary">{t('apiToken')}</Badge>
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-medium">{token.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {token.prefix}… · {t('created', { date: formatDate(token.created_at, undefined, '—') })} ·{' '}
                    {t('lastUsed', { date: formatDate(token.last_used_at, undefined, t('never')) })}
                    {token.device ? ` ${t('from', { device: token.device })}` : ''}
                    {token.ip ? `, ${token.ip}` : ''} {t('manageTokens')}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <Button
            variant="outline"
            disabled={others === 0 || revokeOthers.isPending}
            onClick={() => setConfirmOthers(true)}
          >
            {t('signOutOthers')}
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        title={t('confirmOneTitle')}
        description={t('confirmOneDescription', { device: target?.device ?? t('thatDevice') })}
        confirmLabel={t('signOut')}
        pending={revokeOne.isPending}
        onConfirm={() => target && void endOne(target)}
      />
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title={t('confirmOthersTitle')}
        description={t('confirmOthersDescription')}
        confirmLabel={t('signOutOthers')}
        pending={revokeOthers.isPending}
        onConfirm={() => void endOthers()}
      />
    </Card>
  );
}
