import { describe, expect, it } from 'vitest';

import { DEFAULT_EXTRACTION_LIMITS } from './extract-document';
import { ExtractionError } from './extract-text';
import { extractXml } from './extractors/text';
import { createXmlReader, readXml, xmlTextNodes } from './xml-text';

/** Runs `work` and returns its outcome (value or thrown error) with the milliseconds it took. */
function timed<T>(work: () => T): { outcome: T | unknown; elapsed: number } {
  const started = performance.now();
  let outcome: T | unknown;
  try {
    outcome = work();
  } catch (error) {
    outcome = error;
  }
  return { outcome, elapsed: performance.now() - started };
}

const context = { extension: 'xml', limits: DEFAULT_EXTRACTION_LIMITS, signal: new AbortController().signal };
const xmlFile = (xml: string) => extractXml(Buffer.from(xml), context);

/** Nine levels of ten references each: 10^9 "lol"s if the DOCTYPE's entities were expanded. */
const BILLION_LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
  { length: 9 },
  (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ''};`.repeat(10)}">`,
).join('')}]><lolz>&lol9; and &amp; &#x41;&#66;</lolz>`;

describe('xmlTextNodes', () => {
  it('reads text nodes one per line, with entities, CDATA and nbsp, skipping comments and PIs', () => {
    const xml =
      '<?xml version="1.0"?><!-- note --><doc><title>Fish &amp; chips</title><?pi x?><body><![CDATA[a < b]]></body><p>x&nbsp;y</p></doc>';
    expect(xmlTextNodes(xml)).toBe('Fish & chips\na < b\nx y');
  });

  it('reads a file without tags as its text', () => {
    expect(xmlTextNodes('just some words')).toBe('just some words');
  });

  it('never expands DOCTYPE entities (billion laughs): an unknown reference reads as nothing', () => {
    const { outcome, elapsed } = timed(() => xmlTextNodes(BILLION_LAUGHS));
    expect(outcome).toBe('and & AB');
    expect(elapsed).toBeLessThan(5_000);
  });

  it('stops at the character cap', () => {
    const xml = `<r>${'<p>0123456789</p>'.repeat(10_000)}</r>`;
    const text = xmlTextNodes(xml, 1_000);
    expect(text.length).toBeGreaterThanOrEqual(1_000);
    expect(text.length).toBeLessThan(1_100);
  });
});

describe('XML extraction: hostile input ends fast', () => {
  const cases: [string, string][] = [
    ['700 KB of "<!--"', '<!--'.repeat(175_000)],
    ['700 KB of "<!--" inside an element', `<r>${'<!--'.repeat(175_000)}`],
    ['600 KB of "<a"', '<a'.repeat(300_000)],
    ['1 MB of "<"', `<r>${'<'.repeat(1_000_000)}`],
    ['"<?" repeated', '<?'.repeat(300_000)],
    ['an unclosed DOCTYPE subset', `<!DOCTYPE x [${'<!ENTITY a "'.repeat(100_000)}`],
    ['mismatched closing tags', `${'<a>'.repeat(100_000)}${'</b>'.repeat(100_000)}`],
  ];
  for (const [name, xml] of cases) {
    it(`${name}: a clear error or bounded text, in well under a second`, () => {
      const { outcome, elapsed } = timed(() => xmlFile(xml));
      expect(elapsed).toBeLessThan(5_000);
      if (outcome instanceof Error) {
        expect(outcome).toBeInstanceOf(ExtractionError);
        expect(outcome.message).toMatch(/^The XML is too malformed to read \(line \d+, column \d+: .+\)\.$/);
      } else {
        const text = (outcome as Awaited<ReturnType<typeof xmlFile>>).sections[0]?.text ?? '';
        expect(text.length).toBeLessThanOrEqual(xml.length);
      }
    });
  }

  it('an unclosed comment, a 5 MB attribute value and a 5 MB entity name stay linear', () => {
    for (const xml of [
      `<r><!--${'a'.repeat(5_000_000)}`,
      `<r x="${'a'.repeat(5_000_000)}"/>`,
      `<r x="${'a'.repeat(5_000_000)}`,
      `<r>&${'a'.repeat(5_000_000)}`,
    ]) {
      const { elapsed } = timed(() => xmlFile(xml));
      expect(elapsed).toBeLessThan(5_000);
    }
  });

  it('many undefined entities are dropped in linear time; a malformed reference stays as written', () => {
    const { outcome, elapsed } = timed(() => xmlTextNodes(`<r>${'x&eacute;'.repeat(200_000)}</r>`));
    expect(outcome).toBe('x'.repeat(200_000));
    expect(elapsed).toBeLessThan(5_000);
    expect(xmlTextNodes('<r>&constructor;&__proto__;&toString; AT&T rocks; ok</r>')).toBe('AT&T rocks; ok');
  });
});

describe('createXmlReader', () => {
  it('stops from a handler without reading the rest', () => {
    const names: string[] = [];
    const reader = createXmlReader({
      open(name) {
        names.push(name);
        if (names.length === 3) reader.stop();
      },
    });
    reader.write(`<r>${'<a/>'.repeat(1_000_000)}</r>`);
    reader.end();
    expect(names).toEqual(['r', 'a', 'a']);
    expect(reader.stopped).toBe(true);
    expect(reader.broken).toBe(false);
  });

  it('keeps the reported problem short even when it quotes a huge name', () => {
    const reader = readXml(`<r></${'a'.repeat(1_000_000)}>`, {});
    expect(reader.problem?.length).toBeLessThan(5_000);
  });

  it('counts nesting past maxDepth as broken, with the reason', () => {
    const reader = readXml('<a>'.repeat(100_000), {}, { maxDepth: 50 });
    expect(reader.broken).toBe(true);
    expect(reader.problem).toMatch(/nested more than 50 deep/);
  });

  it('decodes entities in attributes and passes prefixed names as written', () => {
    const seen: [string, Record<string, string>][] = [];
    readXml('<x:a r:id="rId1" v="a &lt; b &#x263A;"/>', { open: (name, attributes) => seen.push([name, attributes]) });
    expect(seen).toEqual([['x:a', { 'r:id': 'rId1', v: 'a < b ☺' }]]);
  });
});
