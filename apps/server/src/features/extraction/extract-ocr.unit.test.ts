import { describe, expect, it } from 'vitest';

import { DEFAULT_EXTRACTION_LIMITS, extractDocument } from './extract-document';
import { ExtractionError } from './extract-text';
import { textPng } from './test-fixtures';

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

  it('refuses a file renamed .jpg that is not an image', async () => {
    const error = await extractDocument(Buffer.from('hello'), 'photo.jpg').catch((caught: unknown) => caught);
    expect((error as ExtractionError).code).toBe('unsupported');
  });
});
