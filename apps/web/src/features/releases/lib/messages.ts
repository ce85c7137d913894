/** Spec §8 texts for the Updates tab, word for word. */
export const RELEASE_MESSAGES = {
  fetchVersionsFailed: 'Failed to fetch versions',
  createFailed: 'Failed to create version',
  statusFailed: 'Failed to update version status',
  deleteFailed: 'Failed to delete version',
  deploymentFailed: 'Deployment Failed',
  rollbackFailed: 'Rollback Failed',
  connectionFailed: 'Connection Failed',
  fetchLogsFailed: 'Failed to fetch deployment logs',
  saveGithubFailed: 'Failed to save GitHub configuration',
  missingConfiguration: 'Missing Configuration',
  missingConfigurationDescription: 'Please fill in all required fields',
  notConfigured: 'Not Configured',
  notConfiguredDescription: 'Please save configuration first',
  githubNotConfigured: 'GitHub Not Configured',
  unknownError: 'Unknown error',
  inProgress: 'In progress...',
} as const;
