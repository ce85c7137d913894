import type { DocChange } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { CHANGE_TYPE_LABEL, FILE_TYPE_LABEL, IMPACT_BADGE } from '../lib/presentation';

interface Props {
  changes: DocChange[];
  drafting: boolean;
  draftingId: string | null;
  onDraft: (change: DocChange) => void;
}

/** Column headings (keys of the docsMaintenance namespace). */
const HEADINGS = [
  'table.file',
  'table.type',
  'table.change',
  'table.impact',
  'table.affected',
  'table.status',
  'table.actions',
] as const;

/** The detected changes: unprocessed first (the server's order), each with the pages it may make out of date. */
export function ChangeTable({ changes, drafting, draftingId, onDraft }: Props) {
  const { t } = useTranslation('docsMaintenance');
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={t('changes.title')}>
        <thead className="text-left text-muted-foreground">
          <tr className="border-b">
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-3 font-medium last:pr-0">
                {t(heading)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <ChangeRow
              key={change.id}
              change={change}
              disabled={drafting}
              active={draftingId === change.id}
              onDraft={() => onDraft(change)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChangeRow(props: { change: DocChange; disabled: boolean; active: boolean; onDraft: () => void }) {
  const { change, disabled, active, onDraft } = props;
  const { t } = useTranslation('docsMaintenance');
  const impact = IMPACT_BADGE[change.impact];
  return (
    <tr className="border-b align-top last:border-0" aria-label={change.filePath}>
      <th scope="row" className="py-2 pr-3 text-left font-mono text-xs font-normal break-all">
        {change.previousPath ? (
          <>
            {change.previousPath} <span aria-label={t('table.renamedTo')}>→</span> {change.filePath}
          </>
        ) : (
          change.filePath
        )}
      </th>
      <td className="py-2 pr-3">
        <Badge variant="outline">{t(FILE_TYPE_LABEL[change.fileType])}</Badge>
      </td>
      <td className="py-2 pr-3">{t(CHANGE_TYPE_LABEL[change.changeType])}</td>
      <td className="py-2 pr-3">
        <Badge className={impact.className}>{t(impact.label)}</Badge>
      </td>
      <td className="py-2 pr-3">
        {change.affectedDocs.length === 0 ? (
          <span className="text-muted-foreground">{t('table.none')}</span>
        ) : (
          <ul className="grid gap-0.5">
            {change.affectedDocs.map((docPath) => (
              <li key={docPath}>
                <Link to={docPath} className="font-mono text-xs text-primary underline-offset-4 hover:underline">
                  {docPath}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="py-2 pr-3">
        {change.processed ? (
          <Badge variant="secondary">{t('table.drafted')}</Badge>
        ) : (
          <Badge variant="outline">{t('table.unprocessed')}</Badge>
        )}
      </td>
      <td className="py-2">
        <Button
          variant="outline"
          size="sm"
          onClick={onDraft}
          disabled={disabled || change.affectedDocs.length === 0}
          title={change.affectedDocs.length === 0 ? t('table.noneAffected') : undefined}
        >
          {active ? <Spinner label={t('table.drafting')} /> : null}
          {change.processed ? t('table.draftAgain') : t('table.draft')}
        </Button>
      </td>
    </tr>
  );
}
