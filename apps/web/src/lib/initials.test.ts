import { describe, expect, it } from 'vitest';
import { getDisplayName, getInitials } from './initials';

describe('getInitials', () => {
  it('takes the first letters of the first two words of the full name', () => {
    expect(getInitials('Ada Lovelace', 'ada@example.com')).toBe('AL');
    expect(getInitials('  maria  de la cruz ', 'm@example.com')).toBe('MD');
  });

  it('uses one letter for a one-word name', () => {
    expect(getInitials('Plato', 'plato@example.com')).toBe('P');
  });

  it('falls back to the e-mail when there is no name', () => {
    expect(getInitials(null, 'john.doe@example.com')).toBe('JD');
    expect(getInitials('   ', 'alice@example.com')).toBe('AL');
    expect(getInitials(undefined, 'x@example.com')).toBe('X');
  });

  it('handles letters outside the basic alphabet', () => {
    expect(getInitials('Émile Zola', 'ez@example.com')).toBe('ÉZ');
  });
});

describe('getDisplayName', () => {
  it('prefers the full name and falls back to the e-mail', () => {
    expect(getDisplayName('Ada Lovelace', 'ada@example.com')).toBe('Ada Lovelace');
    expect(getDisplayName(null, 'ada@example.com')).toBe('ada@example.com');
    expect(getDisplayName(' ', 'ada@example.com')).toBe('ada@example.com');
  });
});
