import { describe, expect, it } from 'vitest';
import { parseEnv } from './env-lines';

describe('parseEnv', () => {
  it('reads NAME=value lines, keeping "=" in values and skipping blank lines', () => {
    expect(parseEnv('A=1\n\nTOKEN=x=y\n')).toEqual({ A: '1', TOKEN: 'x=y' });
  });
  it('refuses a line without a valid name', () => {
    expect(parseEnv('novalue')).toBeNull();
    expect(parseEnv('1A=x')).toBeNull();
    expect(parseEnv('=x')).toBeNull();
  });
});
