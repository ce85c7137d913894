/**
 * PDF: the real text layer, one section per page with its page number; scanned pages go through OCR.
 * Pages are read one at a time (never all at once) so memory stays at one page and the time limit is checked
 * between pages; a PDF with more pages than anyone would index is refused from its page count.
 */
import type { getDocumentProxy as getDocumentProxyType } from 'unpdf';

import { ExtractionError } from '../extract-text';
import { MAX_IMAGE_PIXELS } from '../image-size';
import { encodePng } from '../png';
import { isPdf, mismatch } from '../sniff';
import { type Extractor, section } from '../types';
import { ocrImages } from './image';

/** More pages than a real book; a 1.6 MB file can declare 20,000 empty pages, each costing parse time. */
export const MAX_PDF_PAGES = 2_000;
/** Scanned pages beyond this are left out of OCR (each takes seconds); the time limit bounds it as well. */
const MAX_OCR_PAGES = 50;
/** Images smaller than this on either side are icons or rules, not scanned text. */
const MIN_IMAGE_SIDE = 32;

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxyType>>;

/** The text layer of one page; the page's parsed resources are freed before the next one is read. */
async function pageText(pdf: PdfProxy, number: number): Promise<string> {
  const page = await pdf.getPage(number);
  try {
    const content = await page.getTextContent();
    return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
  } finally {
    page.cleanup();
  }
}

/** The images of pages without a text layer, as PNGs tagged with their page numbers. */
async function scannedImages(pdf: PdfProxy, pages: string[], signal: AbortSignal) {
  const { extractImages } = await import('unpdf');
  const images: { page: number; png: Buffer }[] = [];
  const blank = pages.map((text, index) => (text.trim() ? 0 : index + 1)).filter(Boolean);
  for (const page of blank.slice(0, MAX_OCR_PAGES)) {
    signal.throwIfAborted();
    for (const image of await extractImages(pdf, page)) {
      if (image.width < MIN_IMAGE_SIDE || image.height < MIN_IMAGE_SIDE) continue;
      images.push({ page, png: encodePng(image.data, image.width, image.height, image.channels) });
    }
  }
  return images;
}

const reasonOf = (error: unknown) => {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException' || /password/i.test(message)) return 'The PDF is password-protected or encrypted.';
  return `The PDF is damaged or unreadable (${message}).`;
};

/** Every page's text layer, plus the images of pages that have none (for OCR). */
async function readPages(data: Buffer, signal: AbortSignal) {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(data), {
    isEvalSupported: false,
    stopAtErrors: true,
    verbosity: 0,
    // Larger images are skipped rather than decoded (OCR refuses them anyway).
    maxImageSize: MAX_IMAGE_PIXELS,
  });
  try {
    if (pdf.numPages > MAX_PDF_PAGES) {
      throw new ExtractionError(
        `The PDF has ${pdf.numPages} pages; at most ${MAX_PDF_PAGES} can be read.`,
        false,
        'too_large',
      );
    }
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      // The time budget: past it the signal holds the timeout error, and reading stops at the next page.
      signal.throwIfAborted();
      pages.push(await pageText(pdf, number));
    }
    const scans = pages.some((text) => !text.trim()) ? await scannedImages(pdf, pages, signal) : [];
    return { pages, scans };
  } finally {
    await pdf.destroy();
  }
}

export const extractPdf: Extractor = async (data, { extension, signal }) => {
  if (!isPdf(data)) throw mismatch(extension, 'a PDF starts with %PDF');
  let read: Awaited<ReturnType<typeof readPages>>;
  try {
    read = await readPages(data, signal);
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(reasonOf(error));
  }
  const { pages, scans } = read;
  if (scans.length) {
    const texts = await ocrImages(
      scans.map((scan) => scan.png),
      signal,
    );
    scans.forEach((scan, index) => {
      pages[scan.page - 1] = `${pages[scan.page - 1] ?? ''}\n${texts[index] ?? ''}`;
    });
  }
  const sections = pages.map((text, index) => section(text.trim(), index + 1)).filter((page) => page.text);
  return { sections };
};
