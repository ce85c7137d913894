/**
 * Accepted extensions per screen (spec §5). The Knowledge Base screen also takes pdf and docx because the server
 * extracts them; the other screens keep the spec's lists.
 */
export const ACCEPTED_EXTENSIONS = {
  knowledgeBase: ['txt', 'md', 'json', 'csv', 'xml', 'html', 'js', 'ts', 'css', 'pdf', 'docx'],
  workspace: ['pdf', 'docx', 'doc', 'txt', 'md', 'json', 'csv'],
  uploadScreen: ['pdf', 'doc', 'docx', 'txt'],
} as const;

export type UploadScreen = keyof typeof ACCEPTED_EXTENSIONS;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Case-insensitive extension check for one screen. */
export const isAccepted = (screen: UploadScreen, name: string): boolean =>
  (ACCEPTED_EXTENSIONS[screen] as readonly string[]).includes(fileExtension(name));

/** The file input's accept attribute for a screen: ".txt,.md,...". */
export const acceptAttribute = (screen: UploadScreen): string =>
  ACCEPTED_EXTENSIONS[screen].map((ext) => `.${ext}`).join(',');

/** Splits a selection into the files a screen takes and the ones it skips. */
export function partitionFiles<T extends { name: string }>(
  screen: UploadScreen,
  files: readonly T[],
): { accepted: T[]; skipped: T[] } {
  const accepted: T[] = [];
  const skipped: T[] = [];
  for (const file of files) (isAccepted(screen, file.name) ? accepted : skipped).push(file);
  return { accepted, skipped };
}
