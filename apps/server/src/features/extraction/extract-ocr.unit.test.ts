import { describe, expect, it } from 'vitest';

import { DEFAULT_EXTRACTION_LIMITS, extractDocument } from './extract-document';
import { ExtractionError } from './extract-text';
import { corruptPng, pngHeader, textPng } from './test-fixtures';

// OCR runs offline: tesseract.js loads its English model from @tesseract.js-data/eng, never from the network.
describe('extractDocument: images by OCR', () => {
  it('reads text rendered into a PNG', async () => {
    const document = await extractDocument(textPng('HELLO WORLD'), 'sign.png');
    expect(document.format).toBe('image');
    expect(document.text.toUpperCase()).toContain('HELLO');
    expect(document.text.toUpperCase()).toContain('WORLD');
  }, 60_000);

  it('stops OCR at the time limit with a timeout error', async () => {
    const error = await extractDocument(textPng('HELLO WORLD HELLO WORLD'), 'slow.png', {
      ...DEFAULT_EXTRACTION_LIMITS,
      timeoutMs: 50,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).code).toBe('timeout');
  });

  it('ends a corrupt PNG as an error, not a crash', async () => {
    const png = corruptPng();
    expect(png.length).toBe(408);
    const error = await extractDocument(png, 'broken.png').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).message).toBe('Text recognition failed (Error attempting to read image.).');
    // Still alive and reading: the next image goes through OCR as usual.
    expect((await extractDocument(textPng('HELLO'), 'next.png')).text.toUpperCase()).toContain('HELLO');
  }, 60_000);

  it('refuses an image whose header declares absurd dimensions before decoding it', async () => {
    const error = await extractDocument(pngHeader(100_000, 100_000), 'huge.png').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).message).toBe('The image is too large to read (100000 × 100000 pixels).');
    expect((error as ExtractionError).code).toBe('too_large');
  });

  it('refuses a file renamed .jpg that is not an image', async () => {
    const error = await extractDocument(Buffer.from('hello'), 'photo.jpg').catch((caught: unknown) => caught);
    expect((error as ExtractionError).code).toBe('unsupported');
  });
});
