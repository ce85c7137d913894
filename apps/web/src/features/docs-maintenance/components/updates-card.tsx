import { DocUpdateStatus } from '@hearth/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-error';
import { useDocUpdates } from '../api/updates';
import { DOCS_MAINTENANCE_MESSAGES } from '../lib/messages';
import { UPDATE_STATUS_LABEL } from '../lib/presentation';
import { LoadError, SkeletonRows } from './load-states';
import { UpdateItem } from './update-item';

const EMPTY = {
  pending: DOCS_MAINTENANCE_MESSAGES.noPending,
  applied: 'updates.noApplied',
  rejected: 'updates.noRejected',
} as const satisfies Record<DocUpdateStatus, string>;
const LIST_LABEL = {
  pending: 'updates.listPending',
  applied: 'updates.listApplied',
  rejected: 'updates.listRejected',
} as const satisfies Record<DocUpdateStatus, string>;

/** Drafted documentation updates by status; pending ones open a review with a side-by-side diff. */
export function UpdatesCard() {
  const { t } = useTranslation('docsMaintenance');
  const updates = useDocUpdates();
  const [status, setStatus] = useState<DocUpdateStatus>('pending');
  const all = updates.data?.updates ?? [];
  const shown = all.filter((update) => update.status === status);
  const count = (value: DocUpdateStatus) => all.filter((update) => update.status === value).length;
  return (
    <Card className="grid gap-4 p-4">
      <h2 className="text-lg font-semibold">{t('updates.title')}</h2>
      <Tabs value={status} onValueChange={(value) => setStatus(DocUpdateStatus.parse(value))}>
        <TabsList className="max-w-md" aria-label={t('updates.status')}>
          {DocUpdateStatus.options.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(UPDATE_STATUS_LABEL[value])}
              {updates.data ? ` (${count(value)})` : ''}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {updates.isPending ? <SkeletonRows label={t('updates.loading')} /> : null}
      {updates.isError ? (
        <LoadError
          message={t('updates.loadError', { message: errorMessage(updates.error) })}
          onRetry={() => void updates.refetch()}
        />
      ) : null}
      {updates.data && shown.length === 0 ? <p className="text-sm text-muted-foreground">{t(EMPTY[status])}</p> : null}
      {shown.length > 0 ? (
        <ul className="grid gap-3" aria-label={t(LIST_LABEL[status])}>
          {shown.map((update) => (
            <UpdateItem key={update.id} update={update} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
