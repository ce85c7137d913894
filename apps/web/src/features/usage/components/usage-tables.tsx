import type { UsageByModel, UsageDay, UsageFigures } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/format';

const cellClass = 'px-2 py-1 text-right tabular-nums';

/** Requests and tokens in three figures, with a note when some were estimated. */
export function UsageTotals({ totals }: { totals: UsageFigures }) {
  const { t } = useTranslation('usage');
  const figures = [
    { label: t('columns.requests'), value: totals.requests },
    { label: t('columns.promptTokens'), value: totals.prompt_tokens },
    { label: t('columns.completionTokens'), value: totals.completion_tokens },
  ];
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatCount(figure.value)}</dd>
          </div>
        ))}
      </dl>
      {totals.estimated_requests > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t('estimated', { value: formatCount(totals.estimated_requests) })}
        </p>
      ) : null}
    </div>
  );
}

/** Rows of named figures (models or users), widest first, in a table that scrolls on a narrow screen. */
export function FiguresTable({
  caption,
  nameHeader,
  rows,
}: {
  caption: string;
  nameHeader: string;
  rows: { key: string; name: string; figures: UsageFigures }[];
}) {
  const { t } = useTranslation('usage');
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('empty')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium">
              {nameHeader}
            </th>
            <th scope="col" className={cellClass}>
              {t('columns.requests')}
            </th>
            <th scope="col" className={cellClass}>
              {t('columns.promptTokens')}
            </th>
            <th scope="col" className={cellClass}>
              {t('columns.completionTokens')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t">
              <th scope="row" className="max-w-48 px-2 py-1 text-left font-normal break-all">
                {row.name}
              </th>
              <td className={cellClass}>{formatCount(row.figures.requests)}</td>
              <td className={cellClass}>{formatCount(row.figures.prompt_tokens)}</td>
              <td className={cellClass}>{formatCount(row.figures.completion_tokens)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const modelRows = (models: UsageByModel[]) =>
  models.map((item) => ({ key: item.model, name: item.model, figures: item }));

/** Tokens per day as bars (the table of figures is what screen readers get). */
export function UsageTrend({ days }: { days: UsageDay[] }) {
  const { t } = useTranslation('usage');
  const tokens = (day: UsageDay) => day.prompt_tokens + day.completion_tokens;
  const top = Math.max(1, ...days.map(tokens));
  return (
    <ol className="grid gap-1" aria-label={t('trend.label')}>
      {days.map((day) => (
        <li key={day.date} className="grid grid-cols-[6rem_1fr_auto] items-center gap-2 text-xs">
          <span className="text-muted-foreground tabular-nums">{day.date}</span>
          <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
            <span className="block h-full rounded-full bg-primary" style={{ width: `${(tokens(day) / top) * 100}%` }} />
          </span>
          <span className="tabular-nums">
            {t('trend.day', { tokens: formatCount(tokens(day)), requests: formatCount(day.requests) })}
          </span>
        </li>
      ))}
    </ol>
  );
}
