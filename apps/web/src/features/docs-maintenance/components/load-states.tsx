import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Grey bars standing in for rows while a list loads. */
export function SkeletonRows({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="grid gap-2">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="h-10 animate-pulse rounded-md bg-muted" />
      ))}
    </div>
  );
}

/** A load failure with the server's words and a Retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('docsMaintenance');
  return (
    <div role="alert" className="flex items-center justify-between gap-4">
      <p className="text-sm text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
