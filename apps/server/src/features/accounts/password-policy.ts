import type { PasswordReason, SecuritySettings } from '@hearth/contract';
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

/** The instance's password rules (admin security settings); a bare number is just the minimum length. */
export interface PasswordRules {
  minLength: number;
  requireDigit?: boolean;
  requireSymbol?: boolean;
  requireUppercase?: boolean;
}

/** Where the current security settings come from (the admin settings service), without importing it. */
export interface SecurityPolicySource {
  security(): Promise<SecuritySettings>;
}

export const rulesOf = (settings: SecuritySettings): PasswordRules => ({
  minLength: settings.password_min_length,
  requireDigit: settings.password_require_digit,
  requireSymbol: settings.password_require_symbol,
  requireUppercase: settings.password_require_uppercase,
});

/** Reasons a password is refused; empty when it is acceptable. */
export function passwordProblems(
  password: string,
  email: string,
  rulesOrMin: PasswordRules | number,
): PasswordReason[] {
  const rules = typeof rulesOrMin === 'number' ? { minLength: rulesOrMin } : rulesOrMin;
  const minLength = rules.minLength;
  const reasons: PasswordReason[] = [];
  if (password.length < minLength) reasons.push('too_short');
  if (password.length > MAX_LENGTH) reasons.push('too_long');
  if (COMMON.has(password.toLowerCase())) reasons.push('too_common');
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local)) reasons.push('contains_email');
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  if (kinds < 2) reasons.push('too_few_character_kinds');
  if (rules.requireDigit && !/[0-9]/.test(password)) reasons.push('missing_digit');
  if (rules.requireSymbol && !/[^A-Za-z0-9]/.test(password)) reasons.push('missing_symbol');
  if (rules.requireUppercase && !/[A-Z]/.test(password)) reasons.push('missing_uppercase');
  return reasons;
}

export function assertStrongPassword(password: string, email: string, rulesOrMin: PasswordRules | number): void {
  const reasons = passwordProblems(password, email, rulesOrMin);
  if (reasons.length > 0) {
    const minLength = typeof rulesOrMin === 'number' ? rulesOrMin : rulesOrMin.minLength;
    throw new AppError('weak_password', 400, 'Password is too weak.', { reasons, min_length: minLength });
  }
}
