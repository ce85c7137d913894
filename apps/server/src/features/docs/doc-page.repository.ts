import type { Kysely, Selectable } from 'kysely';
import type { Database, DocPageRevisionsTable, DocPagesTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

export type DocPageRow = Selectable<DocPagesTable>;
export type DocPageRevisionRow = Selectable<DocPageRevisionsTable>;
export type DocPageRevisionListRow = Omit<DocPageRevisionRow, 'source'> & {
  author_name: string | null;
  author_email: string | null;
};

/** Pages saved in the app (one current row each) and their revisions. Instance-wide: not owner-scoped. */
export class DocPageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listCurrent(): Promise<DocPageRow[]> {
    return await this.db.selectFrom('doc_pages').selectAll().orderBy('path').execute();
  }

  async find(path: string, tx?: Tx): Promise<DocPageRow | undefined> {
    return await executor(tx, this.db).selectFrom('doc_pages').selectAll().where('path', '=', path).executeTakeFirst();
  }

  /**
   * Adds a revision and makes it current. The (path, revision) key refuses a second writer of the same revision,
   * so two replicas saving at once cannot both win.
   */
  async insertRevision(row: DocPageRevisionRow, tx?: Tx): Promise<void> {
    const db = executor(tx, this.db);
    await db.insertInto('doc_page_revisions').values(row).execute();
    const current = {
      source: row.source,
      revision: row.revision,
      updated_by: row.created_by,
      updated_at: row.created_at,
    };
    await db
      .insertInto('doc_pages')
      .values({ path: row.path, ...current })
      .onConflict((oc) => oc.column('path').doUpdateSet(current))
      .execute();
  }

  /** Newest first, with the author's name, without the sources. */
  async revisions(path: string, limit: number): Promise<DocPageRevisionListRow[]> {
    return await this.db
      .selectFrom('doc_page_revisions')
      .leftJoin('profiles', 'profiles.id', 'doc_page_revisions.created_by')
      .select([
        'doc_page_revisions.id',
        'doc_page_revisions.path',
        'doc_page_revisions.revision',
        'doc_page_revisions.kind',
        'doc_page_revisions.restored_revision',
        'doc_page_revisions.created_by',
        'doc_page_revisions.created_at',
        'profiles.full_name as author_name',
        'profiles.email as author_email',
      ])
      .where('doc_page_revisions.path', '=', path)
      .orderBy('doc_page_revisions.revision', 'desc')
      .limit(limit)
      .execute();
  }

  async revisionSource(path: string, revision: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('doc_page_revisions')
      .select('source')
      .where('path', '=', path)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return row?.source;
  }
}
