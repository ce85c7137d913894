import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <LoaderCircle role="img" aria-label={label ?? t('loading')} className={cn('size-4 animate-spin', className)} />
  );
}

/** Centred spinner for a whole page or panel while data loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center" aria-busy="true">
      <Spinner className="size-8 text-muted-foreground" />
    </div>
  );
}
