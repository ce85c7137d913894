/**
 * Texts of the Documentation tab (keys of the docsMaintenance namespace); the two failures are the spec's (§8)
 * word for word in English.
 */
export const DOCS_MAINTENANCE_MESSAGES = {
  detectFailed: 'messages.detectFailed',
  processFailed: 'messages.processFailed',
  draftFailed: 'messages.draftFailed',
  applied: 'messages.applied',
  applyFailed: 'messages.applyFailed',
  rejected: 'messages.rejected',
  rejectFailed: 'messages.rejectFailed',
  noChanges: 'messages.noChanges',
  noPending: 'messages.noPending',
  settingsSaved: 'messages.settingsSaved',
} as const;
