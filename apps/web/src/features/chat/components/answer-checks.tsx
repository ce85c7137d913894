import type { AdvancedRetrievalSummary, AnswerSupport } from '@hearth/contract';
import { CheckCheck, ListTree, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n';

/**
 * "4 of 5 statements found in the sources": the answer-support check. The statements not found are listed in a
 * hover card (also on keyboard focus), as plain text: nothing of the answer is rendered as markup here.
 */
export function AnswerSupportNote({ support }: { support: AnswerSupport }) {
  const { t } = useTranslation('chat');
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
        title={support.method === 'model' ? t('checks.byModel') : t('checks.byOverlap')}
      >
        <Icon className="size-3 shrink-0" aria-hidden />
        {t('checks.support', { count: support.total, supported: support.supported })}
      </p>
      {missing.length > 0 ? (
        <div
          id={id}
          role="tooltip"
          data-testid="unsupported-statements"
          className="invisible absolute bottom-full left-0 z-20 mb-1 w-80 max-w-[80vw] rounded-md border bg-popover p-2 text-popover-foreground shadow-md group-focus-within:visible group-hover:visible"
        >
          <p className="mb-1 font-medium">{t('checks.notFound')}</p>
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
  const { t } = useTranslation('chat');
  const { validation } = details;
  return (
    <details className="group" data-testid="retrieval-details">
      <summary className="flex cursor-pointer list-none items-center gap-1 select-none">
        <ListTree className="size-3 shrink-0" aria-hidden />
        {t('checks.howFound')}
      </summary>
      <div className="mt-1 space-y-1 border-l pl-3">
        <ol className="list-decimal space-y-0.5 pl-4">
          {details.steps.map((step, index) => (
            <li key={`${index}-${step}`}>{step}</li>
          ))}
        </ol>
        {details.expanded_queries.length > 1 ? (
          <p>
            {t('checks.searchedAs', {
              queries: details.expanded_queries.map((query) => t('checks.quoted', { query })).join(', '),
            })}
          </p>
        ) : null}
        <p data-testid="retrieval-validation">
          {t('checks.validation', {
            result: validation.is_valid ? t('checks.relevant') : t('checks.noMatch'),
            percent: formatNumber(Math.round(validation.confidence * 100) / 100, { style: 'percent' }),
            explanation: details.explanation,
          })}
        </p>
        {validation.issues.length > 0 ? <p>{t('checks.issues', { list: validation.issues.join('; ') })}</p> : null}
        {validation.suggestions.length > 0 ? (
          <p>{t('checks.suggestions', { list: validation.suggestions.join('; ') })}</p>
        ) : null}
      </div>
    </details>
  );
}
