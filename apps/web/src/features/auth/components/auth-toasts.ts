import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { describeAuthError } from '../../../lib/password-reasons';

/** 4xx answers carry a message meant for the user; anything else is unexpected. */
export function toastAuthFailure(error: unknown, titles: { failed: string; unexpected: string }): void {
  if (isApiError(error) && error.isClientError) {
    toast({ title: titles.failed, description: describeAuthError(error), variant: 'destructive' });
    return;
  }
  toast({ title: titles.unexpected, description: i18n.t('errors:unexpected'), variant: 'destructive' });
}
