import type { AvailableUpdate } from '@hearth/contract';
import { Download, ExternalLink, X } from 'lucide-react';
import { useId } from 'react';
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
function upgradeStatus(watch: UpgradeWatch, serverVersion: string): string | null {
  switch (watch.phase) {
    case 'waiting':
      return `Upgrade to ${watch.target} requested. Waiting for the server to report ${watch.target} (it reports ${watch.reported ?? 'nothing yet: restarting'}).`;
    case 'slow':
      return `The server still reports ${watch.reported ?? serverVersion}, not ${watch.target}. Check the deployment's logs, or run the commands below.`;
    case 'done':
      return `The server now runs ${watch.target}.`;
    default:
      return null;
  }
}

/** Update Available (admins only): the version, its notes, how to upgrade this install, and Upgrade now. */
export function UpdateAvailableCard(props: UpdateAvailableCardProps) {
  const { update, serverVersion, watch, busy, onUpgradeNow, onLater, onDismiss } = props;
  const titleId = useId();
  const status = upgradeStatus(watch, serverVersion);
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
              Update Available
            </h2>
            {update.is_critical ? <Badge variant="destructive">Critical</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            Version {update.version} is now available. This server runs {serverVersion}.
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-1 size-8"
          aria-label={`Dismiss version ${update.version}`}
          disabled={busy}
          onClick={onDismiss}
        >
          <X aria-hidden />
        </Button>
      </div>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium">What&apos;s New</h3>
        <div className="max-h-32 overflow-y-auto rounded-md bg-muted/50 p-2 text-sm">
          {update.release_notes.trim() ? (
            // Release notes come from a feed or an author: rendered sanitised, never as raw HTML.
            <LazyMarkdown text={update.release_notes} />
          ) : (
            <p className="text-muted-foreground">No release notes for this version.</p>
          )}
        </div>
        {update.release_url ? (
          <a
            href={update.release_url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 self-start text-sm text-primary underline-offset-4 hover:underline"
          >
            Release page <ExternalLink aria-hidden className="size-3" />
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
          Later
        </Button>
        {update.can_upgrade_now ? (
          <Button size="sm" disabled={busy || upgrading} onClick={onUpgradeNow}>
            {upgrading ? 'Upgrading...' : 'Upgrade now'}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** The card put off with Later or X: a small button, in the flow under the header, that opens it again. */
export function UpdateAvailableButton({ onOpen }: { onOpen: () => void }) {
  return (
    <div className="flex shrink-0 justify-end px-3 pt-2">
      <Button size="sm" onClick={onOpen}>
        <Download aria-hidden />
        Update Available
      </Button>
    </div>
  );
}
