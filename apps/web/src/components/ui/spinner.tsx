import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return <LoaderCircle role="img" aria-label={label} className={cn('size-4 animate-spin', className)} />;
}

/** Centred spinner for a whole page or panel while data loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center" aria-busy="true">
      <Spinner className="size-8 text-muted-foreground" />
    </div>
  );
}
