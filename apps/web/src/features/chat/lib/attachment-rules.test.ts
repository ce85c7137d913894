import { describe, expect, it } from 'vitest';
import { isAllowedChatFile, isImageFile, namePastedFile, partitionFiles } from './attachment-rules';

const file = (name: string, type = '') => new File(['x'], name, { type });

describe('chat attachment rules (spec §5)', () => {
  it.each([
    ...['a.pdf', 'a.docx', 'a.doc', 'a.txt', 'a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'a.bmp', 'a.webp', 'a.svg'],
    // Like the knowledge base (issue #17).
    ...['notes.md', 'TABLE.CSV'],
  ])('allows %s', (name) => expect(isAllowedChatFile(name)).toBe(true));

  it('checks the extension case-insensitively', () => {
    expect(isAllowedChatFile('REPORT.PDF')).toBe(true);
    expect(isAllowedChatFile('Photo.JpG')).toBe(true);
  });

  it.each(['a.exe', 'a.json', 'archive.tar.gz', 'noextension', 'pdf'])('refuses %s', (name) =>
    expect(isAllowedChatFile(name)).toBe(false),
  );

  it('tells images from documents', () => {
    expect(isImageFile('x.webp')).toBe(true);
    expect(isImageFile('x.pdf')).toBe(false);
  });

  it('splits a selection into accepted files and a count of refused ones', () => {
    const { accepted, rejected } = partitionFiles([file('a.pdf'), file('b.exe'), file('c.png'), file('d.zip')]);
    expect(accepted.map((item) => item.name)).toEqual(['a.pdf', 'c.png']);
    expect(rejected).toBe(2);
  });

  it('names pasted images by their type', () => {
    expect(namePastedFile(file('image.png', 'image/png'), 42).name).toBe('pasted-image-42.png');
    expect(namePastedFile(file('', 'image/jpeg'), 7).name).toBe('pasted-image-7.jpg');
    expect(namePastedFile(file('screenshot.gif', 'image/gif')).name).toBe('screenshot.gif');
  });
});
