import { useTranslation } from 'react-i18next';
import { DocumentDatabaseCard } from './document-database-card';
import { DocumentParserCard } from './document-parser-card';
import { BuiltinToolsCard } from './builtin-tools-card';
import { WebSearchCard } from '../../web-search';
import { McpServersCard, MyMcpServersCard } from '../../mcp';

/** Workspace → Tools: the document tools Hearth really has, what they do and whether they are on. */
export function ToolsTab() {
  const { t } = useTranslation('tools');
  return (
    <section aria-label={t('label')} className="grid gap-4 md:grid-cols-2 md:items-start">
      <DocumentParserCard />
      <DocumentDatabaseCard />
      <BuiltinToolsCard />
      <WebSearchCard />
      <MyMcpServersCard />
      <McpServersCard />
    </section>
  );
}
