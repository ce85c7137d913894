import { Check, Copy } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../lib/use-copy';

/** A fenced code block with a copy button. */
export function CodeBlock({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLPreElement>(null);
  const [copied, copy] = useCopy();
  const { t } = useTranslation('common');
  return (
    <div className="group relative">
      <pre ref={ref}>{children}</pre>
      <button
        type="button"
        aria-label={copied ? t('code.copied') : t('code.copy')}
        onClick={() => void copy(ref.current?.textContent ?? '')}
        className="absolute top-2 end-2 rounded-md border bg-background/80 p-1 opacity-0 transition-opacity group-hover:opacity-100 focus-visible:opacity-100 data-[copied=true]:opacity-100"
        data-copied={copied}
      >
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
