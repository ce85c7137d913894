import { describe, expect, it } from 'vitest';
import { fromForm, toForm } from './settings-form';

describe('settings form', () => {
  it('leaves empty fields out so the defaults apply', () => {
    const form = toForm({});
    expect(fromForm(form)).toEqual({ settings: {} });
  });

  it('reads typed numbers and keeps what was set', () => {
    const form = { ...toForm({ system_prompt: 'Be kind.' }), temperature: '1.2', max_tokens: '64' };
    expect(fromForm(form)).toEqual({ settings: { system_prompt: 'Be kind.', temperature: 1.2, max_tokens: 64 } });
  });

  it('names the field that is out of range', () => {
    expect(fromForm({ ...toForm({}), temperature: '3' })).toEqual({ problem: 'Temperature must be between 0 and 2.' });
    expect(fromForm({ ...toForm({}), max_tokens: '1.5' })).toMatchObject({
      problem: expect.stringMatching(/Max tokens/),
    });
  });
});
