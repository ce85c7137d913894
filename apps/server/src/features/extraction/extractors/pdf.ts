/** PDF: the real text layer, one section per page with its page number; scanned pages go through OCR. */
import type { getDocumentProxy as getDocumentProxyType } from 'unpdf';

import { ExtractionError } from '../extract-text';
import { encodePng } from '../png';
import { isPdf, mismatch } from '../sniff';
import { type Extractor, section } from '../types';
import { ocrImages } from './image';

/** Scanned pages beyond this are left out of OCR (each takes seconds); the time limit bounds it as well. */
const MAX_OCR_PAGES = 50;
/** Images smaller than this on either side are icons or rules, not scanned text. */
const MIN_IMAGE_SIDE = 32;

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxyType>>;

/** The images of pages without a text layer, as PNGs tagged with their page numbers. */
async function scannedImages(pdf: PdfProxy, pages: string[]): Promise<{ page: number; png: Buffer }[]> {
  const { extractImages } = await import('unpdf');
  const images: { page: number; png: Buffer }[] = [];
  const blank = pages.map((text, index) => (text.trim() ? 0 : index + 1)).filter(Boolean);
  for (const page of blank.slice(0, MAX_OCR_PAGES)) {
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

export const extractPdf: Extractor = async (data, { extension, signal }) => {
  if (!isPdf(data)) throw mismatch(extension, 'a PDF starts with %PDF');
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pages: string[];
  let scans: { page: number; png: Buffer }[] = [];
  try {
    const pdf = await getDocumentProxy(new Uint8Array(data), {
      isEvalSupported: false,
      stopAtErrors: true,
      verbosity: 0,
    });
    // On timeout the parse is torn down rather than left running in the background.
    const stop = () => void pdf.destroy().catch(() => undefined);
    signal.addEventListener('abort', stop, { once: true });
    try {
      pages = (await extractText(pdf, { mergePages: false })).text;
      if (pages.some((text) => !text.trim())) scans = await scannedImages(pdf, pages);
    } finally {
      signal.removeEventListener('abort', stop);
      await pdf.destroy();
    }
  } catch (error) {
    throw new ExtractionError(reasonOf(error));
  }
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
