import type { SessionInfo } from '@hearth/contract';
import { LogOut, Monitor } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (value: string) => dateTime.format(new Date(value));

/** Settings → Sessions: every browser and app signed in as you, and every API token, with a way to end them. */
export function SessionsCard() {
  const { data, isPending, isError, error } = useSessions();
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [target, setTarget] = useState<SessionInfo | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = data?.sessions.filter((session) => !session.current).length ?? 0;

  const endOne = async (session: SessionInfo) => {
    try {
      await revokeOne.mutateAsync(session.id);
      toast({ title: 'Session signed out', description: `${session.device} is no longer signed in.` });
    } catch (failure) {
      toast({ title: 'Could not sign out that session', description: errorMessage(failure), variant: 'destructive' });
    }
    setTarget(null);
  };
  const endOthers = async () => {
    try {
      const { revoked_sessions: count } = await revokeOthers.mutateAsync(undefined);
      toast({ title: 'Signed out everywhere else', description: `${count} other session(s) ended.` });
    } catch (failure) {
      toast({ title: 'Could not sign out other sessions', description: errorMessage(failure), variant: 'destructive' });
    }
    setConfirmOthers(false);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>
          Where your account is signed in. Sign out anything you do not recognise, then change your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? <Spinner className="size-5 text-muted-foreground" label="Loading sessions" /> : null}
        {isError ? <p className="text-sm text-destructive">Could not load sessions: {errorMessage(error)}</p> : null}
        {data ? (
          <ul aria-label="Sessions" className="grid gap-2">
            {data.sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm">
                <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {session.device}
                    {session.current ? <Badge>This device</Badge> : null}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {session.ip ?? 'Unknown address'} · Signed in {when(session.created_at)} · Last seen{' '}
                    {when(session.last_seen_at)}
                  </span>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${session.device}`}
                    onClick={() => setTarget(session)}
                  >
                    <LogOut aria-hidden />
                    Sign out
                  </Button>
                )}
              </li>
            ))}
            {data.tokens.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm">
                <Badge variant="secondary">API token</Badge>
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-medium">{token.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {token.prefix}… · Created {formatDate(token.created_at, '—')} · Last used{' '}
                    {formatDate(token.last_used_at)}
                    {token.device ? ` from ${token.device}` : ''}
                    {token.ip ? `, ${token.ip}` : ''} (manage under API tokens)
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
            Sign out everywhere else
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        title="Sign out this session?"
        description={`${target?.device ?? 'That device'} will need to sign in again.`}
        confirmLabel="Sign out"
        pending={revokeOne.isPending}
        onConfirm={() => target && void endOne(target)}
      />
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title="Sign out everywhere else?"
        description="Every other browser and app signed in as you will need to sign in again. API tokens keep working."
        confirmLabel="Sign out everywhere else"
        pending={revokeOthers.isPending}
        onConfirm={() => void endOthers()}
      />
    </Card>
  );
}
