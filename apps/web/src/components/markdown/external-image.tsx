import { ImageOff, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostOf } from './sanitize-schema';

/**
 * An image from another site is not fetched until the user asks: loading it would tell that site the user is
 * reading this answer. If the browser still refuses it (the content policy), a link opens it in a new tab.
 */
export function ExternalImage({ src, alt }: { src: string; alt: string }) {
  const [state, setState] = useState<'waiting' | 'loading' | 'failed'>('waiting');
  const host = hostOf(src);
  const { t } = useTranslation('common');
  if (state === 'waiting') {
    return (
      <button
        type="button"
        onClick={() => setState('loading')}
        className="my-1 inline-flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground hover:bg-accent"
      >
        <ImageIcon className="size-4" aria-hidden />
        {t('image.load', { host })}
      </button>
    );
  }
  if (state === 'failed') {
    return (
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="inline-flex items-center gap-2 text-sm text-primary underline"
      >
        <ImageOff className="size-4" aria-hidden />
        {t('image.failed', { host })}
      </a>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      referrerPolicy="no-referrer"
      onError={() => setState('failed')}
      className="max-h-96 rounded-md"
    />
  );
}
