/** Spec §8 admin toasts, word for word. */
export const ADMIN_MESSAGES = {
  createFailed: 'Failed to create user.',
  importFailed: 'Failed to import users from CSV.',
  fetchUsersFailed: 'Failed to fetch users data.',
  roleFailed: 'Failed to update user role.',
  banFailed: 'Failed to ban user.',
  unbanFailed: 'Failed to unban user.',
  deleteFailed: 'Failed to delete user account.',
} as const;

/** "1.5 GB", "12.3 MB", "512 B". */
export function formatStorage(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} ${units[0]}` : `${value.toFixed(1)} ${units[unit]}`;
}

export const ROLE_LABELS = {
  user: 'User',
  moderator: 'Moderator',
  admin: 'Admin',
  super_admin: 'Super Admin',
} as const;
