import { Activity, FileText, MessagesSquare, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useStats } from '../api/get-stats';
import { formatNumber } from '../../../lib/i18n';
import { formatStorage } from '../lib/messages';

/** Four figures, all counted by the server in the admin's scope. */
export function StatCards() {
  const { t } = useTranslation('admin');
  const stats = useStats();
  if (stats.isError) {
    return (
      <Card className="flex items-center justify-between gap-4 p-4" role="alert">
        <p className="text-sm text-destructive">{t('stats.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
          {t('common.retry')}
        </Button>
      </Card>
    );
  }
  const data = stats.data;
  const value = (figure: number | undefined) => (figure === undefined ? '…' : formatNumber(figure));
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={stats.isPending}>
      <StatCard icon={<Users />} label={t('stats.totalUsers')} value={value(data?.users)} />
      <StatCard icon={<Activity />} label={t('stats.activeUsers')} value={value(data?.active_users_7d)} />
      <StatCard icon={<MessagesSquare />} label={t('stats.conversations')} value={value(data?.conversations)} />
      <StatCard
        icon={<FileText />}
        label={t('stats.documents')}
        value={value(data?.documents)}
        hint={data ? t('stats.stored', { size: formatStorage(data.storage_bytes) }) : undefined}
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
