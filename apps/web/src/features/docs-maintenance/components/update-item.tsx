import type { DocUpdate } from '@hearth/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { formatWhen, percent, UPDATE_TYPE_LABEL } from '../lib/presentation';
import { ReviewDialog } from './review-dialog';

/** One drafted update: the page, the file that caused it, its kind and confidence; pending ones can be reviewed. */
export function UpdateItem({ update }: { update: DocUpdate }) {
  const { t } = useTranslation('docsMaintenance');
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={t('item.label', { path: update.docPath })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={update.docPath} className="font-mono font-semibold text-primary underline-offset-4 hover:underline">
            {update.docPath}
          </Link>
          <Badge variant={update.updateType === 'automatic' ? 'secondary' : 'outline'}>
            {t(UPDATE_TYPE_LABEL[update.updateType])}
          </Badge>
          <span className="text-xs text-muted-foreground">
            {t('item.confidence', { confidence: percent(update.aiConfidence) })}
          </span>
        </div>
        {update.status === 'pending' ? <ReviewDialog update={update} /> : null}
      </div>
      <p className="text-xs text-muted-foreground">
        <Trans
          t={t}
          i18nKey="item.from"
          values={{ path: update.filePath, when: formatWhen(update.timestamp) }}
          components={{ path: <span className="font-mono break-all" /> }}
        />
        {update.decidedAt ? ` · ${t('item.decided', { when: formatWhen(update.decidedAt) })}` : ''}
      </p>
      {update.status === 'rejected' && update.error ? (
        <p className="text-xs break-words text-destructive">{t('item.error', { error: update.error })}</p>
      ) : null}
    </li>
  );
}
