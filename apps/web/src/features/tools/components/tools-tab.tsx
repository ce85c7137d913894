import { DocumentDatabaseCard } from './document-database-card';
import { DocumentParserCard } from './document-parser-card';

/** Workspace → Tools: the document tools Hearth really has, what they do and whether they are on. */
export function ToolsTab() {
  return (
    <section aria-label="Tools" className="grid gap-4 md:grid-cols-2 md:items-start">
      <DocumentParserCard />
      <DocumentDatabaseCard />
    </section>
  );
}
