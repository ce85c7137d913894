/**
 * Images by OCR, fully offline: tesseract.js with the English model from @tesseract.js-data/eng. Without an
 * explicit langPath tesseract fetches the model from a CDN (and hangs here), so the local path is mandatory.
 */
import { createRequire } from 'node:module';

import { ExtractionError } from '../extract-text';
import { checkImageSize } from '../image-size';
import { imageKind, mismatch } from '../sniff';
import { type Extractor, section } from '../types';

const require = createRequire(import.meta.url);

function englishModel(): { langPath: string; gzip: boolean } {
  const { langPath, gzip } = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  return { langPath, gzip };
}

/** OCR of images with one worker; it is terminated when the signal aborts, so a timeout really stops the work. */
export async function ocrImages(images: Buffer[], signal: AbortSignal): Promise<string[]> {
  const { createWorker, OEM } = await import('tesseract.js');
  signal.throwIfAborted();
  // Without an error handler tesseract throws a failed job's error from its message listener, uncaught: a
  // corrupt image would end the whole thread. With one, the job's promise rejects and is caught below.
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    ...englishModel(),
    cacheMethod: 'none',
    errorHandler: () => undefined,
  });
  const stop = () => void worker.terminate().catch(() => undefined);
  if (signal.aborted) {
    stop();
    throw signal.reason;
  }
  signal.addEventListener('abort', stop, { once: true });
  try {
    const texts: string[] = [];
    for (const image of images) texts.push((await worker.recognize(image)).data.text);
    return texts;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    // tesseract rejects with the worker's error as a string ("Error: ..."); the prefix says nothing to a user.
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^Error: /, '');
    throw new ExtractionError(`Text recognition failed (${reason}).`);
  } finally {
    signal.removeEventListener('abort', stop);
    if (!signal.aborted) await worker.terminate().catch(() => undefined);
  }
}

export const extractImage: Extractor = async (data, { extension, signal }) => {
  const kind = await imageKind(data);
  if (!kind) throw mismatch(extension, 'it is not a recognised image');
  checkImageSize(data, kind);
  const [text = ''] = await ocrImages([data], signal);
  return { sections: [section(text.trim())] };
};
