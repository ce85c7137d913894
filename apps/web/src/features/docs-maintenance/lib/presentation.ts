import type { DocChangeType, DocFileType, DocImpact, DocUpdateStatus, DocUpdateType } from '@hearth/contract';

/** Impact colours: critical red, high orange, medium yellow, low grey (text stays readable in both themes). */
export const IMPACT_BADGE: Record<DocImpact, { label: string; className: string }> = {
  critical: { label: 'Critical', className: 'border-transparent bg-red-600 text-white' },
  high: { label: 'High', className: 'border-transparent bg-orange-500 text-white' },
  medium: { label: 'Medium', className: 'border-transparent bg-yellow-300 text-yellow-950' },
  low: { label: 'Low', className: 'border-transparent bg-muted text-muted-foreground' },
};

export const FILE_TYPE_LABEL: Record<DocFileType, string> = {
  component: 'Component',
  service: 'Service',
  backend: 'Backend',
  config: 'Config',
  docs: 'Docs',
};

export const CHANGE_TYPE_LABEL: Record<DocChangeType, string> = {
  added: 'Added',
  modified: 'Modified',
  deleted: 'Deleted',
  renamed: 'Renamed',
};

export const UPDATE_TYPE_LABEL: Record<DocUpdateType, string> = {
  automatic: 'Automatic',
  review_required: 'Review required',
};

export const UPDATE_STATUS_LABEL: Record<DocUpdateStatus, string> = {
  pending: 'Pending',
  applied: 'Applied',
  rejected: 'Rejected',
};

/** A commit as people read it: the first 7 hex digits. */
export const shortCommit = (commit: string | null): string | null => (commit ? commit.slice(0, 7) : null);

/** 0.756 → "76%". */
export const percent = (value: number): string => `${Math.round(Math.max(0, Math.min(1, value)) * 100)}%`;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : timeFormat.format(date);
}

/** "3 changes" / "1 change". */
export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
