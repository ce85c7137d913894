import { markdownSections } from '../markdown';
import { decodeText } from '../sniff';
import { type Extractor, section } from '../types';
import { xmlTextNodes } from '../xml-text';

const PROSE = new Set(['', 'txt', 'text']);

/** Plain text, source code and unknown text types; code keeps its indentation. */
export const extractPlainText: Extractor = (data, { extension }) => ({
  sections: [section(decodeText(data, extension))],
  verbatim: !PROSE.has(extension),
});

/** Markdown: one section per heading, with its heading path. */
export const extractMarkdown: Extractor = (data, { extension }) => ({
  sections: markdownSections(decodeText(data, extension)),
});

/** XML: the text nodes, one per line, read by the streaming parser up to the character cap. */
export const extractXml: Extractor = (data, { extension, limits }) => ({
  sections: [section(xmlTextNodes(decodeText(data, extension), limits.maxChars))],
});
