import type { AdminUsageDay } from '@hearth/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { linePoints, niceMax, shortDate } from '../lib/chart-scale';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 8, right: 8, bottom: 24, left: 36 };
const SERIES = [
  { key: 'messages', label: 'chart.messages', className: 'stroke-primary', swatch: 'bg-primary' },
  { key: 'uploads', label: 'chart.uploads', className: 'stroke-emerald-500', swatch: 'bg-emerald-500' },
] as const;

/** Two lines in plain SVG; the same figures sit in a visually hidden table for screen readers. */
export function UsageChart({ days }: { days: AdminUsageDay[] }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...days.flatMap((day) => [day.messages, day.uploads])));
  const totals = { messages: sum(days, 'messages'), uploads: sum(days, 'uploads') };
  const first = days[0];
  const last = days.at(-1);
  const empty = totals.messages === 0 && totals.uploads === 0;

  return (
    <figure className="grid gap-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>
          {t('chart.title', { messages: totals.messages, uploads: totals.uploads, days: days.length })}
        </title>
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          {[0, 0.5, 1].map((fraction) => (
            <g key={fraction}>
              <line
                x1={0}
                x2={innerWidth}
                y1={innerHeight * (1 - fraction)}
                y2={innerHeight * (1 - fraction)}
                className="stroke-border"
                strokeDasharray={fraction === 0 ? undefined : '4 4'}
              />
              <text
                x={-6}
                y={innerHeight * (1 - fraction)}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-muted-foreground text-[10px]"
              >
                {Math.round(max * fraction)}
              </text>
            </g>
          ))}
          {SERIES.map((series) => (
            <polyline
              key={series.key}
              points={linePoints(
                days.map((day) => day[series.key]),
                innerWidth,
                innerHeight,
                max,
              )}
              fill="none"
              strokeWidth={2}
              strokeLinejoin="round"
              className={series.className}
            />
          ))}
          {first ? (
            <text x={0} y={innerHeight + 16} className="fill-muted-foreground text-[10px]">
              {shortDate(first.date)}
            </text>
          ) : null}
          {last ? (
            <text x={innerWidth} y={innerHeight + 16} textAnchor="end" className="fill-muted-foreground text-[10px]">
              {shortDate(last.date)}
            </text>
          ) : null}
        </g>
      </svg>
      <figcaption className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
        {SERIES.map((series) => (
          <span key={series.key} className="inline-flex items-center gap-2">
            <span className={`inline-block h-0.5 w-4 ${series.swatch}`} aria-hidden />
            {t('chart.legend', { label: t(series.label), total: totals[series.key] })}
          </span>
        ))}
        {empty ? <span>{t('chart.empty')}</span> : null}
      </figcaption>
      <table className="sr-only">
        <caption>{t('chart.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.date')}</th>
            <th scope="col">{t('chart.messages')}</th>
            <th scope="col">{t('chart.uploads')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.messages}</td>
              <td>{day.uploads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const sum = (days: AdminUsageDay[], key: 'messages' | 'uploads') => days.reduce((total, day) => total + day[key], 0);
