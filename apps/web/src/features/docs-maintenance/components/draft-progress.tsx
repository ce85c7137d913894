import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import type { DraftProgress } from '../lib/draft-sequence';

/** "Drafting 2 of 5: src/app.ts" with a bar and a Cancel that stops after the current change. */
export function DraftProgressBar(props: { progress: DraftProgress; cancelling: boolean; onCancel: () => void }) {
  const { progress, cancelling, onCancel } = props;
  const { t } = useTranslation('docsMaintenance');
  const position = Math.min(progress.done + 1, progress.total);
  return (
    <div className="grid gap-2 rounded-md border p-3" aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p>
          {progress.current ? (
            <Trans
              t={t}
              i18nKey="progress.draftingFile"
              values={{ position, total: progress.total, path: progress.current.filePath }}
              components={{ path: <span className="font-mono break-all" /> }}
            />
          ) : (
            t('progress.drafting', { position, total: progress.total })
          )}
          {progress.pages && progress.pages.total > 1 ? (
            <span className="text-muted-foreground">
              {' '}
              {t('progress.page', {
                page: Math.min(progress.pages.done + 1, progress.pages.total),
                total: progress.pages.total,
              })}
            </span>
          ) : null}
          {cancelling ? <span className="text-muted-foreground"> {t('progress.stopping')}</span> : null}
        </p>
        <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
          {t('cancel')}
        </Button>
      </div>
      <Progress
        value={progress.total === 0 ? 0 : (progress.done / progress.total) * 100}
        label={t('progress.drafted', { done: progress.done, total: progress.total })}
      />
    </div>
  );
}
