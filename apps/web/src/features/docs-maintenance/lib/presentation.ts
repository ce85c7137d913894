import type { DocChangeType, DocFileType, DocImpact, DocUpdateStatus, DocUpdateType } from '@hearth/contract';
import { formatDate, formatNumber } from '../../../lib/i18n';

// The labels below are keys of the docsMaintenance namespace, translated where they are shown.

/** Impact colours: critical red, high orange, medium yellow, low grey (text stays readable in both themes). */
export const IMPACT_BADGE = {
  critical: { label: 'impact.critical', className: 'border-transparent bg-red-600 text-white' },
  high: { label: 'impact.high', className: 'border-transparent bg-orange-500 text-white' },
  medium: { label: 'impact.medium', className: 'border-transparent bg-yellow-300 text-yellow-950' },
  low: { label: 'impact.low', className: 'border-transparent bg-muted text-muted-foreground' },
} as const satisfies Record<DocImpact, { label: string; className: string }>;

export const FILE_TYPE_LABEL = {
  component: 'fileType.component',
  service: 'fileType.service',
  backend: 'fileType.backend',
  config: 'fileType.config',
  docs: 'fileType.docs',
} as const satisfies Record<DocFileType, string>;

export const CHANGE_TYPE_LABEL = {
  added: 'changeType.added',
  modified: 'changeType.modified',
  deleted: 'changeType.deleted',
  renamed: 'changeType.renamed',
} as const satisfies Record<DocChangeType, string>;

export const UPDATE_TYPE_LABEL = {
  automatic: 'updateType.automatic',
  review_required: 'updateType.review_required',
} as const satisfies Record<DocUpdateType, string>;

export const UPDATE_STATUS_LABEL = {
  pending: 'status.pending',
  applied: 'status.applied',
  rejected: 'status.rejected',
} as const satisfies Record<DocUpdateStatus, string>;

/** A commit as people read it: the first 7 hex digits. */
export const shortCommit = (commit: string | null): string | null => (commit ? commit.slice(0, 7) : null);

/** 0.756 → "76%". */
export const percent = (value: number): string =>
  formatNumber(Math.max(0, Math.min(1, value)), { style: 'percent', maximumFractionDigits: 0 });

/** A date and time in the current language; the value itself when it is not a date. */
export const formatWhen = (value: string): string =>
  formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }, value);
