import { Download, X } from 'lucide-react';
import { useId } from 'react';
import { LazyMarkdown } from '../../../components/markdown/lazy-markdown';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { AvailableUpdate } from '../lib/available-update';

interface UpdateAvailableCardProps {
  update: AvailableUpdate;
  updating: boolean;
  dismissing: boolean;
  onUpdateNow: () => void;
  onLater: () => void;
  onDismiss: () => void;
}

export function UpdateAvailableCard({
  update,
  updating,
  dismissing,
  onUpdateNow,
  onLater,
  onDismiss,
}: UpdateAvailableCardProps) {
  const titleId = useId();
  return (
    <Card
      aria-labelledby={titleId}
      className="mx-auto my-2 flex w-[min(40rem,calc(100%-1rem))] shrink-0 flex-col gap-3 p-4"
    >
      <div className="flex items-start gap-2">
        <Download aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-center gap-2">
            <h2 id={titleId} className="font-semibold">
              Update Available
            </h2>
            {update.isCritical ? <Badge variant="destructive">Critical</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">Version {update.version} is now available</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-1 size-8"
          aria-label="Dismiss update notifications"
          disabled={dismissing || updating}
          onClick={onDismiss}
        >
          <X aria-hidden />
        </Button>
      </div>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium">What&apos;s New</h3>
        <div className="max-h-32 overflow-y-auto rounded-md bg-muted/50 p-2 text-sm">
          {update.releaseNotes.trim() ? (
            // Release notes are author-written Markdown: rendered sanitised, never as raw HTML.
            <LazyMarkdown text={update.releaseNotes} />
          ) : (
            <p className="text-muted-foreground">No release notes for this version.</p>
          )}
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" disabled={updating} onClick={onLater}>
          Later
        </Button>
        <Button size="sm" disabled={updating} onClick={onUpdateNow}>
          {updating ? 'Updating...' : 'Update Now'}
        </Button>
      </div>
    </Card>
  );
}

/** The card put off with Later (or X): a small button, in the flow under the header, that opens it again. */
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
