import path from 'node:path';
import { type DetectDocChangesBody, type DetectDocChangesResult, type DocChange, parseDocPage } from '@hearth/contract';
import { AppError } from '../../../http/errors';
import { newId, nowIso } from '../../../lib/crypto';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../../audit';
import type { ShippedDocs } from '../shipped-docs';
import { type Classification, classify, isIgnored } from './classify';
import type { DocChangeRepository, DocChangeRow } from './doc-change.repository';
import {
  changedFiles,
  diffExcerpt,
  EMPTY_TREE,
  fileStart,
  GitError,
  type RawChange,
  resolveCommit,
} from './git-changes';
import type { MaintenanceSettingsService } from './maintenance-settings.service';
import { toDocChange } from './maintenance-mappers';

/** The most changed files one detection records (the most important first); the rest are counted as skipped. */
export const DETECT_FILE_LIMIT = 500;
const EXCERPT_CONCURRENCY = 8;
const IMPACT_RANK = { critical: 0, high: 1, medium: 2, low: 3 } as const;

type Classified = RawChange & Classification;

/** Detects the files changed in the git working tree since the last processed commit and records them. */
export class DocChangeService {
  constructor(
    private readonly changes: DocChangeRepository,
    private readonly settings: MaintenanceSettingsService,
    private readonly shipped: ShippedDocs,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<DocChange[]> {
    return (await this.changes.list()).map(toDocChange);
  }

  async detect(body: DetectDocChangesBody, context: AuditContext): Promise<DetectDocChangesResult> {
    try {
      return await this.run(body, context);
    } catch (error) {
      if (error instanceof GitError) {
        if (error.kind === 'failed') throw AppError.badRequest(error.message);
        throw new AppError('service_unavailable', 503, error.message);
      }
      throw error;
    }
  }

  private async run(body: DetectDocChangesBody, context: AuditContext): Promise<DetectDocChangesResult> {
    const settings = await this.settings.stored();
    const repo = await this.settings.requireRepo(settings);
    const head = await resolveCommit(repo, 'HEAD');
    if (!head) throw AppError.badRequest('The repository has no commits yet.');
    const base = await this.baseCommit(repo, body.since, settings.lastProcessedCommit);

    const raw = base === head ? [] : await changedFiles(repo, base ?? EMPTY_TREE, head);
    const classified = await this.classifyAll(repo, base, head, raw);
    const kept = classified
      .filter((change) => !isIgnored(change))
      .sort((a, b) => IMPACT_RANK[a.impact] - IMPACT_RANK[b.impact] || a.filePath.localeCompare(b.filePath));
    const recorded = kept.slice(0, DETECT_FILE_LIMIT);
    const excerpts = await mapLimited(recorded, EXCERPT_CONCURRENCY, (change) =>
      diffExcerpt(repo, base ?? EMPTY_TREE, head, change),
    );
    const now = nowIso();
    const rows: DocChangeRow[] = recorded.map((change, index) => ({
      id: newId(),
      file_type: change.fileType,
      file_path: change.filePath,
      previous_path: change.previousPath,
      change_type: change.changeType,
      impact: change.impact,
      affected_docs: JSON.stringify(change.affectedDocs),
      lines_changed: change.linesChanged,
      diff_excerpt: excerpts[index] ?? '',
      commit_sha: head,
      processed: 0,
      created_at: now,
    }));
    const ignored = classified.length - kept.length;
    const skipped = kept.length - recorded.length;
    // Read before the transaction: on SQLite a read outside it would wait for it to end.
    const latest = await this.settings.stored();
    const stored = await this.uow.run(async (tx) => {
      const inserted = await this.changes.insertMany(tx, rows);
      await this.settings.store(tx, { ...latest, lastProcessedCommit: head });
      await this.audit.record(
        tx,
        {
          userId: context.actorId,
          action: 'CREATE',
          resourceType: 'doc_change',
          resourceId: head,
          details: { repo, baseCommit: base, headCommit: head, recorded: inserted.length, ignored, skipped },
        },
        context,
      );
      return inserted;
    });
    return { baseCommit: base, headCommit: head, changes: stored.map(toDocChange), ignored, skipped };
  }

  /** `since` when given, else the last processed commit, else null (the whole history). */
  private async baseCommit(repo: string, since: string | undefined, last: string | null): Promise<string | null> {
    if (since) {
      const commit = await resolveCommit(repo, since);
      if (!commit) throw AppError.badRequest(`No commit ${since} in the repository.`);
      return commit;
    }
    if (!last) return null;
    const commit = await resolveCommit(repo, last);
    if (!commit) {
      throw AppError.badRequest(
        `The last processed commit ${last.slice(0, 12)} is no longer in the repository (was its history rewritten?). ` +
          'Detect again from a commit of your choice.',
      );
    }
    return commit;
  }

  private async classifyAll(repo: string, base: string | null, head: string, raw: RawChange[]): Promise<Classified[]> {
    const contentDir = this.shipped.dir ? path.relative(repo, this.shipped.dir).split(path.sep).join('/') : null;
    const docsContentDir =
      contentDir && !contentDir.startsWith('..') && !path.isAbsolute(contentDir) ? contentDir : null;
    const knownPages = new Set(this.shipped.list().map((page) => page.path));
    const pagePaths = await mapLimited(raw, EXCERPT_CONCURRENCY, async (change) => {
      if (!/\.mdx?$/i.test(change.filePath)) return null;
      // A deleted page is read where it still was; others where they are now.
      const commit = change.changeType === 'deleted' ? base : head;
      const source = commit ? await fileStart(repo, commit, change.filePath) : null;
      return pageOf(source, change.filePath) ?? this.shippedPageOf(change.filePath, docsContentDir);
    });
    return raw.map((change, index) => ({
      ...change,
      ...classify({ filePath: change.filePath, docsContentDir, knownPages, docPagePath: pagePaths[index] ?? null }),
    }));
  }

  private shippedPageOf(filePath: string, docsContentDir: string | null): string | null {
    if (!docsContentDir || !filePath.startsWith(`${docsContentDir}/`)) return null;
    return this.shipped.byFile(filePath.slice(docsContentDir.length + 1))?.path ?? null;
  }
}

function pageOf(source: string | null, filePath: string): string | null {
  if (source === null) return null;
  try {
    return parseDocPage(source, filePath).path;
  } catch {
    return null;
  }
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
