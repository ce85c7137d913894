import type { QuotaStanding } from '@hearth/contract';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { useMyUsage } from '../api/usage';
import { formatCount, formatReset, standingLabel } from '../lib/format';
import { FiguresTable, modelRows, UsageTotals } from './usage-tables';

const DAYS = 30;

function QuotaLine({ quota }: { quota: QuotaStanding }) {
  const label = standingLabel(quota);
  const percent = quota.limit === 0 ? 100 : (quota.used / quota.limit) * 100;
  return (
    <li className="grid gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className="tabular-nums">
          {formatCount(quota.used)} of {formatCount(quota.limit)}
        </span>
      </div>
      <Progress value={percent} label={label} />
      <span className="text-xs text-muted-foreground">Resets {formatReset(quota.resets_at)}</span>
    </li>
  );
}

/** Settings → Usage: the user's own requests and tokens of the last 30 days, and the quotas that apply. */
export function MyUsageCard() {
  const usage = useMyUsage(DAYS);
  return (
    <Card aria-labelledby="my-usage-title">
      <CardHeader>
        <CardTitle id="my-usage-title">Usage</CardTitle>
        <CardDescription>Your requests and tokens of the last {DAYS} days (UTC), and your limits.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {usage.isPending ? <Spinner label="Loading usage" /> : null}
        {usage.isError ? (
          <div role="alert" className="flex items-center justify-between gap-4">
            <p className="text-sm text-destructive">Could not load your usage.</p>
            <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
        {usage.data ? (
          <>
            {usage.data.exempt ? (
              <p className="text-sm">Your account is exempt from quotas.</p>
            ) : usage.data.quotas.length === 0 ? (
              <p className="text-sm text-muted-foreground">No quotas apply to your account.</p>
            ) : (
              <ul className="grid gap-3" aria-label="Your quotas">
                {usage.data.quotas.map((quota) => (
                  <QuotaLine key={`${quota.measure}-${quota.period}`} quota={quota} />
                ))}
              </ul>
            )}
            <UsageTotals totals={usage.data.totals} />
            <FiguresTable caption="Your usage by model" nameHeader="Model" rows={modelRows(usage.data.models)} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
