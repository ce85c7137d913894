import { describe, expect, it } from 'vitest';
import {
  checkCollectionName,
  checkScrapeUrl,
  checkWorkspaceUpload,
  pickWorkspaceFiles,
  uploadedMessage,
} from './messages';

describe('knowledge validation toasts', () => {
  it('refuses a blank collection name', () => {
    expect(checkCollectionName('   ')?.title).toBe('Collection name required');
    expect(checkCollectionName('   ')?.description).toBe('Please enter a name for the knowledge collection.');
    expect(checkCollectionName('Papers')).toBeNull();
  });

  it('needs files first, then a collection', () => {
    expect(checkWorkspaceUpload('', 0)?.title).toBe('No files selected');
    expect(checkWorkspaceUpload('c1', 0)?.description).toBe('Please select files to upload to the knowledge base.');
    expect(checkWorkspaceUpload('', 2)?.title).toBe('No collection selected');
    expect(checkWorkspaceUpload('', 2)?.description).toBe('Please select a collection to upload files to.');
    expect(checkWorkspaceUpload('c1', 2)).toBeNull();
  });

  it('skips unsupported workspace files with the spec toast', () => {
    const picked = pickWorkspaceFiles([{ name: 'a.pdf' }, { name: 'b.png' }]);
    expect(picked.files).toEqual([{ name: 'a.pdf' }]);
    expect(picked.toast?.title).toBe('Some files were skipped');
    expect(picked.toast?.description).toBe('Only PDF, Word, TXT, MD, JSON, and CSV files are supported.');
    expect(pickWorkspaceFiles([{ name: 'a.JSON' }]).toast).toBeNull();
  });

  it('needs a URL to scrape', () => {
    expect(checkScrapeUrl(' ')?.title).toBe('URL required');
    expect(checkScrapeUrl('not a url')?.description).toBe('Please enter a valid URL to scrape');
    expect(checkScrapeUrl('ftp://x.org')?.title).toBe('URL required');
    expect(checkScrapeUrl('https://example.org/docs')).toBeNull();
  });

  it('counts uploaded documents', () => {
    expect(uploadedMessage(3)).toEqual({
      title: 'Files uploaded successfully',
      description: 'Successfully uploaded 3 documents.',
    });
  });
});
