import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';

describe('cleanFileName', () => {
  it('removes NUL and other control characters, so a hidden second extension cannot survive', () => {
    expect(cleanFileName('f.txt\0.html')).toBe('f.txt.html');
    expect(cleanFileName('a\u0001b\u001f\u007fc\n.md')).toBe('abc.md');
    expect(cleanFileName('report\u202etxt.exe')).toBe('reporttxt.exe');
  });

  it('keeps the last path segment and the user’s wording', () => {
    expect(cleanFileName('C:\\Users\\me\\Résumé 2024.pdf')).toBe('Résumé 2024.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('  notes.md  ')).toBe('notes.md');
    expect(cleanFileName('家族の写真 👪.png')).toBe('家族の写真 👪.png');
  });

  it('falls back when nothing is left', () => {
    expect(cleanFileName('\0\0')).toBe('file');
    expect(cleanFileName('dir/')).toBe('file');
    expect(cleanFileName(undefined, 'document')).toBe('document');
  });

  it('replaces half surrogate pairs and shortens long names without losing the extension', () => {
    expect(cleanFileName('a\ud800b.txt')).toBe('a\ufffdb.txt');
    const long = cleanFileName(`${'x'.repeat(400)}.docx`);
    expect([...long]).toHaveLength(255);
    expect(long.endsWith('.docx')).toBe(true);
  });
});
