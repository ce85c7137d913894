import { describe, expect, it } from 'vitest';

import { atxHeading, htmlToMarkdown, markdownSections } from './markdown';

describe('htmlToMarkdown', () => {
  it('keeps headings, nested and ordered lists, code blocks and table rows', () => {
    const html = `<h2>Steps</h2><ol><li>First<ul><li>detail a</li><li>detail b</li></ul></li><li>Second</li></ol>
      <pre>const x = 1;\n  indented();</pre><table><tr><th>Name</th><th>Age</th></tr><tr><td>Ada</td><td>36</td></tr></table>
      <script>alert(1)</script><p>Line one<br>line two</p>`;
    expect(htmlToMarkdown(html)).toBe(
      [
        '## Steps',
        '',
        '1. First',
        '  - detail a',
        '  - detail b',
        '2. Second',
        '',
        '```',
        'const x = 1;',
        '  indented();',
        '```',
        '',
        'Name | Age',
        'Ada | 36',
        '',
        'Line one',
        'line two',
      ].join('\n'),
    );
  });

  it('converts a large page in linear time', () => {
    const html = '<p>Some <b>bold</b> and <a href="#">linked</a> words.</p>'.repeat(40_000);
    const started = Date.now();
    expect(htmlToMarkdown(html).split('\n\n')).toHaveLength(40_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('markdownSections', () => {
  it('resets deeper headings when a shallower one starts', () => {
    const sections = markdownSections('intro\n# A\n### A.1.1\ntext\n## B\nmore');
    expect(sections.map((section) => section.headingPath)).toEqual([[], ['A'], ['A', 'A.1.1'], ['A', 'B']]);
  });
});

describe('atxHeading', () => {
  const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;

  it('reads a line exactly as the heading regex did', () => {
    // Every line of up to 7 characters from the characters that matter, against the regex it replaces.
    const alphabet = ['#', ' ', '\t', 'a'];
    let lines = [''];
    for (let length = 1; length <= 7; length += 1) {
      lines = lines.flatMap((line) => (line.length === length - 1 ? alphabet.map((char) => line + char) : []));
      for (const line of lines) {
        const match = HEADING.exec(line);
        expect(atxHeading(line), JSON.stringify(line)).toEqual(
          match ? { level: match[1]?.length, title: match[2] } : null,
        );
      }
    }
  });

  it('is linear on a long run of spaces or "#" inside a heading line', () => {
    const started = performance.now();
    expect(atxHeading(`# a${' '.repeat(1_000_000)}b`)?.title).toHaveLength(1_000_002);
    expect(atxHeading(`## a${'#'.repeat(1_000_000)}b #`)?.level).toBe(2);
    expect(markdownSections(`# a${' \t'.repeat(500_000)}b\ntext`)).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
