import { cn } from '../../lib/cn';

interface ProgressProps {
  /** 0-100; null shows an indeterminate bar. */
  value: number | null;
  label: string;
  className?: string;
}

export function Progress({ value, label, className }: ProgressProps) {
  const clamped = value === null ? null : Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped ?? undefined}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full bg-primary transition-[width]', clamped === null && 'w-1/3 animate-pulse')}
        style={clamped === null ? undefined : { width: `${clamped}%` }}
      />
    </div>
  );
}
