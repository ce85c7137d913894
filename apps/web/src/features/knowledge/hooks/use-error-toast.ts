import { useEffect } from 'react';
import { toast, type ToastInput } from '../../../components/ui/toast-store';

/** Shows a destructive toast each time a query turns to an error. */
export function useErrorToast(isError: boolean, message: ToastInput): void {
  const { title, description } = message;
  useEffect(() => {
    if (isError) toast({ title, description, variant: 'destructive' });
  }, [isError, title, description]);
}
