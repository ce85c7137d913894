/** Query keys of the admin dashboard; mutations invalidate through these. */
export const adminKeys = {
  root: ['admin'] as const,
  users: ['admin', 'users'] as const,
  userList: (search: string, page: number, organizationId = '') =>
    ['admin', 'users', { search, page, organizationId }] as const,
  stats: ['admin', 'stats'] as const,
  usage: (days: number) => ['admin', 'usage', days] as const,
  activity: ['admin', 'activity'] as const,
  pendingSignups: ['admin', 'signups', 'pending'] as const,
  invitations: ['admin', 'invitations'] as const,
  security: ['admin', 'settings', 'security'] as const,
  system: ['admin', 'settings', 'system'] as const,
};
