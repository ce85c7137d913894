/** The secret of a one-time link: it travels in the #fragment (never sent to a server or a Referer). */
export function linkToken(hash: string): string {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token ?? '';
}
