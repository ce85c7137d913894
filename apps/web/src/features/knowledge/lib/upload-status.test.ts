import { describe, expect, it } from 'vitest';
import { uploadRowView } from './upload-status';

describe('upload screen rows', () => {
  it('goes uploading → processing → completed', () => {
    expect(uploadRowView({ error: null, documentId: null }, undefined).status).toBe('uploading');
    expect(uploadRowView({ error: null, documentId: 'd' }, { status: 'queued', progress: 0, error: null })).toEqual({
      status: 'processing',
      progress: 0,
      error: null,
    });
    expect(
      uploadRowView({ error: null, documentId: 'd' }, { status: 'processing', progress: 0.42, error: null }).progress,
    ).toBe(42);
    expect(uploadRowView({ error: null, documentId: 'd' }, { status: 'ready', progress: 1, error: null }).status).toBe(
      'completed',
    );
  });

  it('shows request and processing errors', () => {
    expect(
      uploadRowView({ error: 'File size (12 MB) exceeds maximum allowed size (10MB)', documentId: null }, undefined),
    ).toEqual({
      status: 'error',
      progress: null,
      error: 'File size (12 MB) exceeds maximum allowed size (10MB)',
    });
    expect(
      uploadRowView({ error: null, documentId: 'd' }, { status: 'failed', progress: 0, error: 'Broken PDF' }).error,
    ).toBe('Broken PDF');
  });
});
