import { compareVersions, VersionNumber } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { versionKey } from './release-mappers';

describe('version numbers', () => {
  it('compares part by part as numbers, missing parts as 0', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.9.9', '1.10.0')).toBe(-1);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
    expect(compareVersions('1', '1.0.0.0')).toBe(0);
    expect(compareVersions('2.0', '1.99.99')).toBe(1);
    expect(compareVersions('1.0.1', '1.0')).toBe(1);
    expect(compareVersions('01.2', '1.2')).toBe(0);
  });

  it('sorts a list the way people expect', () => {
    const sorted = ['1.10.0', '1.2', '1.9.9', '0.9', '1.2.1', '10.0'].sort(compareVersions);
    expect(sorted).toEqual(['0.9', '1.2', '1.2.1', '1.9.9', '1.10.0', '10.0']);
  });

  it('gives equal versions one key', () => {
    expect(versionKey('1.0.0')).toBe('1');
    expect(versionKey('1.0')).toBe('1');
    expect(versionKey('01.02.0')).toBe('1.2');
    expect(versionKey('1.0.1')).toBe('1.0.1');
    expect(versionKey('0.0')).toBe('0');
  });

  it('accepts dotted numerics only', () => {
    for (const good of ['1', '1.0', '1.0.0', '2.10.3.4', ' 1.2.3 '])
      expect(VersionNumber.safeParse(good).success).toBe(true);
    for (const bad of ['', 'v1.0', '1.0-beta', '1..0', '1.0.', '.1', '1.2.3.4.5', 'a.b', '1.0 rc', '1234567890.0']) {
      expect(VersionNumber.safeParse(bad).success, bad).toBe(false);
    }
  });
});
