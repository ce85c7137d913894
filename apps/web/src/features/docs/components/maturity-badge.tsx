import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import type { Maturity } from '../lib/features';

// Dark text on light tints (and the reverse in dark mode) keeps these above 4.5:1 contrast.
const styles: Record<Maturity, string> = {
  Stable: 'border-green-700/30 bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  Beta: 'border-amber-700/30 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  Experimental: 'border-purple-700/30 bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-200',
};

/** The badge's words (keys of the docs namespace). */
const labels = {
  Stable: 'features.maturity.Stable',
  Beta: 'features.maturity.Beta',
  Experimental: 'features.maturity.Experimental',
} as const satisfies Record<Maturity, string>;

export function MaturityBadge({ maturity }: { maturity: Maturity }) {
  const { t } = useTranslation('docs');
  return (
    <Badge variant="outline" className={cn(styles[maturity])}>
      {t(labels[maturity])}
    </Badge>
  );
}
