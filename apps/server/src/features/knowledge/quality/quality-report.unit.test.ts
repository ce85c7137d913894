import type { KnowledgeSearchResult } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { duplicatePassages, measure, rankOf } from './quality-measure';
import { offlineQuestion, pickPassages, rarity } from './quality-probes';
import type { QualityChunkRow, QualityDocumentRow } from './quality-report.repository';

const chunk = (document: string, ordinal: number, text: string, heading: string | null = null): QualityChunkRow => ({
  id: `${document}-${ordinal}`,
  document_id: document,
  ordinal,
  text,
  heading_path: heading,
});

const result = (document: string, chunkId: string): KnowledgeSearchResult => ({
  document_id: document,
  collection_id: 'c',
  file_name: `${document}.txt`,
  collection_name: 'C',
  relevance_score: 0.5,
  snippets: [{ text: '…', highlights: [], page: null, heading_path: null, chunk_id: chunkId }],
  page: null,
  chunk_id: chunkId,
});

describe('quality probes', () => {
  it('spreads the probes over every document, evenly through each', () => {
    const long = Array.from({ length: 30 }, (_, i) =>
      chunk('long', i, `Section ${i} lists warehouse inventory counts.`),
    );
    const short = [chunk('short', 0, 'Holiday requests need approval from the team lead.')];
    const picked = pickPassages([...long, ...short], 6);
    expect(picked.filter((row) => row.document_id === 'short')).toHaveLength(1);
    expect(picked.filter((row) => row.document_id === 'long').map((row) => row.ordinal)).toEqual([0, 6, 12, 18, 24]);
    expect(pickPassages([chunk('a', 0, 'Page 3')], 5)).toEqual([]);
  });

  it('asks with the heading and the rarest words of the key sentence', () => {
    const rows = [
      chunk(
        'a',
        0,
        'The office opens at nine. Employees accrue vacation days monthly under the holiday policy.',
        'Handbook > Holidays',
      ),
      chunk('b', 1, 'The office kitchen is cleaned on Fridays.'),
    ];
    const question = offlineQuestion(rows[0] as QualityChunkRow, rarity(rows));
    expect(question.startsWith('Holidays: ')).toBe(true);
    expect(question).toContain('vacation');
    expect(question).toContain('accrue');
    expect(question).not.toContain('office');
    expect(question.endsWith('?')).toBe(true);
  });
});

describe('quality figures', () => {
  it('ranks a probe by the document whose best passages hold its passage', () => {
    const probe = { question: 'q', chunkId: 'a-2', documentId: 'a' };
    expect(rankOf(probe, [result('b', 'b-0'), result('a', 'a-2')])).toBe(2);
    expect(rankOf(probe, [result('a', 'a-1')])).toBeNull();
  });

  it('counts passages repeated word for word across documents, not short boilerplate', () => {
    const text = 'This paragraph appears in two documents with exactly the same wording.';
    expect(
      duplicatePassages([chunk('a', 0, text), chunk('b', 0, `  ${text.toUpperCase()} `), chunk('a', 1, text)]),
    ).toBe(1);
    expect(duplicatePassages([chunk('a', 0, 'Page 1'), chunk('b', 0, 'Page 1')])).toBe(0);
  });

  it('works out recall@5, MRR, never-surfacing documents, extraction problems and same-text documents', async () => {
    const documents: QualityDocumentRow[] = [
      { id: 'a', file_name: 'a.txt', status: 'ready', error: null, chunks: 2 },
      { id: 'b', file_name: 'b.txt', status: 'ready', error: null, chunks: 1 },
      { id: 'c', file_name: 'c.txt', status: 'ready', error: null, chunks: 0 },
      { id: 'd', file_name: 'd.pdf', status: 'failed', error: 'broken', chunks: 0 },
    ];
    const probes = [
      { question: 'first', chunkId: 'a-0', documentId: 'a' },
      { question: 'second', chunkId: 'a-1', documentId: 'a' },
      { question: 'third', chunkId: 'b-0', documentId: 'b' },
    ];
    const answers: Record<string, KnowledgeSearchResult[]> = {
      first: [result('a', 'a-0')],
      second: [result('a', 'a-0'), result('a', 'a-1')],
      third: [result('a', 'a-0')],
    };
    const progress: number[] = [];
    const measured = await measure({
      documents,
      chunks: [chunk('a', 0, 'Alpha'), chunk('b', 0, ' alpha ')],
      probes,
      search: async (question) => answers[question] ?? [],
      onProgress: async (done) => void progress.push(done),
      signal: new AbortController().signal,
    });
    expect(progress).toEqual([1, 2, 3]);
    expect(measured).toMatchObject({
      probes: 3,
      recall_at_5: 0.667,
      mrr: 0.5,
      documents: 4,
      never_surfaced: [{ document_id: 'b', file_name: 'b.txt' }],
      failed_extractions: [{ document_id: 'd', file_name: 'd.pdf', error: 'broken' }],
      empty_extractions: [{ document_id: 'c', file_name: 'c.txt' }],
      duplicate_documents: [
        [
          { document_id: 'a', file_name: 'a.txt' },
          { document_id: 'b', file_name: 'b.txt' },
        ],
      ],
    });
    expect(measured.samples[2]).toEqual({ question: 'third', file_name: 'b.txt', rank: null });
  });
});
