import type { McpAvailableServer } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useConnectMcpServer, useSaveMcpCredential } from '../api/mcp';

/** A server each user signs in at: Connect sends the browser to its sign-in page and back. */
export function MyOAuthServer({ server }: { server: McpAvailableServer }) {
  const { t } = useTranslation('mcp');
  const connect = useConnectMcpServer();
  const remove = useSaveMcpCredential();
  const busy = connect.isPending || remove.isPending;
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={server.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{server.name}</span>
        <Badge variant={server.credential_set ? 'default' : 'secondary'}>
          {server.credential_set ? t('mine.statusConnected') : t('mine.statusNotConnected')}
        </Badge>
      </div>
      <ToolNames server={server} />
      <p className="text-xs text-muted-foreground">{t('mine.oauthHelp')}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant={server.credential_set ? 'outline' : 'default'}
          disabled={busy}
          onClick={() =>
            connect.mutate(server.id, {
              onError: (error) =>
                toast({ title: t('mine.connectFailed'), description: error.message, variant: 'destructive' }),
            })
          }
        >
          {server.credential_set ? t('mine.reconnect') : t('mine.connect')}
        </Button>
        {server.credential_set ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() =>
              remove.mutate({ id: server.id, key: null }, { onSuccess: () => toast({ title: t('mine.disconnected') }) })
            }
          >
            {t('mine.disconnect')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The tools a server offers, in one line. */
export function ToolNames({ server }: { server: McpAvailableServer }) {
  const { t } = useTranslation('mcp');
  return (
    <span className="text-xs text-muted-foreground">
      {t('mine.tools', { count: server.tools.length, names: server.tools.map((tool) => tool.name).join(', ') })}
    </span>
  );
}
