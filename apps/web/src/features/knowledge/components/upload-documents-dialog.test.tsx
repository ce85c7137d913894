import type { KnowledgeCollection } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { UploadDocumentsDialog } from './upload-documents-dialog';

const collection: KnowledgeCollection = {
  id: 'c1',
  name: 'Papers',
  description: null,
  document_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  recent_documents: [],
  indexing: { pending: 0, failed: 0 },
};

function renderDialog(collections: KnowledgeCollection[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UploadDocumentsDialog collections={collections} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('Upload Documents dialog', () => {
  it('is disabled without collections', () => {
    renderDialog([]);
    expect(screen.getByRole('button', { name: 'Upload Documents' })).toHaveProperty('disabled', true);
  });

  it('asks for files, skips unsupported ones and then asks for a collection', async () => {
    renderDialog([collection]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload Documents' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('No files selected')).toBeTruthy();
    expect(screen.getByText('Please select files to upload to the knowledge base.')).toBeTruthy();

    const input = screen.getByLabelText('Choose files');
    const files = [new File(['hello'], 'notes.TXT'), new File(['x'], 'image.png')];
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('Some files were skipped')).toBeTruthy();
    expect(screen.getByText('notes.TXT')).toBeTruthy();
    expect(screen.queryByText('image.png')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('No collection selected')).toBeTruthy();
    expect(screen.getByText('Please select a collection to upload files to.')).toBeTruthy();
  });
});
