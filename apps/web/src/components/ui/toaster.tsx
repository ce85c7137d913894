import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { dismissToast, getCurrentToast, subscribeToToasts } from './toast-store';

/** Renders the single current toast; mount once near the root. */
export function Toaster() {
  const item = useSyncExternalStore(subscribeToToasts, getCurrentToast, getCurrentToast);
  const destructive = item?.variant === 'destructive';
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:inset-x-auto sm:end-0 sm:justify-end"
    >
      {item ? (
        <div
          key={item.id}
          data-testid="toast"
          data-variant={item.variant}
          className={cn(
            'pointer-events-auto relative w-full max-w-sm rounded-lg border p-4 pe-10 shadow-lg',
            destructive
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'bg-popover text-popover-foreground',
          )}
        >
          <div className="text-sm font-semibold">{item.title}</div>
          {item.description ? <div className="mt-1 text-sm opacity-90">{item.description}</div> : null}
          {item.action ? (
            <button
              type="button"
              onClick={() => {
                item.action?.onClick();
                dismissToast(item.id);
              }}
              className="mt-2 rounded-md border px-2 py-1 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {item.action.label}
            </button>
          ) : null}
          <button
            type="button"
            aria-label={t('toast.close')}
            onClick={() => dismissToast(item.id)}
            className="absolute top-2 end-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : null}
    </div>
  );
}
