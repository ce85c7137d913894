import { describe, expect, it } from 'vitest';
import { CalculationError, calculate } from './calculator';

describe('calculator', () => {
  it('follows precedence, parentheses, powers and functions', () => {
    expect(calculate('2 + 3 * 4')).toBe(14);
    expect(calculate('(2 + 3) * 4')).toBe(20);
    expect(calculate('2 ^ 3 ^ 2')).toBe(512);
    expect(calculate('-2 ^ 2')).toBe(-4);
    expect(calculate('sqrt(16) + abs(-3) % 2')).toBe(5);
    expect(calculate('1.5e3 / 3')).toBe(500);
    expect(calculate('round(pi * 100)')).toBe(314);
  });

  it('refuses what is not arithmetic, with a reason', () => {
    expect(() => calculate('process.exit()')).toThrow(CalculationError);
    expect(() => calculate('2 +')).toThrow('ended too early');
    expect(() => calculate('(1 + 2')).toThrow('Expected ")"');
    expect(() => calculate('1 / 0')).toThrow('not a finite number');
    expect(() => calculate('1'.repeat(600))).toThrow('too long');
  });
});
