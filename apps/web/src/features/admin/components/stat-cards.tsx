import { Activity, FileText, MessagesSquare, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useStats } from '../api/get-stats';
import { formatStorage } from '../lib/messages';

/** Four figures, all counted by the server in the admin's scope. */
export function StatCards() {
  const stats = useStats();
  if (stats.isError) {
    return (
      <Card className="flex items-center justify-between gap-4 p-4" role="alert">
        <p className="text-sm text-destructive">Could not load the figures.</p>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
          Retry
        </Button>
      </Card>
    );
  }
  const data = stats.data;
  const value = (figure: number | undefined) => (figure === undefined ? '…' : figure.toLocaleString());
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={stats.isPending}>
      <StatCard icon={<Users />} label="Total Users" value={value(data?.users)} />
      <StatCard icon={<Activity />} label="Active Users (7 days)" value={value(data?.active_users_7d)} />
      <StatCard icon={<MessagesSquare />} label="Conversations" value={value(data?.conversations)} />
      <StatCard
        icon={<FileText />}
        label="Documents"
        value={value(data?.documents)}
        hint={data ? `${formatStorage(data.storage_bytes)} stored` : undefined}
      />
    </div>
  );
}

function StatCard({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint?: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <div className="flex items-center justify-between text-sm text-muted-foreground [&_svg]:size-4">
        <h2 className="font-medium">{label}</h2>
        <span aria-hidden>{icon}</span>
      </div>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
