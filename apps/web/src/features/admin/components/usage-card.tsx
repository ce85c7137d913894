import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useUsage } from '../api/get-usage';
import { UsageChart } from './usage-chart';

const DAYS = 30;

export function UsageCard() {
  const { t } = useTranslation('admin');
  const usage = useUsage(DAYS);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('usage.title')}</CardTitle>
        <CardDescription>{t('usage.description', { days: DAYS })}</CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isPending ? <Spinner label={t('usage.loading')} /> : null}
        {usage.isError ? (
          <div role="alert" className="flex items-center justify-between gap-4">
            <p className="text-sm text-destructive">{t('usage.loadFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
        {usage.data ? <UsageChart days={usage.data.days} /> : null}
      </CardContent>
    </Card>
  );
}
