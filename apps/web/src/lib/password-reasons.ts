import { PasswordReason } from '@hearth/contract';
import { z } from 'zod';
import { errorMessage, isApiError } from './api-error';
import { i18n } from './i18n';

const WeakPasswordDetails = z.object({
  reasons: z.array(z.string()).default([]),
  min_length: z.number().optional(),
  max_length: z.number().optional(),
});

type Details = z.infer<typeof WeakPasswordDetails>;

function describeReason(reason: string, details: Details): string | undefined {
  const parsed = PasswordReason.safeParse(reason);
  if (!parsed.success) return undefined;
  switch (parsed.data) {
    case 'too_short':
      return details.min_length
        ? i18n.t('common:password.tooShortMin', { count: details.min_length })
        : i18n.t('common:password.tooShort');
    case 'too_long':
      return details.max_length
        ? i18n.t('common:password.tooLongMax', { count: details.max_length })
        : i18n.t('common:password.tooLong');
    case 'too_common':
      return i18n.t('common:password.tooCommon');
    case 'contains_email':
      return i18n.t('common:password.containsEmail');
    case 'too_few_character_kinds':
      return i18n.t('common:password.tooFewKinds');
    case 'missing_digit':
      return i18n.t('common:password.missingDigit');
    case 'missing_symbol':
      return i18n.t('common:password.missingSymbol');
    case 'missing_uppercase':
      return i18n.t('common:password.missingUppercase');
  }
}

/** The server's message, plus readable weak_password reasons when the error carries them. */
export function describeAuthError(error: unknown): string {
  if (!isApiError(error) || error.code !== 'weak_password') return errorMessage(error);
  const message = errorMessage(error);
  const details = WeakPasswordDetails.safeParse(error.details ?? {});
  if (!details.success) return message;
  const phrases = details.data.reasons
    .map((reason) => describeReason(reason, details.data))
    .filter((phrase): phrase is string => Boolean(phrase));
  if (phrases.length === 0) return message;
  return `${message.replace(/[.\s]+$/, '')}: ${phrases.join(i18n.t('common:password.separator'))}.`;
}
