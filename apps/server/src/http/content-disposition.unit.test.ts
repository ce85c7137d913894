import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('names a download, quoting only when needed', () => {
    expect(contentDisposition('knowledge-data-export-2026-01-31.json')).toBe(
      'attachment; filename=knowledge-data-export-2026-01-31.json',
    );
    expect(contentDisposition('notes 2024.md', 'inline')).toBe('inline; filename="notes 2024.md"');
  });

  it('escapes quotes and backslashes, and sends other characters as RFC 8187 UTF-8 with a fallback', () => {
    expect(parse(contentDisposition('a "quoted" \\ name.txt'))).toEqual({
      type: 'attachment',
      parameters: { filename: 'a "quoted" \\ name.txt' },
    });
    const header = contentDisposition('家族の写真 👪.png');
    expect(header).toBe(
      `attachment; filename="????? ??.png"; filename*=UTF-8''${encodeURIComponent('家族の写真 👪.png')}`,
    );
    // A reader that knows filename* gets the exact name back.
    expect(parse(header).parameters.filename).toBe('家族の写真 👪.png');
  });
});
