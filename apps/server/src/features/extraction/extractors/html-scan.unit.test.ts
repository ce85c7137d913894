import { describe, expect, it } from 'vitest';

import { DEFAULT_EXTRACTION_LIMITS } from '../extract-document';
import { ExtractionError } from '../extract-text';
import type { ExtractorResult } from '../types';
import { extractHtml } from './html';
import { scanMarkup } from './html-scan';

const context = { extension: 'html', limits: DEFAULT_EXTRACTION_LIMITS, signal: new AbortController().signal };
const page = (body: string) => `<html><head><title>T</title></head><body>${body}</body></html>`;

/** The extractor's result or error, with the milliseconds it took. */
async function timed(html: string) {
  const started = performance.now();
  const outcome = await Promise.resolve()
    .then(() => extractHtml(Buffer.from(html), context))
    .catch((error: unknown) => error);
  return { outcome, elapsed: performance.now() - started };
}

describe('scanMarkup', () => {
  it('measures nesting as the tag regex did: void and self-closing tags do not nest, closing tags unnest', () => {
    expect(scanMarkup('<div><p>a<p>b<br><img src=x /><span/></div>').depth).toBe(1);
    expect(scanMarkup('<a><b x="1"><c></c></b><d></d></a>').depth).toBe(3);
    expect(scanMarkup('</x></x><a><b>').depth).toBe(2);
    expect(scanMarkup('< a <1 <-> text').depth).toBe(0);
    // A tag runs to the first '>', whatever it holds.
    expect(scanMarkup('<a title="<b>"><c>').depth).toBe(2);
  });

  it('skips comments and stops at an unclosed one or an unfinished tag', () => {
    expect(scanMarkup('<!-- <a><b><c> --><d>').depth).toBe(1);
    expect(scanMarkup('<a><!-- <b><c>').depth).toBe(1);
    expect(scanMarkup('<a><b').depth).toBe(1);
  });

  it('counts the nodes a parser will build: tags, comments, stray "<" and entity references', () => {
    expect(scanMarkup('<p>a &amp; b</p><!--c--><br>< x').nodes).toBe(5);
  });

  it('is linear on hostile input: 600 KB of "<a", of "<!--", 1 MB of "<"', () => {
    for (const html of ['<a'.repeat(300_000), '<!--'.repeat(150_000), '<'.repeat(1_000_000), '<a>'.repeat(300_000)]) {
      const started = performance.now();
      scanMarkup(html);
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });
});

describe('extractHtml on hostile input', () => {
  const cases: [string, string][] = [
    ['600 KB of "<a"', '<a'.repeat(300_000)],
    ['600 KB of "<a" in a page', page('<a'.repeat(300_000))],
    ['600 KB of "<!--"', '<!--'.repeat(150_000)],
    ['600 KB of "<!--" in a page', page('<!--'.repeat(150_000))],
    ['1 MB of whitespace', page(`${' '.repeat(1_000_000)}x`)],
    ['a 1 MB line of spaces in <pre> and a heading-like line', page(`<pre>\n# a${' '.repeat(1_000_000)}b\n</pre>`)],
  ];
  for (const [name, html] of cases) {
    it(`${name}: a result or a clear error, in well under a second`, async () => {
      const { outcome, elapsed } = await timed(html);
      expect(elapsed).toBeLessThan(5_000);
      if (outcome instanceof Error) expect(outcome.message).not.toMatch(/^$/);
      else expect((outcome as ExtractorResult).sections).toBeInstanceOf(Array);
    });
  }

  it('refuses markup that packs more nodes than a document has, before building a DOM', async () => {
    for (const html of [page('<'.repeat(1_000_000)), page('&lt;'.repeat(600_000)), page('<br>'.repeat(600_000))]) {
      const { outcome, elapsed } = await timed(html);
      expect(outcome).toBeInstanceOf(ExtractionError);
      expect((outcome as Error).message).toBe('The HTML has too many elements to read.');
      expect(elapsed).toBeLessThan(5_000);
    }
  });

  it('still refuses deep nesting', async () => {
    const { outcome } = await timed(page('<div>'.repeat(5_000)));
    expect((outcome as Error).message).toBe('The HTML is nested too deeply to read.');
  });

  it('keeps the text of a normal page', async () => {
    const { outcome } = await timed(page('<h1>Title</h1><p>Tom &amp; Jerry &lt;3</p><pre>a  b   </pre>'));
    const text = (outcome as ExtractorResult).sections.map((section) => section.text).join('\n');
    expect(text).toContain('# Title');
    expect(text).toContain('Tom & Jerry <3');
  });

  it('reads a fragment without <html> (linkedom makes its first element the document)', async () => {
    for (const fragment of ['<p>Just a <b>fragment</b></p>', 'plain words']) {
      const { outcome } = await timed(fragment);
      expect((outcome as ExtractorResult).sections.map((section) => section.text)).toEqual([
        fragment.replace(/<[^>]*>/g, ''),
      ]);
    }
  });
});
