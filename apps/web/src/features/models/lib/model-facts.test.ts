import type { InstalledModel } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { modelFacts, modelUpdatedDate } from './model-facts';

const details = (patch: Partial<InstalledModel['details']> = {}): InstalledModel['details'] => ({
  parameter_size: null,
  quantization_level: null,
  format: null,
  family: null,
  families: null,
  ...patch,
});

describe('model facts', () => {
  it('lists only what the runtime reported', () => {
    expect(
      modelFacts({ size: 4_000_000_000, details: details({ parameter_size: '8.0B', quantization_level: 'Q4_0' }) }),
    ).toEqual(['8.0B parameters', 'Q4_0', '3.7 GB']);
  });

  it("leaves out a size of 0 instead of showing '0.0 GB'", () => {
    expect(modelFacts({ size: 0, details: details({ parameter_size: '260K' }) })).toEqual(['260K parameters']);
    expect(modelFacts({ size: 0, details: details() })).toEqual([]);
  });

  it('shows no date for a missing or zero timestamp', () => {
    expect(modelUpdatedDate('1970-01-01T00:00:00.000Z')).toBeNull();
    expect(modelUpdatedDate('0001-01-01T00:00:00Z')).toBeNull();
    expect(modelUpdatedDate('')).toBeNull();
    expect(modelUpdatedDate('not a date')).toBeNull();
    expect(modelUpdatedDate('2025-03-04T10:00:00Z')).toMatch(/2025/);
  });
});
