import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileExtension, isAccepted, partitionFiles } from './file-rules';

describe('knowledge file rules', () => {
  it('reads extensions case-insensitively', () => {
    expect(fileExtension('Report.PDF')).toBe('pdf');
    expect(fileExtension('.env')).toBe('');
    expect(fileExtension('noext')).toBe('');
  });

  it('keeps each screen its own list', () => {
    expect(isAccepted('workspace', 'a.DOC')).toBe(true);
    expect(isAccepted('workspace', 'a.html')).toBe(false);
    expect(isAccepted('knowledgeBase', 'a.html')).toBe(true);
    expect(isAccepted('knowledgeBase', 'a.ts')).toBe(true);
    expect(isAccepted('knowledgeBase', 'a.doc')).toBe(false);
    expect(isAccepted('uploadScreen', 'a.txt')).toBe(true);
    expect(isAccepted('uploadScreen', 'a.md')).toBe(false);
  });

  it('splits a selection into accepted and skipped', () => {
    const files = [{ name: 'a.txt' }, { name: 'b.exe' }, { name: 'c.CSV' }];
    expect(partitionFiles('workspace', files)).toEqual({
      accepted: [{ name: 'a.txt' }, { name: 'c.CSV' }],
      skipped: [{ name: 'b.exe' }],
    });
  });

  it('builds the accept attribute', () => {
    expect(acceptAttribute('uploadScreen')).toBe('.pdf,.doc,.docx,.txt');
  });
});
