import { Bot, RefreshCw } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { ModelSelection } from '../hooks/use-model-selection';
import { FirstRunPrompt } from './first-run-prompt';

interface NoModelsViewProps {
  selection: Pick<ModelSelection, 'problem' | 'error' | 'retry' | 'isRefreshing'>;
  isAdmin: boolean;
}

/** 'No AI Models Available' with Retry Connection and the spec's model-check message, never a fake list. */
export function NoModelsView({ selection, isAdmin }: NoModelsViewProps) {
  const { t } = useTranslation('models');
  const cannotConnect = selection.problem === 'cannot_connect';
  return (
    <section
      data-testid="no-models"
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 p-6 text-center"
      aria-labelledby="no-models-title"
    >
      <Bot className="size-10 text-muted-foreground" aria-hidden />
      <h2 id="no-models-title" className="text-xl font-semibold">
        {t('noModels.title')}
      </h2>
      {cannotConnect ? (
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p>
            <Trans
              t={t}
              i18nKey="noModels.cannotConnect"
              components={{ code: <code className="rounded bg-muted px-1" /> }}
            />
          </p>
          {selection.error ? <p className="text-xs">{t('details', { error: selection.error })}</p> : null}
        </div>
      ) : (
        <div className="grid gap-3 text-sm text-muted-foreground">
          <p>
            <Trans
              t={t}
              i18nKey="noModels.noneFound"
              components={{ code: <code className="rounded bg-muted px-1" /> }}
            />
          </p>
          <FirstRunPrompt isAdmin={isAdmin} />
        </div>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={() => void selection.retry()} disabled={selection.isRefreshing}>
          <RefreshCw className={selection.isRefreshing ? 'animate-spin' : undefined} aria-hidden />
          {t('noModels.retry')}
        </Button>
        <Link to={paths.models} className={buttonClasses('link')}>
          {t('noModels.open')}
        </Link>
      </div>
    </section>
  );
}
