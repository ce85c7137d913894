import type { QualityReport, QualityReportResult } from '@hearth/contract';
import { formatNumber, i18n } from '../../../lib/i18n';

export const percent = (value: number): string => formatNumber(value, { style: 'percent', maximumFractionDigits: 0 });

/** The finished reports, oldest first, as the trend shows them. */
export const trendOf = (reports: readonly QualityReport[]): { at: string; recall: number; mrr: number }[] =>
  reports
    .filter(
      (report): report is QualityReport & { result: QualityReportResult } =>
        report.status === 'done' && !!report.result,
    )
    .map((report) => ({ at: report.created_at, recall: report.result.recall_at_5, mrr: report.result.mrr }))
    .reverse();

/** "+12 points since the previous check" (or null with fewer than two finished reports). */
export function trendChange(trend: readonly { recall: number }[]): string | null {
  if (trend.length < 2) return null;
  const last = trend.at(-1)?.recall ?? 0;
  const before = trend.at(-2)?.recall ?? 0;
  const points = Math.round((last - before) * 100);
  if (points === 0) return i18n.t('knowledge:quality.noChange');
  return i18n.t('knowledge:quality.change', { sign: points > 0 ? '+' : '−', points: Math.abs(points) });
}

/** The points of a small line chart (0-1 values) in a width × height box. */
export function sparkline(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((value, index) => `${Math.round(index * step * 10) / 10},${Math.round((1 - value) * height * 10) / 10}`)
    .join(' ');
}

/** "12 of 40 probe questions" while a report runs. */
export const progressText = (report: QualityReport): string =>
  report.progress.total > 0
    ? i18n.t('knowledge:quality.progress', { done: report.progress.done, total: report.progress.total })
    : i18n.t('knowledge:quality.preparing');
