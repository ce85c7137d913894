import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import type { DraftProgress } from '../lib/draft-sequence';

/** "Drafting 2 of 5: src/app.ts" with a bar and a Cancel that stops after the current change. */
export function DraftProgressBar(props: { progress: DraftProgress; cancelling: boolean; onCancel: () => void }) {
  const { progress, cancelling, onCancel } = props;
  const position = Math.min(progress.done + 1, progress.total);
  return (
    <div className="grid gap-2 rounded-md border p-3" aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p>
          Drafting {position} of {progress.total}
          {progress.current ? (
            <>
              : <span className="font-mono break-all">{progress.current.filePath}</span>
            </>
          ) : null}
          {progress.pages && progress.pages.total > 1 ? (
            <span className="text-muted-foreground">
              {' '}
              (page {Math.min(progress.pages.done + 1, progress.pages.total)} of {progress.pages.total})
            </span>
          ) : null}
          {cancelling ? <span className="text-muted-foreground"> (stopping after this one)</span> : null}
        </p>
        <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
          Cancel
        </Button>
      </div>
      <Progress
        value={progress.total === 0 ? 0 : (progress.done / progress.total) * 100}
        label={`Drafted ${progress.done} of ${progress.total}`}
      />
    </div>
  );
}
