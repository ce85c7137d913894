import type { Me } from '@hearth/contract';
import { QuickActions } from './quick-actions';
import { RecentActivity } from './recent-activity';
import { StatCards } from './stat-cards';
import { UsageCard } from './usage-card';

export function OverviewTab({ actor }: { actor: Me }) {
  return (
    <div className="grid gap-6">
      <StatCards />
      <UsageCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivity />
        <QuickActions actor={actor} />
      </div>
    </div>
  );
}
