import type { DocUpdateStatus } from '@hearth/contract';

/** Query keys of the Documentation tab; mutations invalidate through these. */
export const docsMaintenanceKeys = {
  root: ['docs-maintenance'] as const,
  settings: ['docs-maintenance', 'settings'] as const,
  changes: ['docs-maintenance', 'changes'] as const,
  updatesRoot: ['docs-maintenance', 'updates'] as const,
  updates: (status: DocUpdateStatus | 'all') => ['docs-maintenance', 'updates', status] as const,
};
