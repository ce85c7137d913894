import { DocPagesCard } from '../../docs';
import { ChangesCard } from './changes-card';
import { SourceCard } from './source-card';
import { UpdatesCard } from './updates-card';

/** The admin dashboard's Documentation tab (super admins): the source, changes, drafted updates and the pages. */
export function DocumentationTab() {
  return (
    <div className="grid gap-6">
      <SourceCard />
      <ChangesCard />
      <UpdatesCard />
      <DocPagesCard />
    </div>
  );
}
