import { Bot, RefreshCw } from 'lucide-react';
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
  const cannotConnect = selection.problem === 'cannot_connect';
  return (
    <section
      data-testid="no-models"
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 p-6 text-center"
      aria-labelledby="no-models-title"
    >
      <Bot className="size-10 text-muted-foreground" aria-hidden />
      <h2 id="no-models-title" className="text-xl font-semibold">
        No AI Models Available
      </h2>
      {cannotConnect ? (
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p>
            Cannot connect to the model server. Please ensure the services are running: start Ollama (
            <code className="rounded bg-muted px-1">ollama serve</code>) or check the model providers on the AI Models
            screen.
          </p>
          {selection.error ? <p className="text-xs">Details: {selection.error}</p> : null}
        </div>
      ) : (
        <div className="grid gap-3 text-sm text-muted-foreground">
          <p>
            No models found. Pull a model (for example <code className="rounded bg-muted px-1">ollama pull llama3</code>
            ) or download a starter model for the built-in runtime.
          </p>
          <FirstRunPrompt isAdmin={isAdmin} />
        </div>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={() => void selection.retry()} disabled={selection.isRefreshing}>
          <RefreshCw className={selection.isRefreshing ? 'animate-spin' : undefined} aria-hidden />
          Retry Connection
        </Button>
        <Link to={paths.models} className={buttonClasses('link')}>
          Open AI Models
        </Link>
      </div>
    </section>
  );
}
