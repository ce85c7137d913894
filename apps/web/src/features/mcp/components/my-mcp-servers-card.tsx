import type { McpAvailableServer } from '@hearth/contract';
import { KeyRound } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../auth';
import { useMyMcpServers, useSaveMcpCredential } from '../api/mcp';
import { MyOAuthServer, ToolNames } from './my-mcp-oauth-server';

/** Workspace → Tools, for everyone: the MCP servers open to me, and my own key or sign-in where one is needed. */
export function MyMcpServersCard() {
  const { t } = useTranslation('mcp');
  const { user } = useAuth();
  const servers = useMyMcpServers(user !== null);
  useConnectOutcome(servers.data?.servers);
  return (
    <Card aria-labelledby="tool-my-mcp-servers">
      <CardHeader>
        <CardTitle id="tool-my-mcp-servers" className="flex items-center gap-2 text-base">
          <KeyRound className="size-4" aria-hidden />
          {t('mine.title')}
        </CardTitle>
        <CardDescription>{t('mine.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {servers.isPending ? (
          <Spinner label={t('mine.loading')} />
        ) : servers.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('mine.loadFailed', { message: servers.error.message })}
          </p>
        ) : servers.data.servers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('mine.empty')}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t('mine.listLabel')}>
            {servers.data.servers.map((server) => (
              <MyServer key={server.id} server={server} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Back from a server's sign-in page: Hearth's callback put the outcome in the address (`mcp_connected` or
 * `mcp_error`); it is told once, then taken out of the address.
 */
function useConnectOutcome(servers: McpAvailableServer[] | undefined) {
  const { t } = useTranslation('mcp');
  const [params, setParams] = useSearchParams();
  const connected = params.get('mcp_connected');
  const failed = params.get('mcp_error');
  useEffect(() => {
    if (failed !== null) {
      toast({ title: t('mine.connectFailed'), description: failed, variant: 'destructive' });
    } else if (connected !== null && servers) {
      const name = servers.find((server) => server.id === connected)?.name ?? '';
      toast({ title: t('mine.connected', { name }) });
    } else return;
    setParams(
      (current) => {
        current.delete('mcp_connected');
        current.delete('mcp_error');
        return current;
      },
      { replace: true },
    );
  }, [connected, failed, servers, setParams, t]);
}

function MyServer({ server }: { server: McpAvailableServer }) {
  if (server.oauth) return <MyOAuthServer server={server} />;
  return <MyKeyServer server={server} />;
}

function MyKeyServer({ server }: { server: McpAvailableServer }) {
  const { t } = useTranslation('mcp');
  const id = useId();
  const save = useSaveMcpCredential();
  const [key, setKey] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim()) return;
    save.mutate(
      { id: server.id, key: key.trim() },
      {
        onSuccess: () => {
          setKey('');
          toast({ title: t('mine.saved') });
        },
        onError: (error) => toast({ title: t('mine.saveFailed'), description: error.message, variant: 'destructive' }),
      },
    );
  };
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={server.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{server.name}</span>
        {server.needs_credential ? (
          <Badge variant={server.credential_set ? 'default' : 'secondary'}>
            {server.credential_set ? t('mine.keySet') : t('mine.keyNotSet')}
          </Badge>
        ) : null}
      </div>
      <ToolNames server={server} />
      {server.needs_credential ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-key`}>{t('mine.key')}</Label>
            <Input
              id={`${id}-key`}
              type="password"
              autoComplete="off"
              value={key}
              onChange={(event) => setKey(event.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={save.isPending || !key.trim()}>
            {t('mine.save')}
          </Button>
          {server.credential_set ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={save.isPending}
              onClick={() => save.mutate({ id: server.id, key: null })}
            >
              {t('mine.remove')}
            </Button>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}
