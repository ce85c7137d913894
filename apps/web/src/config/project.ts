/**
 * Facts about the project itself, kept in one place. The repository has no public address yet: change
 * PROJECT_SOURCE_URL here when it is published, and every "source" link on the public pages follows.
 */
export const PROJECT_NAME = 'Hearth';
export const PROJECT_SOURCE_URL = 'https://github.com/hearth-ai/hearth';
