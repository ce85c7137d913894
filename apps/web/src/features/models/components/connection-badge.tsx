import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { BADGE_LABELS, type ConnectionBadge } from '../lib/connection';

/** The green/red connection dot and the mode badge of the chat header. */
export function ConnectionIndicator({ badge, connected }: { badge: ConnectionBadge; connected: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        data-testid="connection-dot"
        data-connected={connected}
        role="img"
        aria-label={connected ? 'Connected' : 'Not connected'}
        className={cn('size-2.5 rounded-full', connected ? 'bg-green-500' : 'bg-red-500')}
      />
      <Badge
        data-testid="connection-badge"
        variant={badge === 'disconnected' ? 'destructive' : badge === 'gpu' ? 'default' : 'secondary'}
      >
        {BADGE_LABELS[badge]}
      </Badge>
    </span>
  );
}
