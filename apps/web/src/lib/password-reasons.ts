import { PasswordReason } from '@hearth/contract';
import { z } from 'zod';
import { isApiError } from './api-error';

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
      return details.min_length ? `use at least ${details.min_length} characters` : 'use more characters';
    case 'too_long':
      return details.max_length ? `use at most ${details.max_length} characters` : 'use fewer characters';
    case 'too_common':
      return 'avoid common passwords';
    case 'contains_email':
      return "don't include your email address";
    case 'too_few_character_kinds':
      return 'mix letters with numbers or symbols';
    case 'missing_digit':
      return 'include a number';
    case 'missing_symbol':
      return 'include a symbol';
    case 'missing_uppercase':
      return 'include an uppercase letter';
  }
}

/** The server's message, plus readable weak_password reasons when the error carries them. */
export function describeAuthError(error: unknown): string {
  if (!isApiError(error)) return 'An unexpected error occurred.';
  if (error.code !== 'weak_password') return error.message;
  const details = WeakPasswordDetails.safeParse(error.details ?? {});
  if (!details.success) return error.message;
  const phrases = details.data.reasons
    .map((reason) => describeReason(reason, details.data))
    .filter((phrase): phrase is string => Boolean(phrase));
  if (phrases.length === 0) return error.message;
  return `${error.message.replace(/[.\s]+$/, '')}: ${phrases.join('; ')}.`;
}
