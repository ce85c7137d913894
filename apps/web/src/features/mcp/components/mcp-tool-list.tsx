import type { McpServer } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { useUpdateMcpTool } from '../api/mcp';

/** A server's tools as last listed: description, and per tool "Enabled" and "Ask first". */
export function McpToolList({ server }: { server: McpServer }) {
  const { t } = useTranslation('mcp');
  const update = useUpdateMcpTool();
  if (server.tools.length === 0) {
    return <p className="text-xs text-muted-foreground">{t('tools.none')}</p>;
  }
  const change = (tool: string, body: { enabled?: boolean; approval?: 'auto' | 'ask' }) =>
    update.mutate(
      { id: server.id, tool, body },
      {
        onError: (error) => toast({ title: t('tools.saveFailed'), description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <ul className="grid gap-2" aria-label={t('tools.label', { name: server.name })}>
      {server.tools.map((tool) => {
        const base = `mcp-${server.id}-${tool.name}`;
        return (
          <li key={tool.name} className="grid gap-1 rounded-md border p-2" aria-label={tool.name}>
            <span className="font-mono text-sm font-medium">{tool.name}</span>
            {tool.description ? <span className="text-xs text-muted-foreground">{tool.description}</span> : null}
            <div className="flex flex-wrap items-center gap-4 text-xs">
              <span className="flex items-center gap-2">
                <Switch
                  id={`${base}-enabled`}
                  checked={tool.enabled}
                  onCheckedChange={(enabled) => change(tool.name, { enabled })}
                  disabled={update.isPending}
                />
                <Label htmlFor={`${base}-enabled`}>{t('tools.enabled')}</Label>
              </span>
              <span className="flex items-center gap-2">
                <Switch
                  id={`${base}-ask`}
                  checked={tool.approval === 'ask'}
                  onCheckedChange={(ask) => change(tool.name, { approval: ask ? 'ask' : 'auto' })}
                  disabled={update.isPending}
                />
                <Label htmlFor={`${base}-ask`}>{t('tools.askFirst')}</Label>
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
