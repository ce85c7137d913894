import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { describeAuthError } from './password-reasons';

const weak = (details: unknown) =>
  new ApiError({ status: 400, code: 'weak_password', message: 'Password is too weak.', details });

describe('describeAuthError', () => {
  it('turns weak_password reasons into readable words', () => {
    const text = describeAuthError(weak({ reasons: ['too_short', 'too_few_character_kinds'], min_length: 12 }));
    expect(text).toBe('Password is too weak: use at least 12 characters; mix letters with numbers or symbols.');
  });

  it('covers every reason the server sends', () => {
    const text = describeAuthError(weak({ reasons: ['too_long', 'too_common', 'contains_email'] }));
    expect(text).toContain('use fewer characters');
    expect(text).toContain('avoid common passwords');
    expect(text).toContain("don't include your email address");
  });

  it('keeps the server message for other errors and unknown reasons', () => {
    const taken = new ApiError({ status: 409, code: 'email_taken', message: 'That e-mail is taken' });
    expect(describeAuthError(taken)).toBe('That e-mail is taken');
    expect(describeAuthError(weak({ reasons: ['something_new'] }))).toBe('Password is too weak.');
    expect(describeAuthError(new Error('boom'))).toBe('An unexpected error occurred.');
  });
});
