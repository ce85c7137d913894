import type { AuditLogList, QualityReport, QualityReportList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../../test/test-server';
import { createCollection, uploadDocument, waitForDocument } from '../knowledge-test-helpers';

const LEAVE =
  '# Leave policy\n\nEmployees receive twenty-five days of annual leave per year.\n\n' +
  '## Carry over\n\nUnused leave days may be carried into the first quarter of the following year.';
const TRAVEL =
  'Travel expenses are reimbursed within thirty days of the claim. Receipts must be scanned and attached. ' +
  'Economy class is the default for flights shorter than six hours.';

describe(`collection retrieval quality reports (${testDb})`, () => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;
  let collection: string;
  let failed: string;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'quality');
    stranger = await createUser(server, 'quality-other');
    collection = (await createCollection(server, owner, 'Handbook')).id;
    const upload = async (name: string, text: string) => {
      const uploaded = await uploadDocument(server, owner.token, collection, name, text);
      return (await waitForDocument(server, owner.token, uploaded.body.id)).id;
    };
    await upload('leave.md', LEAVE);
    await upload('travel.txt', TRAVEL);
    // The same text in another file (the same file twice is refused at upload).
    await upload('travel-copy.md', `${TRAVEL}\n`);
    failed = await upload('broken.pdf', 'not a pdf at all');
  });
  afterAll(() => server.close());

  const path = (id: string) => `/api/knowledge/collections/${id}/quality-reports`;
  const start = (token = owner.token, id = collection) =>
    server.request<QualityReport>(path(id), { method: 'POST', token, body: {} });
  const list = async () => (await server.request<QualityReportList>(path(collection), { token: owner.token })).body;
  const finished = async (id: string): Promise<QualityReport> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const report = (await list()).reports.find((item) => item.id === id);
      if (report && report.status !== 'running') return report;
      if (Date.now() > deadline) throw new Error(`report ${id} still running`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('probes the collection with questions from its own passages and reports recall, MRR and problems', async () => {
    const started = await start();
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ collection_id: collection, status: 'running', result: null });
    const report = await finished(started.body.id);
    expect(report.status).toBe('done');
    expect(report.finished_at).not.toBeNull();
    expect(report.progress.done).toBe(report.progress.total);
    const result = report.result;
    expect(result?.method).toBe('offline');
    expect(result?.search).toBe('lexical');
    expect(result?.documents).toBe(4);
    expect(result?.probes).toBeGreaterThanOrEqual(3);
    expect(result?.probes).toBe(report.progress.total);
    // Lexical search finds each passage from its own distinctive words; the two copies of travel share a rank.
    expect(result?.recall_at_5).toBeGreaterThanOrEqual(0.75);
    expect(result?.mrr).toBeGreaterThan(0.5);
    expect(result?.failed_extractions).toEqual([
      expect.objectContaining({ document_id: failed, file_name: 'broken.pdf' }),
    ]);
    expect(result?.duplicate_documents.map((group) => group.map((doc) => doc.file_name).sort())).toEqual([
      ['travel-copy.md', 'travel.txt'],
    ]);
    expect(result?.duplicate_passages).toBe(1);
    expect(result?.samples[0]?.question).toMatch(/\?$/);
  });

  it('keeps a history, newest first', async () => {
    const second = await start();
    await finished(second.body.id);
    const reports = (await list()).reports;
    expect(reports).toHaveLength(2);
    expect(reports[0]?.id).toBe(second.body.id);
    expect(reports.every((report) => report.status === 'done')).toBe(true);
    // The same collection measured the same way gives the same figures: a change in the trend means a change.
    expect(reports[0]?.result?.recall_at_5).toBe(reports[1]?.result?.recall_at_5);
  });

  it('answers the running report to a second press instead of starting another', async () => {
    // A report caught mid-run (they finish in well under a second here).
    const running = { id: 'running-report', status: 'running' as const };
    await server.app.db.kysely
      .insertInto('knowledge_quality_reports')
      .values({
        ...running,
        user_id: owner.id,
        collection_id: collection,
        progress_done: 3,
        progress_total: 8,
        result: null,
        error: null,
        created_at: new Date().toISOString(),
        finished_at: null,
      })
      .execute();
    const again = await start();
    expect(again.body).toMatchObject({ id: running.id, status: 'running', progress: { done: 3, total: 8 } });
    expect((await list()).reports).toHaveLength(3);
    await server.app.db.kysely.deleteFrom('knowledge_quality_reports').where('id', '=', running.id).execute();

    // One running report per collection is the database's rule too (a press racing another loses to it).
    const row = (id: string) => ({
      id,
      user_id: owner.id,
      collection_id: collection,
      status: 'running' as const,
      progress_done: 0,
      progress_total: 0,
      result: null,
      error: null,
      created_at: new Date().toISOString(),
      finished_at: null,
    });
    const db = server.app.db.kysely;
    await db.insertInto('knowledge_quality_reports').values(row('racer-1')).execute();
    await expect(db.insertInto('knowledge_quality_reports').values(row('racer-2')).execute()).rejects.toThrow();
    await db.deleteFrom('knowledge_quality_reports').where('id', '=', 'racer-1').execute();
  });

  it('is owner-only and audited', async () => {
    expect((await start(stranger.token)).status).toBe(404);
    expect((await server.request(path(collection), { token: stranger.token })).status).toBe(404);
    const theirs = await createCollection(server, stranger, 'Theirs');
    expect((await start(owner.token, theirs.id)).status).toBe(404);

    const log = await server.request<AuditLogList>('/api/audit-logs', { token: owner.token });
    const entries = log.body.entries.filter((entry) => entry.resource_type === 'collection_quality_report');
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries[0]).toMatchObject({ action: 'CREATE', actor_id: owner.id });
    expect(entries[0]?.details).toMatchObject({ collection_id: collection });
  });

  it('goes with its collection', async () => {
    await server.request(`/api/knowledge/collections/${collection}`, { method: 'DELETE', token: owner.token });
    const left = await server.app.db.kysely
      .selectFrom('knowledge_quality_reports')
      .select('id')
      .where('collection_id', '=', collection)
      .execute();
    expect(left).toEqual([]);
  });
});
