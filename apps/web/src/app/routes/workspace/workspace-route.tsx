import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { WorkspaceKnowledge } from '../../../features/knowledge/components/workspace-knowledge';
import { ModelsScreen } from '../../../features/models/components/models-screen';
import { PresetLibrary } from '../../../features/presets';
import { PrivacyScreen } from '../../../features/privacy/components/privacy-screen';
import { PromptLibrary } from '../../../features/prompts/components/prompt-library';
import { ToolsTab } from '../../../features/tools/components/tools-tab';
import { cn } from '../../../lib/cn';

const TABS = [
  { id: 'models', labelKey: 'workspace.tabs.models' },
  { id: 'knowledge', labelKey: 'workspace.tabs.knowledge' },
  { id: 'prompts', labelKey: 'workspace.tabs.prompts' },
  { id: 'presets', labelKey: 'workspace.tabs.presets' },
  { id: 'tools', labelKey: 'workspace.tabs.tools' },
  { id: 'privacy', labelKey: 'workspace.tabs.privacy' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const isTab = (value: string | undefined): value is TabId => TABS.some((tab) => tab.id === value);

/** /workspace and /workspace/:tab (spec §2): Models, Knowledge, Prompts, Presets (issue 17), Tools, Privacy. */
export function WorkspaceRoute() {
  const { tab } = useParams();
  const { isAdmin } = useAuth();
  const { t } = useTranslation('common');
  if (tab !== undefined && !isTab(tab)) return <Navigate to={paths.workspace} replace />;
  const active: TabId = tab ?? 'models';
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('workspace.title')}</h1>
      <nav
        aria-label={t('workspace.title')}
        className="inline-flex h-9 w-full items-center overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground"
      >
        {TABS.map((item) => (
          <Link
            key={item.id}
            to={paths.workspaceTab(item.id)}
            aria-current={item.id === active ? 'page' : undefined}
            className={cn(
              'inline-flex flex-1 items-center justify-center rounded-md px-3 py-1 text-sm font-medium',
              item.id === active && 'bg-background text-foreground shadow-sm',
            )}
          >
            {t(item.labelKey)}
          </Link>
        ))}
      </nav>
      {active === 'models' ? <ModelsScreen isAdmin={isAdmin} /> : null}
      {active === 'knowledge' ? <WorkspaceKnowledge /> : null}
      {active === 'prompts' ? <PromptLibrary /> : null}
      {active === 'presets' ? <PresetLibrary /> : null}
      {active === 'tools' ? <ToolsTab /> : null}
      {active === 'privacy' ? <PrivacyScreen isAdmin={isAdmin} /> : null}
    </div>
  );
}
