import { z } from 'zod';

/**
 * Documentation pages: the Markdown files that ship with the app (apps/web/src/features/docs/content), and the
 * versions admins saved in the app (stored with every revision, revertible). The docs site shows the current one.
 */

/** A documentation page kept as Markdown: `---` front matter (title, path, description) then the body. */
export interface DocPage {
  title: string;
  /** The URL of the page, e.g. `/docs/getting-started`. */
  path: string;
  description: string;
  body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Parses `key: value` front matter; throws when title or path is missing so a broken page fails the build's tests. */
export function parseDocPage(source: string, file: string): DocPage {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${file}: missing front matter`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator <= 0) continue;
    const value = line.slice(separator + 1).trim();
    // YAML-style quotes are allowed around a value (titles with a colon).
    fields.set(line.slice(0, separator).trim(), value.replace(/^(["'])(.*)\1$/, '$2'));
  }
  const title = fields.get('title');
  const path = fields.get('path');
  if (!title || !path?.startsWith('/docs')) throw new Error(`${file}: front matter needs a title and a /docs path`);
  return { title, path, description: fields.get('description') ?? '', body: source.slice(match[0].length) };
}

/** The largest page source accepted (bytes of UTF-16 text, roughly). */
export const DOC_PAGE_SOURCE_MAX = 200_000;

export const DocPagePath = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/docs(\/[a-z0-9][a-z0-9-]*)*$/, { message: 'Not a documentation page path' });

export const DocPagePathQuery = z.object({ path: DocPagePath });
export type DocPagePathQuery = z.infer<typeof DocPagePathQuery>;

/** How a revision came to be: an admin's edit, a revert to an older revision, or an applied documentation update. */
export const DocRevisionKind = z.enum(['edit', 'revert', 'doc_update']);
export type DocRevisionKind = z.infer<typeof DocRevisionKind>;

/** A page's current saved source, as the public docs site reads it (pages never saved are not listed). */
export const DocPageOverride = z
  .object({ path: z.string(), source: z.string(), revision: z.number().int(), updatedAt: z.string() })
  .meta({ id: 'DocPageOverride' });
export type DocPageOverride = z.infer<typeof DocPageOverride>;

export const DocPageOverrideList = z.object({ pages: z.array(DocPageOverride) });
export type DocPageOverrideList = z.infer<typeof DocPageOverrideList>;

/** A page in the admin list: every shipped page, edited or not. Revision 0 is the shipped text. */
export const DocPageSummary = z.object({
  path: z.string(),
  title: z.string(),
  edited: z.boolean(),
  revision: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type DocPageSummary = z.infer<typeof DocPageSummary>;

export const DocPageSummaryList = z.object({ pages: z.array(DocPageSummary) });
export type DocPageSummaryList = z.infer<typeof DocPageSummaryList>;

export const DocPageRevision = z.object({
  id: z.string(),
  revision: z.number().int(),
  kind: DocRevisionKind,
  /** For a revert, the revision it restored (0 = the shipped text). */
  restoredRevision: z.number().int().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type DocPageRevision = z.infer<typeof DocPageRevision>;

/** One page for the editor: its current source, the shipped source and the history, newest first. */
export const DocPageDetail = z
  .object({
    path: z.string(),
    title: z.string(),
    source: z.string(),
    shippedSource: z.string(),
    revision: z.number().int(),
    revisions: z.array(DocPageRevision),
  })
  .meta({ id: 'DocPageDetail' });
export type DocPageDetail = z.infer<typeof DocPageDetail>;

/** The source of one revision (0 = the shipped text), to preview before reverting. */
export const DocPageRevisionSource = z.object({ path: z.string(), revision: z.number().int(), source: z.string() });
export type DocPageRevisionSource = z.infer<typeof DocPageRevisionSource>;

export const DocPageRevisionQuery = z.object({ path: DocPagePath, revision: z.coerce.number().int().min(0) });
export type DocPageRevisionQuery = z.infer<typeof DocPageRevisionQuery>;

/**
 * Saves a new revision. baseRevision is the revision the editor started from: saving over a newer one answers
 * 409 so two admins never overwrite each other silently. The front matter must keep the page's path.
 */
export const SaveDocPageBody = z.object({
  path: DocPagePath,
  source: z.string().min(1).max(DOC_PAGE_SOURCE_MAX),
  baseRevision: z.number().int().min(0),
});
export type SaveDocPageBody = z.infer<typeof SaveDocPageBody>;

/** Makes an older revision (0 = the shipped text) current again, as a new revision. */
export const RevertDocPageBody = z.object({ path: DocPagePath, revision: z.number().int().min(0) });
export type RevertDocPageBody = z.infer<typeof RevertDocPageBody>;
