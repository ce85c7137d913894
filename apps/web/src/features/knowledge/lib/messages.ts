import type { ToastInput } from '../../../components/ui/toast-store';
import { i18n } from '../../../lib/i18n';
import { partitionFiles } from './file-rules';

/** Knowledge toasts, word for word from the spec (§5, §8; administration §5), in the current language when read. */
export const MESSAGES = {
  get nameRequired(): ToastInput {
    return {
      title: i18n.t('knowledge:toasts.nameRequired.title'),
      description: i18n.t('knowledge:toasts.nameRequired.description'),
    };
  },
  get filesSkipped(): ToastInput {
    return {
      title: i18n.t('knowledge:toasts.filesSkipped.title'),
      description: i18n.t('knowledge:toasts.filesSkipped.description'),
    };
  },
  get noFiles(): ToastInput {
    return {
      title: i18n.t('knowledge:toasts.noFiles.title'),
      description: i18n.t('knowledge:toasts.noFiles.description'),
    };
  },
  get noCollection(): ToastInput {
    return {
      title: i18n.t('knowledge:toasts.noCollection.title'),
      description: i18n.t('knowledge:toasts.noCollection.description'),
    };
  },
  get workspaceUploadFailed(): ToastInput {
    return {
      title: i18n.t('knowledge:toasts.uploadFailed'),
      description: i18n.t('knowledge:toasts.workspaceUploadFailed'),
    };
  },
  get urlRequired(): ToastInput {
    return {
      title: i18n.t('knowledge:toasts.urlRequired.title'),
      description: i18n.t('knowledge:toasts.urlRequired.description'),
    };
  },
  get loadCollections(): ToastInput {
    return { title: i18n.t('knowledge:toasts.loadCollections') };
  },
  get loadDocuments(): ToastInput {
    return { title: i18n.t('knowledge:toasts.loadDocuments') };
  },
  get createCollection(): ToastInput {
    return { title: i18n.t('knowledge:toasts.createCollection') };
  },
  get deleteCollection(): ToastInput {
    return { title: i18n.t('knowledge:toasts.deleteCollection') };
  },
  get uploadFailed(): ToastInput {
    return { title: i18n.t('knowledge:toasts.uploadFailed') };
  },
  get scrapingFailed(): ToastInput {
    return { title: i18n.t('knowledge:toasts.scrapingFailed') };
  },
} satisfies Record<string, ToastInput>;

export const uploadedMessage = (n: number): ToastInput => ({
  title: i18n.t('knowledge:toasts.uploaded.title'),
  description: i18n.t('knowledge:toasts.uploaded.description', { n }),
});

/** Scrape Website finished: how many pages became documents (the server's summary names what was skipped). */
export const scrapedMessage = (documentsCreated: number, summary: string): ToastInput =>
  documentsCreated > 0
    ? {
        title: i18n.t('knowledge:toasts.scraped.title'),
        description: i18n.t('knowledge:toasts.scraped.description', { summary, count: documentsCreated }),
      }
    : { title: i18n.t('knowledge:toasts.nothingImported'), description: summary, variant: 'destructive' };

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
