import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { assertStrongPassword, passwordProblems } from './password-policy';

const EMAIL = 'marie.curie@example.test';

describe('password policy', () => {
  it('accepts a long enough, uncommon, mixed password', () => {
    expect(passwordProblems('Hearth-test-9', EMAIL, 8)).toEqual([]);
    expect(passwordProblems('correct horse battery 7', EMAIL, 8)).toEqual([]);
  });

  it.each([
    ['Ab1-xyz', 8, ['too_short']],
    ['Ab1-xyz', 6, []],
    ['password1', 8, ['too_common']],
    ['PassWord123', 8, ['too_common']],
    ['Marie.Curie-1867', 8, ['contains_email']],
    ['abcdefghijkl', 8, ['too_few_character_kinds']],
    ['1234567890123', 8, ['too_few_character_kinds']],
    ['12345678', 8, ['too_common', 'too_few_character_kinds']],
    ['abc', 8, ['too_short', 'too_few_character_kinds']],
    [`Aa1-${'x'.repeat(260)}`, 8, ['too_long']],
  ])('%s (min %i) → %j', (password, minLength, reasons) => {
    expect(passwordProblems(password, EMAIL, minLength)).toEqual(reasons);
  });

  it('ignores an email local part too short to matter', () => {
    expect(passwordProblems('Jo-strong-pass-4', 'jo@example.test', 8)).toEqual([]);
  });

  it('assertStrongPassword throws weak_password (400) with the reasons and the minimum length', () => {
    let thrown: unknown;
    try {
      assertStrongPassword('letmein1', EMAIL, 10);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      code: 'weak_password',
      status: 400,
      details: { reasons: ['too_short', 'too_common'], min_length: 10 },
    });
    expect(() => assertStrongPassword('Hearth-test-9', EMAIL, 8)).not.toThrow();
  });
});
