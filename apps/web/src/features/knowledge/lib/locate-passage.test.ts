import { describe, expect, it } from 'vitest';
import { firstSnippet, locatePassage } from './locate-passage';

const content =
  '# Leave policy\n\nEmployees receive twenty-five   days of annual leave\nper year.\n\nAsk your manager first.';

describe('locatePassage', () => {
  it('finds a passage whose whitespace differs from the document', () => {
    const range = locatePassage(content, 'Employees receive twenty-five days of annual leave per year.');
    expect(range && content.slice(range.start, range.end)).toBe(
      'Employees receive twenty-five   days of annual leave\nper year.',
    );
  });

  it('takes the first snippet of a source without the cut marks', () => {
    const snippet = firstSnippet('… receive twenty-five days of annual leave per year. Ask …\n…\nother chunk');
    expect(snippet).toBe('receive twenty-five days of annual leave per year. Ask');
    const range = locatePassage(content, snippet);
    expect(range && content.slice(range.start, range.end)).toContain('receive twenty-five');
  });

  it('anchors on the first and last words when the middle differs, and gives up when it is not there', () => {
    const long =
      'Intro.\n\nOne two three four five six seven eight nine ten. Eleven twelve thirteen fourteen fifteen ' +
      'sixteen seventeen eighteen nineteen twenty.\n\nOutro.';
    const passage =
      'One two three four five six seven eight CHANGED ten. Eleven twelve thirteen fourteen fifteen sixteen ' +
      'seventeen eighteen nineteen twenty.';
    const range = locatePassage(long, passage);
    expect(range && long.slice(range.start, range.end)).toMatch(/^One two[\s\S]*nineteen twenty\.$/);
    // Neither its first nor its last words are there: not found. Only its last words: those are marked.
    const tail = locatePassage(
      long,
      'Different start of the passage here. Fifteen sixteen seventeen eighteen nineteen twenty.',
    );
    expect(tail).toBeNull();
    const end = locatePassage(
      long,
      'Something else first. thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty.',
    );
    expect(end && long.slice(end.start, end.end)).toBe(
      'thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty.',
    );
    expect(locatePassage(content, 'Nothing like this is in the text')).toBeNull();
    expect(locatePassage('', 'x')).toBeNull();
    expect(locatePassage(content, '   ')).toBeNull();
  });

  it('treats regex characters in the passage literally', () => {
    expect(locatePassage('cost is $5 (approx.) per [unit]*', '$5 (approx.) per [unit]*')).toEqual({
      start: 8,
      end: 32,
    });
  });
});
