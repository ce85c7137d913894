import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocPage, parseDocPage } from '@hearth/contract';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/src/features/docs/content, from apps/server/src/features/docs (tsx) or apps/server/dist (bundle). */
export const DEFAULT_DOCS_CONTENT_DIR = [
  path.resolve(here, '../../../../web/src/features/docs/content'),
  path.resolve(here, '../../web/src/features/docs/content'),
];

export interface ShippedDocPage extends DocPage {
  /** The whole file, front matter included. */
  source: string;
  /** The file, relative to the content folder (e.g. `quick-start/docker.md`). */
  file: string;
}

/** The Markdown pages that ship with the app, read once at start-up; the same files the web app bundles. */
export class ShippedDocs {
  private constructor(
    readonly dir: string | null,
    private readonly pages: ReadonlyMap<string, ShippedDocPage>,
  ) {}

  /** Reads `dir` (or the default folder); a missing folder gives no pages, so saving a page is refused. */
  static load(dir?: string): ShippedDocs {
    const candidates = dir ? [path.resolve(dir)] : DEFAULT_DOCS_CONTENT_DIR;
    for (const candidate of candidates) {
      const files = markdownFiles(candidate);
      if (files === null) continue;
      const pages = new Map<string, ShippedDocPage>();
      for (const file of files) {
        const source = readFileSync(path.join(candidate, file), 'utf8');
        const page = parseDocPage(source, file);
        pages.set(page.path, { ...page, source, file });
      }
      return new ShippedDocs(candidate, pages);
    }
    return new ShippedDocs(null, new Map());
  }

  get(pagePath: string): ShippedDocPage | undefined {
    return this.pages.get(pagePath);
  }

  list(): ShippedDocPage[] {
    return [...this.pages.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  /** The page a content file holds, by its path relative to the content folder. */
  byFile(file: string): ShippedDocPage | undefined {
    return this.list().find((page) => page.file === file);
  }
}

function markdownFiles(dir: string): string[] | null {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return null;
  }
}
