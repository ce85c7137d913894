import type { QualityReport } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { progressText, sparkline, trendChange, trendOf } from './quality';

const report = (id: string, recall: number | null, status: QualityReport['status'] = 'done'): QualityReport => ({
  id,
  collection_id: 'c',
  status,
  progress: { done: 3, total: 10 },
  result:
    recall === null
      ? null
      : {
          method: 'offline',
          probes: 10,
          recall_at_5: recall,
          mrr: recall / 2,
          documents: 2,
          never_surfaced: [],
          failed_extractions: [],
          empty_extractions: [],
          duplicate_documents: [],
          duplicate_passages: 0,
          samples: [],
          search: 'lexical',
        },
  error: null,
  created_at: `2026-11-2${id}T00:00:00Z`,
  finished_at: null,
});

describe('quality report trend', () => {
  it('keeps finished reports, oldest first, and says how recall moved', () => {
    const trend = trendOf([report('3', null, 'running'), report('2', 0.8), report('1', 0.6)]);
    expect(trend.map((point) => point.recall)).toEqual([0.6, 0.8]);
    expect(trendChange(trend)).toBe('+20 points since the previous check');
    expect(trendChange([{ recall: 0.5 }, { recall: 0.5 }])).toBe('No change since the previous check');
    expect(trendChange([{ recall: 0.5 }])).toBeNull();
  });

  it('draws the points across the box, 1 at the top', () => {
    expect(sparkline([0, 1], 100, 20)).toBe('0,20 100,0');
    expect(sparkline([0.5], 100, 20)).toBe('0,10');
  });

  it('counts probe questions while running', () => {
    expect(progressText(report('1', null, 'running'))).toBe('3 of 10 probe questions');
  });
});
