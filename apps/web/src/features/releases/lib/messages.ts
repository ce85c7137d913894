/** Spec §8 texts for the Updates tab: keys into the releases namespace (English word for word). */
export const RELEASE_MESSAGE_KEYS = {
  fetchVersionsFailed: 'messages.fetchVersionsFailed',
  createFailed: 'messages.createFailed',
  statusFailed: 'messages.statusFailed',
  deleteFailed: 'messages.deleteFailed',
  deploymentFailed: 'messages.deploymentFailed',
  rollbackFailed: 'messages.rollbackFailed',
  connectionFailed: 'messages.connectionFailed',
  fetchLogsFailed: 'messages.fetchLogsFailed',
  saveGithubFailed: 'messages.saveGithubFailed',
  missingConfiguration: 'messages.missingConfiguration',
  missingConfigurationDescription: 'messages.missingConfigurationDescription',
  notConfigured: 'messages.notConfigured',
  notConfiguredDescription: 'messages.notConfiguredDescription',
  githubNotConfigured: 'messages.githubNotConfigured',
  unknownError: 'messages.unknownError',
} as const;
