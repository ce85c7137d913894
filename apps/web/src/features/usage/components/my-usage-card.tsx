import type { QuotaStanding } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { useMyUsage } from '../api/usage';
import { formatCount, formatReset, standingLabel } from '../lib/format';
import { FiguresTable, modelRows, UsageTotals } from './usage-tables';

const DAYS = 30;

function QuotaLine({ quota }: { quota: QuotaStanding }) {
  const { t } = useTranslation('usage');
  const label = standingLabel(quota);
  const percent = quota.limit === 0 ? 100 : (quota.used / quota.limit) * 100;
  return (
    <li className="grid gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className="tabular-nums">
          {t('mine.usedOf', { used: formatCount(quota.used), limit: formatCount(quota.limit) })}
        </span>
      </div>
      <Progress value={percent} label={label} />
      <span className="text-xs text-muted-foreground">{t('mine.resets', { date: formatReset(quota.resets_at) })}</span>
    </li>
  );
}

/** Settings → Usage: the user's own requests and tokens of the last 30 days, and the quotas that apply. */
export function MyUsageCard() {
  const { t } = useTranslation('usage');
  const usage = useMyUsage(DAYS);
  return (
    <Card aria-labelledby="my-usage-title">
      <CardHeader>
        <CardTitle id="my-usage-title">{t('mine.title')}</CardTitle>
        <CardDescription>{t('mine.description', { days: DAYS })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {usage.isPending ? <Spinner label={t('loading')} /> : null}
        {usage.isError ? (
          <div role="alert" className="flex items-center justify-between gap-4">
            <p className="text-sm text-destructive">{t('mine.loadFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : null}
        {usage.data ? (
          <>
            {usage.data.exempt ? (
              <p className="text-sm">{t('mine.exempt')}</p>
            ) : usage.data.quotas.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('mine.noQuotas')}</p>
            ) : (
              <ul className="grid gap-3" aria-label={t('mine.quotas')}>
                {usage.data.quotas.map((quota) => (
                  <QuotaLine key={`${quota.measure}-${quota.period}`} quota={quota} />
                ))}
              </ul>
            )}
            <UsageTotals totals={usage.data.totals} />
            <FiguresTable
              caption={t('mine.byModel')}
              nameHeader={t('columns.model')}
              rows={modelRows(usage.data.models)}
            />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
