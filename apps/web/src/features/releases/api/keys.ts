/** Query keys of the Updates tab; mutations invalidate through these. */
export const releaseKeys = {
  root: ['releases'] as const,
  versions: ['releases', 'versions'] as const,
  logs: (versionId: string | null) => ['releases', 'logs', versionId ?? 'all'] as const,
  github: ['releases', 'github'] as const,
};
