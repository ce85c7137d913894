import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useUsage } from '../api/get-usage';
import { UsageChart } from './usage-chart';

const DAYS = 30;

export function UsageCard() {
  const usage = useUsage(DAYS);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage</CardTitle>
        <CardDescription>Messages and uploads per day, last {DAYS} days (UTC).</CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isPending ? <Spinner label="Loading usage" /> : null}
        {usage.isError ? (
          <div role="alert" className="flex items-center justify-between gap-4">
            <p className="text-sm text-destructive">Could not load usage.</p>
            <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
        {usage.data ? <UsageChart days={usage.data.days} /> : null}
      </CardContent>
    </Card>
  );
}
