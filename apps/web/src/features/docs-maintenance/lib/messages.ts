/** Texts of the Documentation tab; the two failures are the spec's (§8) word for word. */
export const DOCS_MAINTENANCE_MESSAGES = {
  detectFailed: 'Failed to detect changes',
  processFailed: 'Failed to process automatic updates',
  draftFailed: 'Failed to draft updates',
  applied: 'Documentation updated',
  applyFailed: 'Failed to apply update',
  rejected: 'Update rejected',
  rejectFailed: 'Failed to reject update',
  noChanges: 'No changes detected yet',
  noPending: 'No pending updates',
  settingsSaved: 'Documentation source saved',
} as const;
