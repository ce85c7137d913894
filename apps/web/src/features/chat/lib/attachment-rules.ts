import { CHAT_ALLOWED_EXTENSIONS } from '@hearth/contract';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg']);
const ALLOWED = new Set<string>(CHAT_ALLOWED_EXTENSIONS);

export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Spec §5: chat files are allowed by extension only (case-insensitive). */
export const isAllowedChatFile = (name: string): boolean => ALLOWED.has(fileExtension(name));

export const isImageFile = (name: string): boolean => IMAGE_EXTENSIONS.has(fileExtension(name));

/** The accept attribute for the file picker. */
export const CHAT_FILE_ACCEPT = CHAT_ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Pasted images often come without a useful name; give them one with the right extension. */
export function namePastedFile(file: File, now: number = Date.now()): File {
  if (file.name && file.name !== 'image.png' && isAllowedChatFile(file.name)) return file;
  const extension = file.type.split('/')[1]?.replace('jpeg', 'jpg').replace('svg+xml', 'svg') ?? 'png';
  return new File([file], `pasted-image-${now}.${extension}`, { type: file.type });
}

/** Splits chosen files into the allowed ones and the count of those refused. */
export function partitionFiles(files: File[]): { accepted: File[]; rejected: number } {
  const accepted = files.filter((file) => isAllowedChatFile(file.name));
  return { accepted, rejected: files.length - accepted.length };
}
