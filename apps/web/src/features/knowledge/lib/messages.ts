import type { ToastInput } from '../../../components/ui/toast-store';
import { partitionFiles } from './file-rules';

/** Knowledge toasts, word for word from the spec (§5, §8; administration §5). */
export const MESSAGES = {
  nameRequired: { title: 'Collection name required', description: 'Please enter a name for the knowledge collection.' },
  filesSkipped: {
    title: 'Some files were skipped',
    description: 'Only PDF, Word, TXT, MD, JSON, and CSV files are supported.',
  },
  noFiles: { title: 'No files selected', description: 'Please select files to upload to the knowledge base.' },
  noCollection: { title: 'No collection selected', description: 'Please select a collection to upload files to.' },
  workspaceUploadFailed: { title: 'Upload failed', description: 'Failed to upload documents. Please try again.' },
  urlRequired: { title: 'URL required', description: 'Please enter a valid URL to scrape' },
  loadCollections: { title: 'Error loading collections' },
  loadDocuments: { title: 'Error loading documents' },
  createCollection: { title: 'Error creating collection' },
  deleteCollection: { title: 'Error deleting collection' },
  uploadFailed: { title: 'Upload failed' },
  scrapingFailed: { title: 'Scraping failed' },
} satisfies Record<string, ToastInput>;

export const uploadedMessage = (n: number): ToastInput => ({
  title: 'Files uploaded successfully',
  description: `Successfully uploaded ${n} documents.`,
});

/** Scrape Website finished: how many pages became documents (the server's summary names what was skipped). */
export const scrapedMessage = (documentsCreated: number, summary: string): ToastInput =>
  documentsCreated > 0
    ? {
        title: 'Website scraped',
        description: `${summary} ${documentsCreated === 1 ? 'The document is' : 'The documents are'} being indexed.`,
      }
    : { title: 'Nothing was imported', description: summary, variant: 'destructive' };

/** New Collection: the refusal toast for a blank name, or null. */
export const checkCollectionName = (name: string): ToastInput | null =>
  name.trim() ? null : { ...MESSAGES.nameRequired, variant: 'destructive' };

/** Workspace 'Upload Documents' submit: the refusal toast, or null when it may go ahead. */
export function checkWorkspaceUpload(collectionId: string, fileCount: number): ToastInput | null {
  if (fileCount === 0) return { ...MESSAGES.noFiles, variant: 'destructive' };
  if (!collectionId) return { ...MESSAGES.noCollection, variant: 'destructive' };
  return null;
}

/** Workspace file selection: keeps the supported files and says when some were skipped. */
export function pickWorkspaceFiles<T extends { name: string }>(
  files: readonly T[],
): { files: T[]; toast: ToastInput | null } {
  const { accepted, skipped } = partitionFiles('workspace', files);
  return { files: accepted, toast: skipped.length ? { ...MESSAGES.filesSkipped, variant: 'destructive' } : null };
}

/** Scrape Website: a non-blank http(s) URL, or the refusal toast. */
export function checkScrapeUrl(url: string): ToastInput | null {
  const value = url.trim();
  if (!value) return { ...MESSAGES.urlRequired, variant: 'destructive' };
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return null;
  } catch {
    // falls through to the refusal
  }
  return { ...MESSAGES.urlRequired, variant: 'destructive' };
}
