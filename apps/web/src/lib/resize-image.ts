import { i18n } from './i18n';
const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(i18n.t('common:image.unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error(i18n.t('common:image.readFailed')));
    reader.readAsDataURL(file);
  });

const loadImage = (src: string): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(i18n.t('common:image.notImage')));
    image.src = src;
  });

/**
 * Scales an image file down so its longer side is at most maxSize pixels and returns a PNG data URL.
 * Goes through a data: URL rather than a blob: URL because the server's CSP only allows data: images.
 */
export async function resizeImageToDataUrl(file: File, maxSize = 128): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error(i18n.t('common:image.chooseImage'));
  const image = await loadImage(await readAsDataUrl(file));
  const scale = Math.min(1, maxSize / Math.max(image.naturalWidth, image.naturalHeight));
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(i18n.t('common:image.noResize'));
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/png');
}
