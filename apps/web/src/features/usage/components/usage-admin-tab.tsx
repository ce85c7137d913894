import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { apiPaths } from '../../../config/paths';
import { useUsageReport } from '../api/usage';
import { QuotaRules } from './quota-rules';
import { FiguresTable, modelRows, UsageTotals, UsageTrend } from './usage-tables';

const DAYS = 30;

/** Admin → Usage: top users, top models, the trend by day, the CSV export, and the quota rules. */
export function UsageAdminTab({ superAdmin }: { superAdmin: boolean }) {
  const { t } = useTranslation('usage');
  const report = useUsageReport(DAYS);
  return (
    <div className="grid gap-6">
      <Card aria-labelledby="usage-report-title">
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle id="usage-report-title">{t('report.title')}</CardTitle>
            <CardDescription>
              {superAdmin
                ? t('report.descriptionInstance', { days: DAYS })
                : t('report.descriptionOrganisation', { days: DAYS })}
            </CardDescription>
          </div>
          {/* A plain link: the server sends the file with its name (Content-Disposition). */}
          <a href={apiPaths.usage.export(DAYS)} download className={buttonClasses('outline', 'sm')}>
            <Download aria-hidden />
            {t('report.export')}
          </a>
        </CardHeader>
        <CardContent className="grid gap-6">
          {report.isPending ? <Spinner label={t('loading')} /> : null}
          {report.isError ? (
            <div role="alert" className="flex items-center justify-between gap-4">
              <p className="text-sm text-destructive">{t('report.loadFailed')}</p>
              <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
                {t('retry')}
              </Button>
            </div>
          ) : null}
          {report.data ? (
            <>
              <UsageTotals totals={report.data.totals} />
              <section className="grid gap-2" aria-labelledby="top-users-title">
                <h3 id="top-users-title" className="font-medium">
                  {t('report.topUsers')}
                </h3>
                <FiguresTable
                  caption={t('report.topUsers')}
                  nameHeader={t('columns.user')}
                  rows={report.data.top_users.map((item) => ({
                    key: item.user_id,
                    name: item.email ?? item.user_id,
                    figures: item,
                  }))}
                />
              </section>
              <section className="grid gap-2" aria-labelledby="top-models-title">
                <h3 id="top-models-title" className="font-medium">
                  {t('report.topModels')}
                </h3>
                <FiguresTable
                  caption={t('report.topModels')}
                  nameHeader={t('columns.model')}
                  rows={modelRows(report.data.top_models)}
                />
              </section>
              <section className="grid gap-2" aria-labelledby="usage-trend-title">
                <h3 id="usage-trend-title" className="font-medium">
                  {t('report.trend')}
                </h3>
                <UsageTrend days={report.data.days} />
              </section>
            </>
          ) : null}
        </CardContent>
      </Card>
      <QuotaRules superAdmin={superAdmin} />
    </div>
  );
}
