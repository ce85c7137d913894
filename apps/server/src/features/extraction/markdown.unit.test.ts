import { describe, expect, it } from 'vitest';

import { htmlToMarkdown, markdownSections } from './markdown';

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
