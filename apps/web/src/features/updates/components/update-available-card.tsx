import type { AvailableUpdate } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { Download, ExternalLink, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown } from '../../../components/markdown/lazy-markdown';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { UpgradeWatch } from '../hooks/use-upgrade-watch';
import { UpgradeInstructions } from './upgrade-instructions';

interface UpdateAvailableCardProps {
  update: AvailableUpdate;
  /** The server this page talks to runs this version. */
  serverVersion: string;
  watch: UpgradeWatch;
  busy: boolean;
  onUpgradeNow: () => void;
  onLater: () => void;
  onDismiss: () => void;
}

/** What the card says while an upgrade was asked for: only /health reporting the version counts as done. */
function upgradeStatus(t: TFunction<'updates'>, watch: UpgradeWatch, serverVersion: string): string | null {
  switch (watch.phase) {
    case 'waiting':
      return t('card.waiting', { target: watch.target, reported: watch.reported ?? t('card.restarting') });
    case 'slow':
      return t('card.slow', { reported: watch.reported ?? serverVersion, target: watch.target });
    case 'done':
      return t('card.done', { target: watch.target });
    default:
      return null;
  }
}

/** Update Available (admins only): the version, its notes, how to upgrade this install, and Upgrade now. */
export function UpdateAvailableCard(props: UpdateAvailableCardProps) {
  const { update, serverVersion, watch, busy, onUpgradeNow, onLater, onDismiss } = props;
  const { t } = useTranslation('updates');
  const titleId = useId();
  const status = upgradeStatus(t, watch, serverVersion);
  const upgrading = watch.phase === 'waiting';
  return (
    <Card
      aria-labelledby={titleId}
      className="mx-auto my-2 flex w-[min(44rem,calc(100%-1rem))] shrink-0 flex-col gap-3 p-4"
    >
      <div className="flex items-start gap-2">
        <Download aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-center gap-2">
            <h2 id={titleId} className="font-semibold">
              {t('card.title')}
            </h2>
            {update.is_critical ? <Badge variant="destructive">{t('card.critical')}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {t('card.available', { version: update.version, server: serverVersion })}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-1 size-8"
          aria-label={t('card.dismiss', { version: update.version })}
          disabled={busy}
          onClick={onDismiss}
        >
          <X aria-hidden />
        </Button>
      </div>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium">{t('card.whatsNew')}</h3>
        <div className="max-h-32 overflow-y-auto rounded-md bg-muted/50 p-2 text-sm">
          {update.release_notes.trim() ? (
            // Release notes come from a feed or an author: rendered sanitised, never as raw HTML.
            <LazyMarkdown text={update.release_notes} />
          ) : (
            <p className="text-muted-foreground">{t('card.noNotes')}</p>
          )}
        </div>
        {update.release_url ? (
          <a
            href={update.release_url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 self-start text-sm text-primary underline-offset-4 hover:underline"
          >
            {t('releasePage')} <ExternalLink aria-hidden className="size-3" />
          </a>
        ) : null}
      </div>
      <UpgradeInstructions instructions={update.upgrade} />
      {status ? (
        <p role="status" className="text-sm" data-testid="upgrade-status">
          {status}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={onLater}>
          {t('card.later')}
        </Button>
        {update.can_upgrade_now ? (
          <Button size="sm" disabled={busy || upgrading} onClick={onUpgradeNow}>
            {upgrading ? t('card.upgrading') : t('card.upgradeNow')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** The card put off with Later or X: a small button, in the flow under the header, that opens it again. */
export function UpdateAvailableButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('updates');
  return (
    <div className="flex shrink-0 justify-end px-3 pt-2">
      <Button size="sm" onClick={onOpen}>
        <Download aria-hidden />
        {t('card.title')}
      </Button>
    </div>
  );
}
