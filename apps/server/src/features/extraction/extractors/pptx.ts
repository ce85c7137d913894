/** PowerPoint: one section per slide, page = slide number, one line per paragraph (notes left out). */
import { isZip, mismatch } from '../sniff';
import { type Extractor, section } from '../types';
import { decodeEntities } from '../xml-text';
import { openZip } from '../zip';

const slideNumber = (name: string) => Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] ?? NaN);

export const extractPptx: Extractor = (data, { extension }) => {
  if (!isZip(data)) throw mismatch(extension, 'a presentation is a zip archive');
  const zip = openZip(data);
  if (!zip.entries.some((entry) => entry.name === 'ppt/presentation.xml'))
    throw mismatch(extension, 'no presentation inside');
  const slides = zip.entries
    .map((entry) => ({ name: entry.name, number: slideNumber(entry.name) }))
    .filter((slide) => Number.isFinite(slide.number))
    .sort((a, b) => a.number - b.number);
  const sections = slides.flatMap(({ name, number }) => {
    const xml = zip.readText(name) ?? '';
    const paragraphs = [...xml.matchAll(/<a:p>([\s\S]*?)<\/a:p>|<a:p\s[^>]*>([\s\S]*?)<\/a:p>/g)].map((match) =>
      [...(match[1] ?? match[2] ?? '').matchAll(/<a:t>([^<]*)<\/a:t>/g)]
        .map((run) => decodeEntities(run[1] ?? ''))
        .join(''),
    );
    const text = paragraphs.filter((line) => line.trim()).join('\n');
    return text ? [section(text, number)] : [];
  });
  return { sections };
};
