import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { BADGE_LABEL_KEYS, type ConnectionBadge } from '../lib/connection';

/** The green/red connection dot and the mode badge of the chat header. */
export function ConnectionIndicator({ badge, connected }: { badge: ConnectionBadge; connected: boolean }) {
  const { t } = useTranslation('models');
  return (
    <span className="inline-flex items-center gap-2">
      <span
        data-testid="connection-dot"
        data-connected={connected}
        role="img"
        aria-label={connected ? t('connection.connected') : t('connection.notConnected')}
        className={cn('size-2.5 rounded-full', connected ? 'bg-green-500' : 'bg-red-500')}
      />
      <Badge
        data-testid="connection-badge"
        variant={badge === 'disconnected' ? 'destructive' : badge === 'gpu' ? 'default' : 'secondary'}
      >
        {t(BADGE_LABEL_KEYS[badge])}
      </Badge>
    </span>
  );
}
