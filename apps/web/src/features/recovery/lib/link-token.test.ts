import { describe, expect, it } from 'vitest';
import { linkToken } from './link-token';

describe('linkToken', () => {
  it('reads the secret from the fragment, decoded', () => {
    expect(linkToken('#token=abc-DEF_12')).toBe('abc-DEF_12');
    expect(linkToken('#token=a%2Bb')).toBe('a+b');
  });

  it('is empty when the link was cut short', () => {
    expect(linkToken('')).toBe('');
    expect(linkToken('#other=1')).toBe('');
  });
});
