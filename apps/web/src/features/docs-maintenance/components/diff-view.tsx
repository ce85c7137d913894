import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { DiffLine, LineDiff, SideBySideRow } from '../../../lib/line-diff';
import { toSideBySide } from '../../../lib/line-diff';

const CELL = { removed: 'bg-red-500/15', added: 'bg-green-500/15', equal: '' } as const;
const MARK = { removed: '-', added: '+', equal: ' ' } as const;
/** What a screen reader says before a changed line (keys of the docsMaintenance namespace). */
const SPOKEN = { removed: 'diff.spokenRemoved', added: 'diff.spokenAdded', equal: null } as const;

/**
 * Current text on the left, suggested on the right; removed lines red, added green, each also marked -/+ and named
 * for screen readers. The table scrolls in a focusable region; Previous/Next change jump between changed runs.
 */
export function DiffView({ diff }: { diff: LineDiff }) {
  const { t } = useTranslation('docsMaintenance');
  const rows = toSideBySide(diff.lines);
  const starts = rows.flatMap((row, index) => (row.changeStart ? [index] : []));
  // The first change is where a reviewer starts: it is selected and scrolled to when the diff opens.
  const [position, setPosition] = useState(starts.length > 0 ? 0 : -1);
  const container = useRef<HTMLDivElement>(null);
  const firstChange = starts[0] ?? null;

  const scrollToRow = (index: number | undefined) =>
    container.current?.querySelector(`[data-row="${index ?? 0}"]`)?.scrollIntoView?.({ block: 'center' });

  useEffect(() => {
    if (firstChange !== null) scrollToRow(firstChange);
  }, [firstChange]);

  function jump(step: 1 | -1) {
    if (starts.length === 0) return;
    const next = (position + step + starts.length) % starts.length;
    setPosition(next);
    scrollToRow(starts[next]);
  }

  return (
    <div className="grid min-h-0 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <p>
          <Trans
            t={t}
            i18nKey="diff.lines"
            values={{ added: diff.added, removed: diff.removed }}
            components={{
              added: <span className="text-green-700 dark:text-green-400" />,
              removed: <span className="text-red-700 dark:text-red-400" />,
            }}
          />
          {diff.exact ? '' : ` ${t('diff.inexact')}`}
        </p>
        <div className="flex items-center gap-2">
          <span aria-live="polite">
            {starts.length === 0
              ? t('diff.noChanges')
              : t('diff.position', { position: position + 1, total: starts.length })}
          </span>
          <Button variant="outline" size="sm" onClick={() => jump(-1)} disabled={starts.length === 0}>
            {t('diff.previous')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => jump(1)} disabled={starts.length === 0}>
            {t('diff.next')}
          </Button>
        </div>
      </div>
      <div
        ref={container}
        role="region"
        aria-label={t('diff.label')}
        tabIndex={0}
        className="max-h-[60vh] overflow-auto rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <table className="w-full table-fixed border-collapse font-mono text-xs">
          <colgroup>
            <col className="w-10" />
            <col />
            <col className="w-10" />
            <col />
          </colgroup>
          <thead className="sticky top-0 bg-muted text-left font-sans text-muted-foreground">
            <tr>
              <th scope="col" colSpan={2} className="px-2 py-1 font-medium">
                {t('diff.current')}
              </th>
              <th scope="col" colSpan={2} className="border-l px-2 py-1 font-medium">
                {t('diff.suggested')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <Row key={index} row={row} index={index} current={starts[position] === index} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Row({ row, index, current }: { row: SideBySideRow; index: number; current: boolean }) {
  return (
    <tr data-row={index} className={cn('align-top', current && 'outline-2 -outline-offset-2 outline-ring')}>
      <Side line={row.left} number={row.left?.oldNumber ?? null} />
      <Side line={row.right} number={row.right?.newNumber ?? null} divider />
    </tr>
  );
}

function Side({ line, number, divider = false }: { line: DiffLine | null; number: number | null; divider?: boolean }) {
  const { t } = useTranslation('docsMaintenance');
  const kind = line?.kind ?? 'equal';
  const spoken = SPOKEN[kind];
  return (
    <>
      <td
        className={cn('px-2 text-right text-muted-foreground select-none', divider && 'border-l', CELL[kind])}
        aria-hidden
      >
        {number ?? ''}
      </td>
      <td className={cn('px-2 break-words whitespace-pre-wrap', CELL[kind], !line && 'bg-muted/40')}>
        {line ? (
          <>
            <span aria-hidden className="mr-1 text-muted-foreground select-none">
              {MARK[kind]}
            </span>
            {spoken ? <span className="sr-only">{t(spoken)}</span> : null}
            {line.text}
          </>
        ) : null}
      </td>
    </>
  );
}
