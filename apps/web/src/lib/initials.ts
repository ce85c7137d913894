const firstLetter = (word: string): string => Array.from(word)[0] ?? '';

/** Up to two letters for an avatar: from the full name's words, else from the e-mail's local part. */
export function getInitials(fullName: string | null | undefined, email: string): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) return words.slice(0, 2).map(firstLetter).join('').toUpperCase();
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._+-]+/).filter(Boolean);
  if (parts.length >= 2) return parts.slice(0, 2).map(firstLetter).join('').toUpperCase();
  return Array.from(local).slice(0, 2).join('').toUpperCase() || '?';
}

export const getDisplayName = (fullName: string | null | undefined, email: string): string => fullName?.trim() || email;
