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
