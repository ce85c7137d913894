import { formatDate } from '../../../lib/format-date';

export const NO_DESCRIPTION = 'No description';

export const describeCollection = (description: string | null | undefined): string =>
  description?.trim() ? description : NO_DESCRIPTION;

export const documentCountLabel = (count: number): string => `${count} ${count === 1 ? 'document' : 'documents'}`;

export const updatedLabel = (value: string | null): string => `Updated ${formatDate(value, 'never')}`;

/** The workspace dialog's file list shows sizes in KB (spec §2). */
export const sizeInKb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** "512 B", "12.3 KB", "4.5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** At most two recent file names, as the collection cards show them. */
export const recentNames = (names: readonly string[]): string[] => names.slice(0, 2);

/** The upload-screen and document badges: progress 0-1 as a whole percent. */
export const percent = (progress: number): number => Math.round(Math.max(0, Math.min(1, progress)) * 100);
