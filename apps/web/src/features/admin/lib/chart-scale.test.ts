import { describe, expect, it } from 'vitest';
import { linePoints, niceMax } from './chart-scale';

describe('chart scale', () => {
  it('rounds the top of the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 23, 480, 501].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 500, 1000]);
  });

  it('spreads points across the width with y growing downwards', () => {
    expect(linePoints([0, 5, 10], 100, 50, 10)).toBe('0.0,50.0 50.0,25.0 100.0,0.0');
    expect(linePoints([3], 100, 50, 10)).toBe('0.0,35.0');
    expect(linePoints([], 100, 50, 10)).toBe('');
  });
});
