import type { BuiltinTool } from '@hearth/contract';
import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../auth';
import { useBuiltinTools, useUpdateBuiltinTool } from '../api/builtin-tools';

/** Workspace → Tools: the built-in tools (issue 20); the super admin switches each on or off and sets "Ask first". */
export function BuiltinToolsCard() {
  const { t } = useTranslation('toolUse');
  const { user } = useAuth();
  const tools = useBuiltinTools();
  const update = useUpdateBuiltinTool();
  const canChange = user?.role === 'super_admin';
  const descriptions: Record<BuiltinTool['name'], string> = {
    calculator: t('card.descriptions.calculator'),
    current_datetime: t('card.descriptions.current_datetime'),
    search_knowledge: t('card.descriptions.search_knowledge'),
    fetch_url: t('card.descriptions.fetch_url'),
  };
  const save = (tool: BuiltinTool, change: Partial<Pick<BuiltinTool, 'enabled' | 'approval'>>) =>
    update.mutate(
      { name: tool.name, enabled: tool.enabled, approval: tool.approval, ...change },
      {
        onSuccess: () => toast({ title: t('card.saved') }),
        onError: (error) => toast({ title: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Card aria-labelledby="tool-builtin">
      <CardHeader>
        <CardTitle id="tool-builtin" className="flex items-center gap-2 text-base">
          <Wrench className="size-4" aria-hidden />
          {t('card.title')}
        </CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {tools.error ? (
          <p role="alert" className="text-sm text-destructive">
            {tools.error.message}
          </p>
        ) : null}
        <ul className="grid gap-3 text-sm">
          {(tools.data?.tools ?? []).map((tool) => (
            <li key={tool.name} className="grid gap-1" data-testid={`builtin-tool-${tool.name}`}>
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-mono font-medium">{tool.name}</span>
                <label className="ms-auto flex items-center gap-1.5 text-xs">
                  <Switch
                    checked={tool.enabled}
                    disabled={!canChange || update.isPending}
                    onCheckedChange={(enabled) => save(tool, { enabled })}
                    aria-label={`${tool.name}: ${t('card.enabled')}`}
                  />
                  {t('card.enabled')}
                </label>
                <label className="flex items-center gap-1.5 text-xs">
                  <Switch
                    checked={tool.approval === 'ask'}
                    disabled={!canChange || update.isPending}
                    onCheckedChange={(ask) => save(tool, { approval: ask ? 'ask' : 'auto' })}
                    aria-label={`${tool.name}: ${t('card.askFirst')}`}
                  />
                  {t('card.askFirst')}
                </label>
              </div>
              <p className="text-muted-foreground">{descriptions[tool.name]}</p>
            </li>
          ))}
        </ul>
        {canChange ? null : <p className="text-xs text-muted-foreground">{t('card.adminOnly')}</p>}
      </CardContent>
    </Card>
  );
}
