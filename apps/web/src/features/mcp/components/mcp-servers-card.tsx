import type { McpServer } from '@hearth/contract';
import { Plug } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../auth';
import { useDeleteMcpServer, useMcpServers, useRefreshMcpTools } from '../api/mcp';
import { McpServerDialog } from './mcp-server-dialog';
import { McpToolList } from './mcp-tool-list';

/** Workspace → Tools, for admins: the MCP servers of the instance, their tools and who may use them. */
export function McpServersCard() {
  const { t } = useTranslation('mcp');
  const { isAdmin } = useAuth();
  const servers = useMcpServers(isAdmin);
  const [editing, setEditing] = useState<McpServer | 'new' | null>(null);
  if (!isAdmin) return null;
  const stdioCommands = servers.data?.stdio_commands ?? [];

  return (
    <Card aria-labelledby="tool-mcp-servers" className="md:col-span-2">
      <CardHeader>
        <CardTitle id="tool-mcp-servers" className="flex items-center gap-2 text-base">
          <Plug className="size-4" aria-hidden />
          {t('admin.title')}
        </CardTitle>
        <CardDescription>{t('admin.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {servers.isPending ? (
          <Spinner label={t('admin.loading')} />
        ) : servers.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('admin.loadFailed', { message: servers.error.message })}
          </p>
        ) : servers.data.servers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.empty')}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t('admin.listLabel')}>
            {servers.data.servers.map((server) => (
              <McpServerItem key={server.id} server={server} onEdit={() => setEditing(server)} />
            ))}
          </ul>
        )}
        <div>
          <Button onClick={() => setEditing('new')}>{t('admin.add')}</Button>
        </div>
      </CardContent>
      {editing !== null ? (
        <McpServerDialog
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          server={editing === 'new' ? null : editing}
          stdioCommands={stdioCommands}
        />
      ) : null}
    </Card>
  );
}

function McpServerItem({ server, onEdit }: { server: McpServer; onEdit: () => void }) {
  const { t } = useTranslation('mcp');
  const refresh = useRefreshMcpTools();
  const remove = useDeleteMcpServer();
  const [confirming, setConfirming] = useState(false);
  const where = server.transport === 'http' ? server.url : [server.command, ...server.args].join(' ');
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={server.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{server.name}</span>
        <Badge variant="secondary">{server.transport === 'http' ? t('admin.http') : t('admin.stdio')}</Badge>
        <Badge variant={server.enabled ? 'default' : 'secondary'}>
          {server.enabled ? t('admin.enabled') : t('admin.disabled')}
        </Badge>
        {server.user_credential ? <Badge variant="outline">{t('admin.userKeys')}</Badge> : null}
        {server.user_oauth ? <Badge variant="outline">{t('admin.userOAuth')}</Badge> : null}
        {!server.everyone ? <Badge variant="outline">{t('admin.restricted')}</Badge> : null}
      </div>
      <code className="text-xs break-all text-muted-foreground">{where}</code>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit}>
          {t('admin.edit')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => refresh.mutate(server.id)} disabled={refresh.isPending}>
          {refresh.isPending ? t('admin.refreshing') : t('admin.refresh')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
          {t('admin.delete')}
        </Button>
      </div>
      {refresh.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('admin.refreshFailed', { message: refresh.error.message })}
        </p>
      ) : null}
      <McpToolList server={server} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.deleteTitle', { name: server.name })}
        description={t('admin.deleteDescription')}
        confirmLabel={t('admin.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(server.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}
