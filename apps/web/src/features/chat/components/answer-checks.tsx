import { type AdvancedRetrievalSummary, type AnswerSupport, supportText } from '@hearth/contract';
import { CheckCheck, ListTree, TriangleAlert } from 'lucide-react';
import { useId } from 'react';

/**
 * "4 of 5 statements found in the sources": the answer-support check. The statements not found are listed in a
 * hover card (also on keyboard focus), as plain text: nothing of the answer is rendered as markup here.
 */
export function AnswerSupportNote({ support }: { support: AnswerSupport }) {
  const id = useId();
  const missing = support.unsupported;
  const all = support.supported === support.total;
  const Icon = all ? CheckCheck : TriangleAlert;
  return (
    <div className="group relative w-fit">
      <p
        className="flex items-center gap-1"
        data-testid="answer-support"
        tabIndex={missing.length > 0 ? 0 : undefined}
        aria-describedby={missing.length > 0 ? id : undefined}
        title={
          support.method === 'model'
            ? 'Checked by the model against the cited passages'
            : 'Checked by word overlap with the cited passages (numbers and names must match)'
        }
      >
        <Icon className="size-3 shrink-0" aria-hidden />
        {supportText(support)}
      </p>
      {missing.length > 0 ? (
        <div
          id={id}
          role="tooltip"
          data-testid="unsupported-statements"
          className="invisible absolute bottom-full left-0 z-20 mb-1 w-80 max-w-[80vw] rounded-md border bg-popover p-2 text-popover-foreground shadow-md group-focus-within:visible group-hover:visible"
        >
          <p className="mb-1 font-medium">Not found in the sources:</p>
          <ul className="list-disc space-y-1 pl-4">
            {missing.map((statement) => (
              <li key={statement}>{statement}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** What advanced retrieval did for this answer (steps and validation), collapsed until opened. */
export function RetrievalDetails({ details }: { details: AdvancedRetrievalSummary }) {
  const { validation } = details;
  return (
    <details className="group" data-testid="retrieval-details">
      <summary className="flex cursor-pointer list-none items-center gap-1 select-none">
        <ListTree className="size-3 shrink-0" aria-hidden />
        How the sources were found (advanced retrieval)
      </summary>
      <div className="mt-1 space-y-1 border-l pl-3">
        <ol className="list-decimal space-y-0.5 pl-4">
          {details.steps.map((step, index) => (
            <li key={`${index}-${step}`}>{step}</li>
          ))}
        </ol>
        {details.expanded_queries.length > 1 ? (
          <p>Searched as: {details.expanded_queries.map((query) => `“${query}”`).join(', ')}</p>
        ) : null}
        <p data-testid="retrieval-validation">
          Validation: {validation.is_valid ? 'relevant matches found' : 'no decent match'} (
          {Math.round(validation.confidence * 100)}%). {details.explanation}
        </p>
        {validation.issues.length > 0 ? <p>Issues: {validation.issues.join('; ')}</p> : null}
        {validation.suggestions.length > 0 ? <p>Suggestions: {validation.suggestions.join('; ')}</p> : null}
      </div>
    </details>
  );
}
