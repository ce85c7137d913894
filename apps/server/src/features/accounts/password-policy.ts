import type { PasswordReason } from '@hearth/contract';
import { AppError } from '../../http/errors';

const MAX_LENGTH = 256;

/** The most-used passwords that would pass the length rule; a full list is not worth the weight here. */
const COMMON = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'letmein1',
  'welcome1',
  'admin123',
  'abc12345',
  '11111111',
  '00000000',
  'baseball1',
  'football1',
  'sunshine1',
  'princess1',
  'passw0rd',
  'p@ssw0rd',
  'changeme',
  'trustno1',
]);

/** Reasons a password is refused; empty when it is acceptable. */
export function passwordProblems(password: string, email: string, minLength: number): PasswordReason[] {
  const reasons: PasswordReason[] = [];
  if (password.length < minLength) reasons.push('too_short');
  if (password.length > MAX_LENGTH) reasons.push('too_long');
  if (COMMON.has(password.toLowerCase())) reasons.push('too_common');
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local)) reasons.push('contains_email');
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  if (kinds < 2) reasons.push('too_few_character_kinds');
  return reasons;
}

export function assertStrongPassword(password: string, email: string, minLength: number): void {
  const reasons = passwordProblems(password, email, minLength);
  if (reasons.length > 0) {
    throw new AppError('weak_password', 400, 'Password is too weak.', { reasons, min_length: minLength });
  }
}
