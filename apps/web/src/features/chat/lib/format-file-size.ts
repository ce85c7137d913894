import { formatNumber } from '../../../lib/i18n';

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** "512 B", "12.3 KB", "4.5 MB" (the number in the current language): sizes of files attached to messages. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes, { useGrouping: false })} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, oneDecimal)} KB`;
  return `${formatNumber(bytes / 1024 / 1024, oneDecimal)} MB`;
}
