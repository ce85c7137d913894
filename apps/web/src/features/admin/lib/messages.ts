/** Spec §8 admin toasts: keys into the admin namespace (the English text is the spec's, word for word). */
export const ADMIN_MESSAGE_KEYS = {
  createFailed: 'messages.createFailed',
  importFailed: 'messages.importFailed',
  fetchUsersFailed: 'messages.fetchUsersFailed',
  roleFailed: 'messages.roleFailed',
  banFailed: 'messages.banFailed',
  unbanFailed: 'messages.unbanFailed',
  deleteFailed: 'messages.deleteFailed',
} as const;

/** The same fields as Date.toLocaleString(): numeric date and time with seconds. */
export const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

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

/** The role as it reads inside a sentence ("… is now moderator."): keys into the admin namespace. */
export const ROLE_NAME_KEYS = {
  user: 'roleNames.user',
  moderator: 'roleNames.moderator',
  admin: 'roleNames.admin',
  super_admin: 'roleNames.super_admin',
} as const;

/** Role names: keys into the admin namespace. */
export const ROLE_LABEL_KEYS = {
  user: 'roles.user',
  moderator: 'roles.moderator',
  admin: 'roles.admin',
  super_admin: 'roles.super_admin',
} as const;
