import { htmlToMarkdown, markdownSections } from '../markdown';
import { isZip, mismatch } from '../sniff';
import type { Extractor } from '../types';
import { verifyZip } from '../zip';

/**
 * Most XML mammoth may parse: a few hundred pages of text (a real report of 300 pages is 3-5 MB). mammoth builds a DOM many times the XML's size,
 * so a small file that inflates to hundreds of megabytes of markup would exhaust the heap.
 */
const MAX_MARKUP_BYTES = 8 * 1024 * 1024;

/** Word: mammoth → HTML → markdown, so headings and lists survive; one section per heading. */
export const extractDocx: Extractor = async (data, { extension }) => {
  if (!(await isZip(data))) throw mismatch(extension, 'a Word document is a zip archive');
  // mammoth inflates with its own zip reader; prove first that the archive stays within bounds.
  await verifyZip(data, MAX_MARKUP_BYTES);
  const mammoth = await import('mammoth');
  const { value: html } = await mammoth.convertToHtml({ buffer: data });
  return { sections: markdownSections(htmlToMarkdown(html)) };
};
