import type { WhatsNew } from '@hearth/contract';
import { ExternalLink, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown } from '../../../components/markdown/lazy-markdown';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** "Hearth was updated to X": shown once per user after the server's version changed; X marks it seen. */
export function WhatsNewNotice({ whatsNew, onClose }: { whatsNew: WhatsNew; onClose: () => void }) {
  const { t } = useTranslation('updates');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const notes = whatsNew.release_notes?.trim();
  return (
    <Card
      aria-labelledby={titleId}
      className="mx-auto my-2 flex w-[min(44rem,calc(100%-1rem))] shrink-0 flex-col gap-2 p-3"
    >
      <div className="flex items-center gap-2">
        <Sparkles aria-hidden className="size-4 shrink-0 text-primary" />
        <h2 id={titleId} className="min-w-0 flex-1 text-sm font-medium">
          {t('whatsNew.title', { version: whatsNew.version })}
        </h2>
        {notes ? (
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('whatsNew.toggle')}
          </Button>
        ) : null}
        {whatsNew.release_url ? (
          <a
            href={whatsNew.release_url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            {t('releasePage')} <ExternalLink aria-hidden className="size-3" />
          </a>
        ) : null}
        <Button variant="ghost" size="icon" className="size-8" aria-label={t('whatsNew.close')} onClick={onClose}>
          <X aria-hidden />
        </Button>
      </div>
      {open && notes ? (
        <div className="max-h-48 overflow-y-auto rounded-md bg-muted/50 p-2 text-sm">
          <LazyMarkdown text={notes} />
        </div>
      ) : null}
    </Card>
  );
}
