import {
  type DocPageDetail,
  type DocPageOverride,
  type DocPageRevision,
  type DocPageRevisionSource,
  type DocPageSummary,
  type DocRevisionKind,
  parseDocPage,
  type RevertDocPageBody,
  type SaveDocPageBody,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import { newId, nowIso } from '../../lib/crypto';
import { isUniqueViolation, type Tx, type UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { DocPageRepository, DocPageRevisionListRow } from './doc-page.repository';
import type { ShippedDocPage, ShippedDocs } from './shipped-docs';

export const PAGE_CHANGED_MESSAGE = 'This page was changed by someone else. Reload to see their version.';
const REVISIONS_SHOWN = 200;

export interface SaveRevisionInput {
  path: string;
  source: string;
  kind: DocRevisionKind;
  userId: string | null;
  /** The revision the writer started from; null saves over whatever is current. */
  baseRevision: number | null;
  restoredRevision?: number | null;
}

/** A page's current text: the last saved revision, or the shipped file (revision 0). */
export interface CurrentDocPage {
  source: string;
  revision: number;
}

/** Documentation pages: the shipped Markdown, what admins saved in the app, history and revert. */
export class DocPageService {
  constructor(
    private readonly shipped: ShippedDocs,
    private readonly pages: DocPageRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  /** What the public docs site shows instead of the shipped text. */
  async overrides(): Promise<DocPageOverride[]> {
    return (await this.pages.listCurrent()).map((row) => ({
      path: row.path,
      source: row.source,
      revision: row.revision,
      updatedAt: row.updated_at,
    }));
  }

  async list(): Promise<DocPageSummary[]> {
    const saved = new Map((await this.pages.listCurrent()).map((row) => [row.path, row]));
    return this.shipped.list().map((page) => {
      const row = saved.get(page.path);
      return {
        path: page.path,
        title: row ? titleOf(row.source, page.title) : page.title,
        edited: Boolean(row),
        revision: row?.revision ?? 0,
        updatedAt: row?.updated_at ?? null,
      };
    });
  }

  async detail(path: string): Promise<DocPageDetail> {
    const page = this.page(path);
    const current = await this.current(path);
    const revisions = (await this.pages.revisions(path, REVISIONS_SHOWN)).map(toRevision);
    return {
      path,
      title: titleOf(current.source, page.title),
      source: current.source,
      shippedSource: page.source,
      revision: current.revision,
      revisions,
    };
  }

  async current(path: string, tx?: Tx): Promise<CurrentDocPage> {
    const page = this.page(path);
    const row = await this.pages.find(path, tx);
    return row ? { source: row.source, revision: row.revision } : { source: page.source, revision: 0 };
  }

  async revisionSource(path: string, revision: number): Promise<DocPageRevisionSource> {
    const page = this.page(path);
    const source = revision === 0 ? page.source : await this.pages.revisionSource(path, revision);
    if (source === undefined) throw AppError.notFound('Revision');
    return { path, revision, source };
  }

  async save(body: SaveDocPageBody, context: AuditContext): Promise<DocPageDetail> {
    this.page(body.path);
    checkSource(body.source, body.path);
    await this.uow.run(async (tx) => {
      const revision = await this.saveRevision(tx, {
        ...body,
        kind: 'edit',
        userId: context.actorId,
      });
      if (revision === null) return;
      const details = { path: body.path, revision, kind: 'edit' };
      await this.audit.record(tx, event(context, body.path, details), context);
    });
    return await this.detail(body.path);
  }

  async revert(body: RevertDocPageBody, context: AuditContext): Promise<DocPageDetail> {
    const { source } = await this.revisionSource(body.path, body.revision);
    await this.uow.run(async (tx) => {
      const revision = await this.saveRevision(tx, {
        path: body.path,
        source,
        kind: 'revert',
        userId: context.actorId,
        baseRevision: null,
        restoredRevision: body.revision,
      });
      if (revision === null) return;
      const details = { path: body.path, revision, kind: 'revert', restoredRevision: body.revision };
      await this.audit.record(tx, event(context, body.path, details), context);
    });
    return await this.detail(body.path);
  }

  /**
   * Makes `source` the page's current text as a new revision, inside the caller's transaction. Returns the new
   * revision, or null when the text is already current. 409 when baseRevision is not the current revision.
   */
  async saveRevision(tx: Tx, input: SaveRevisionInput): Promise<number | null> {
    const current = await this.current(input.path, tx);
    if (input.baseRevision !== null && input.baseRevision !== current.revision) {
      throw AppError.conflict(PAGE_CHANGED_MESSAGE);
    }
    if (current.source === input.source) return null;
    const revision = current.revision + 1;
    try {
      await this.pages.insertRevision(
        {
          id: newId(),
          path: input.path,
          revision,
          kind: input.kind,
          restored_revision: input.restoredRevision ?? null,
          source: input.source,
          created_by: input.userId,
          created_at: nowIso(),
        },
        tx,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(PAGE_CHANGED_MESSAGE);
      throw error;
    }
    return revision;
  }

  private page(path: string): ShippedDocPage {
    const page = this.shipped.get(path);
    if (!page) throw AppError.notFound('Page');
    return page;
  }
}

/** A saved page must stay a page at the same address. */
export function checkSource(source: string, path: string): void {
  let parsedPath: string;
  try {
    parsedPath = parseDocPage(source, path).path;
  } catch {
    throw AppError.badRequest('The page must start with front matter: ---, title: ..., path: ..., ---');
  }
  if (parsedPath !== path) throw AppError.badRequest(`The front matter must keep path: ${path}`);
}

function titleOf(source: string, fallback: string): string {
  try {
    return parseDocPage(source, 'saved').title;
  } catch {
    return fallback;
  }
}

function toRevision(row: DocPageRevisionListRow): DocPageRevision {
  return {
    id: row.id,
    revision: row.revision,
    kind: row.kind,
    restoredRevision: row.restored_revision,
    createdAt: row.created_at,
    createdBy: row.created_by ? { id: row.created_by, name: row.author_name || row.author_email || 'Unknown' } : null,
  };
}

const event = (context: AuditContext, path: string, details: Record<string, unknown>) => ({
  userId: context.actorId,
  action: 'UPDATE' as const,
  resourceType: 'doc_page',
  resourceId: path,
  details,
});
