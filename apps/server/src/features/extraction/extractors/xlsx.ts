/** Excel: one section per sheet (heading path = sheet name), one line per row with cells joined by ' | '. */
import { isZip, mismatch } from '../sniff';
import { type Extractor, section } from '../types';
import { attribute, decodeEntities } from '../xml-text';
import { openZip } from '../zip';

const textOf = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((match) => decodeEntities(match[1] ?? '')).join('');

function relationships(xml: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const [tag] of (xml ?? '').matchAll(/<Relationship\s[^>]*>/g))
    map.set(attribute(tag, 'Id'), attribute(tag, 'Target'));
  return map;
}

const resolve = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

export const extractXlsx: Extractor = (data, { extension, limits }) => {
  if (!isZip(data)) throw mismatch(extension, 'a spreadsheet is a zip archive');
  const zip = openZip(data);
  const workbook = zip.readText('xl/workbook.xml');
  if (!workbook) throw mismatch(extension, 'no workbook inside');
  const shared = [...(zip.readText('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) =>
    textOf(match[1] ?? ''),
  );
  const rels = relationships(zip.readText('xl/_rels/workbook.xml.rels'));
  const sections = [];
  let chars = 0;
  for (const [tag] of workbook.matchAll(/<sheet\s[^>]*>/g)) {
    const name = attribute(tag, 'name');
    const target = rels.get(attribute(tag, 'r:id'));
    const xml = target ? zip.readText(resolve(target)) : null;
    if (!xml) continue;
    const lines: string[] = [];
    for (const row of xml.matchAll(/<row[\s>][\s\S]*?<\/row>/g)) {
      if (chars > limits.maxChars) break;
      const cells = [...row[0].matchAll(/<c(\s[^>]*)?(?:\/>|>([\s\S]*?)<\/c>)/g)].map((cell) => {
        const type = attribute(cell[1] ?? '', 't');
        const inner = cell[2] ?? '';
        if (type === 'inlineStr') return textOf(inner);
        const value = decodeEntities(/<v>([^<]*)<\/v>/.exec(inner)?.[1] ?? '');
        if (type === 's') return shared[Number(value)] ?? '';
        if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
        return value;
      });
      if (cells.some((cell) => cell.trim())) {
        const line = cells.join(' | ');
        chars += line.length + 1;
        lines.push(line);
      }
    }
    if (lines.length) sections.push(section(lines.join('\n'), null, [name]));
  }
  return { sections };
};
