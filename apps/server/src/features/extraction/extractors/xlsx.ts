/**
 * Excel: one section per sheet (heading path = sheet name), one line per row with cells joined by ' | '.
 * Every part streams through the SAX parser as it inflates; a shared string table past its caps is refused and
 * sheets stop at the character cap, so neither a huge string table nor a huge sheet is ever held whole.
 */
import { ExtractionError } from '../extract-text';
import { isZip, mismatch } from '../sniff';
import { type Extractor, section } from '../types';
import { createXmlReader, localName, malformed, type XmlHandlers, type XmlReader } from '../xml-text';
import { openZip, type SafeZip } from '../zip';

/**
 * Most shared strings read (with at most `maxChars` characters in all); more is refused, not cut. A table this
 * long that also fits the character cap averages under 10 characters a string; reading up to the cap costs
 * about half a second of parsing when hostile files pack millions of tiny strings.
 */
export const MAX_SHARED_STRINGS = 500_000;
/** Far deeper than any spreadsheet part nests; deeper is broken (a run of unclosed tags). */
const MAX_DEPTH = 1_000;
/** Excel's own column limit; cells past it in one row are ignored. */
const MAX_CELLS_PER_ROW = 16_384;

/** Streams one part through the parser (handlers may stop it); false when the archive has no such part. */
function readPart(zip: SafeZip, name: string, handlers: (stop: () => void) => XmlHandlers): boolean {
  // Handlers run only while the reader parses, after it exists.
  const reader: XmlReader = createXmlReader(
    handlers(() => reader.stop()),
    { maxDepth: MAX_DEPTH },
  );
  const found = zip.streamText(name, (text) => {
    reader.write(text);
    return !reader.stopped;
  });
  if (found) reader.end();
  if (reader.broken) throw malformed(reader, `The spreadsheet part ${name}`);
  return found;
}

const tooMuchText = () =>
  new ExtractionError('The spreadsheet has more shared text than can be read.', false, 'too_large');

/**
 * The shared string table: each <si>'s <t> runs joined (phonetic guides left out). A table past the caps is
 * refused as soon as it passes them: a cell could point at any string, so a cut table would misread cells.
 */
function sharedStrings(zip: SafeZip, maxChars: number): string[] {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  let chars = 0;
  readPart(zip, 'xl/sharedStrings.xml', () => ({
    open(name) {
      const local = localName(name);
      if (local === 'si') current = '';
      else if (local === 'rPh') phonetic += 1;
      else if (local === 't') inText = current !== null && phonetic === 0;
    },
    text(text) {
      if (!inText || current === null) return;
      current += text;
      if (chars + current.length > maxChars) throw tooMuchText();
    },
    close(name) {
      const local = localName(name);
      if (local === 't') inText = false;
      else if (local === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (local === 'si' && current !== null) {
        if (strings.length >= MAX_SHARED_STRINGS) throw tooMuchText();
        chars += current.length;
        strings.push(current);
        current = null;
      }
    },
  }));
  return strings;
}

/** Relationship id → target part of the workbook. */
function relationships(zip: SafeZip): Map<string, string> {
  const map = new Map<string, string>();
  readPart(zip, 'xl/_rels/workbook.xml.rels', () => ({
    open(name, attributes) {
      if (localName(name) === 'Relationship' && attributes.Id && attributes.Target)
        map.set(attributes.Id, attributes.Target);
    },
  }));
  return map;
}

interface SheetRef {
  name: string;
  id: string;
}

/** The sheets listed in the workbook, in order; the relationship id is the prefixed `id` attribute (r:id). */
function sheetList(zip: SafeZip): SheetRef[] | null {
  const sheets: SheetRef[] = [];
  const found = readPart(zip, 'xl/workbook.xml', () => ({
    open(name, attributes) {
      if (localName(name) !== 'sheet') return;
      const idKey = Object.keys(attributes).find((key) => key !== 'id' && localName(key) === 'id');
      sheets.push({ name: attributes.name ?? '', id: idKey ? (attributes[idKey] ?? '') : '' });
    },
  }));
  return found ? sheets : null;
}

const resolve = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

interface SheetState {
  chars: number;
}

/** One sheet's rows as lines, until the character cap. */
function sheetLines(zip: SafeZip, part: string, shared: string[], state: SheetState, maxChars: number) {
  const lines: string[] = [];
  let cells: string[] = [];
  let type = '';
  let value = '';
  let inline = '';
  let reading: 'v' | 't' | null = null;
  let phonetic = false;
  readPart(zip, part, (stop) => ({
    open(name, attributes) {
      const local = localName(name);
      if (local === 'row') cells = [];
      else if (local === 'c') [type, value, inline] = [attributes.t ?? '', '', ''];
      else if (local === 'v' || (local === 't' && !phonetic)) reading = local;
      else if (local === 'rPh') phonetic = true;
    },
    text(text) {
      if (reading === 'v') value += text;
      else if (reading === 't') inline += text;
      if (value.length + inline.length > maxChars) stop();
    },
    close(name) {
      const local = localName(name);
      if (local === 'v' || local === 't') reading = null;
      else if (local === 'rPh') phonetic = false;
      else if (local === 'c') {
        if (cells.length < MAX_CELLS_PER_ROW) cells.push(cellText(type, value, inline, shared));
      } else if (local === 'row' && cells.some((cell) => cell.trim())) {
        const line = cells.join(' | ');
        state.chars += line.length + 1;
        lines.push(line);
        if (state.chars > maxChars) stop();
      }
    },
  }));
  return lines;
}

function cellText(type: string, value: string, inline: string, strings: string[]): string {
  if (type === 'inlineStr') return inline;
  if (type === 's') return strings[Number(value)] ?? '';
  if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
  return value;
}

export const extractXlsx: Extractor = async (data, { extension, limits }) => {
  if (!(await isZip(data))) throw mismatch(extension, 'a spreadsheet is a zip archive');
  const zip = await openZip(data);
  const sheets = sheetList(zip);
  if (!sheets) throw mismatch(extension, 'no workbook inside');
  const shared = sharedStrings(zip, limits.maxChars);
  const rels = relationships(zip);
  const sections = [];
  const state: SheetState = { chars: 0 };
  for (const sheet of sheets) {
    if (state.chars > limits.maxChars) break;
    const target = rels.get(sheet.id);
    if (!target) continue;
    const lines = sheetLines(zip, resolve(target), shared, state, limits.maxChars);
    if (lines.length) sections.push(section(lines.join('\n'), null, [sheet.name]));
  }
  return { sections };
};
