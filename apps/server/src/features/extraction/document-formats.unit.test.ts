import { DOCUMENT_FORMATS } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { registeredFormats } from './extract-document';

describe('document formats (contract) vs the extractor registry', () => {
  it('lists exactly the extensions the server has extractors for, with the same formats', () => {
    const fromContract = Object.fromEntries(
      DOCUMENT_FORMATS.flatMap((entry) => entry.extensions.map((extension) => [extension, entry.format])),
    );
    expect(fromContract).toEqual(registeredFormats());
  });

  it('has no extension listed twice', () => {
    const all = DOCUMENT_FORMATS.flatMap((entry) => entry.extensions);
    expect(new Set(all).size).toBe(all.length);
  });
});
