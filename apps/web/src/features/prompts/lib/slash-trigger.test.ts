import { fillPrompt, type Prompt, promptVariables, STARTER_PROMPTS } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { insertPrompt, matchPrompts, slashTriggerAt } from './slash-trigger';

const [starter] = STARTER_PROMPTS;
const prompt = (title: string) => ({ ...(starter as Prompt), id: title, title });

describe('prompt variables', () => {
  it('finds distinct {{names}} in order of first use, spaces inside the braces allowed', () => {
    expect(promptVariables('Dear {{ name }}, about {{topic}} and {{name}} again; {{2bad}} {{ }} {name}')).toEqual([
      'name',
      'topic',
    ]);
    expect(promptVariables('No variables here')).toEqual([]);
  });

  it('fills known variables everywhere and leaves unknown ones as written', () => {
    expect(fillPrompt('{{a}} + {{ a }} = {{b}} ({{c}})', { a: '1', b: '2' })).toBe('1 + 1 = 2 ({{c}})');
    // Values are inserted literally: no $-patterns, no prototype keys.
    expect(fillPrompt('{{x}} {{constructor}}', { x: '$& $1' })).toBe('$& $1 {{constructor}}');
  });
});

describe('slash trigger', () => {
  it('opens on / at the start of the text or of a word, with the query up to the caret', () => {
    expect(slashTriggerAt('/con', 4)).toEqual({ start: 0, end: 4, query: 'con' });
    expect(slashTriggerAt('Please /doc', 11)).toEqual({ start: 7, end: 11, query: 'doc' });
    expect(slashTriggerAt('line\n/', 6)).toEqual({ start: 5, end: 6, query: '' });
  });

  it('does not open inside words, paths or after a space in the query', () => {
    expect(slashTriggerAt('and/or', 6)).toBeNull();
    expect(slashTriggerAt('/usr/bin', 8)).toBeNull();
    expect(slashTriggerAt('/con tract', 10)).toBeNull();
    expect(slashTriggerAt('no slash', 8)).toBeNull();
    // Only the text before the caret counts.
    expect(slashTriggerAt('/con', 0)).toBeNull();
  });

  it('ranks titles starting with the query first, then word starts, then anywhere', () => {
    const list = [prompt('Research notes'), prompt('Summarise'), prompt('Document Research'), prompt('Presearch')];
    expect(matchPrompts(list, 'res').map((p) => p.title)).toEqual(['Research notes', 'Document Research', 'Presearch']);
    expect(matchPrompts(list, '').map((p) => p.title)).toHaveLength(4);
    expect(matchPrompts(list, 'zzz')).toEqual([]);
  });

  it('replaces the trigger with the inserted text and puts the caret after it', () => {
    const text = 'Hi /con there';
    const trigger = slashTriggerAt(text, 7);
    expect(trigger).not.toBeNull();
    if (trigger) expect(insertPrompt(text, trigger, 'PROMPT')).toEqual({ text: 'Hi PROMPT there', caret: 9 });
  });
});
