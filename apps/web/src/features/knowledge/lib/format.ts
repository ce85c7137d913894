import { formatDate, formatNumber, i18n } from '../../../lib/i18n';

export const describeCollection = (description: string | null | undefined): string =>
  description?.trim() ? description : i18n.t('knowledge:collection.noDescription');

export const documentCountLabel = (count: number): string => i18n.t('knowledge:collection.documents', { count });

export const updatedLabel = (value: string | null): string =>
  i18n.t('knowledge:collection.updated', {
    date: formatDate(value, undefined, i18n.t('knowledge:collection.never')),
  });

/** One decimal, no grouping: "1023.9", in the current language's decimal sign. */
const oneDecimal = (value: number): string =>
  formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });

/** The workspace dialog's file list shows sizes in KB (spec §2). */
export const sizeInKb = (bytes: number): string => `${oneDecimal(bytes / 1024)} KB`;

/** "512 B", "12.3 KB", "4.5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${oneDecimal(bytes / 1024 / 1024)} MB`;
}

/** At most two recent file names, as the collection cards show them. */
export const recentNames = (names: readonly string[]): string[] => names.slice(0, 2);

/** The upload-screen and document badges: progress 0-1 as a whole percent. */
export const percent = (progress: number): number => Math.round(Math.max(0, Math.min(1, progress)) * 100);
