import { paths } from '../../../config/paths';

/** What renders a page: a Markdown file from ../content, or one of the two generated pages. */
export type DocKind = 'markdown' | 'features' | 'api';

export interface DocNavItem {
  title: string;
  path: string;
  kind: DocKind;
}

export interface DocNavGroup {
  title: string;
  items: DocNavItem[];
}

const md = (title: string, path: string): DocNavItem => ({ title, path, kind: 'markdown' });

/** The sidebar, in reading order. Previous / next links follow this order. */
export const docsNav: DocNavGroup[] = [
  {
    title: 'Getting started',
    items: [
      md('Introduction', paths.docs.root),
      md('Getting started', paths.docs.gettingStarted),
      md('Requirements', '/docs/requirements'),
      md('Installation', '/docs/installation'),
      md('Quick start with Docker', paths.docs.docker),
      md('First steps', '/docs/first-steps'),
    ],
  },
  {
    title: 'Models and runtimes',
    items: [
      md('Connecting Ollama and other runtimes', '/docs/runtimes'),
      md('Getting models', '/docs/getting-models'),
      md('GPU acceleration', '/docs/gpu'),
    ],
  },
  {
    title: 'Using Hearth',
    items: [
      md('Chat', '/docs/chat'),
      md('Knowledge', '/docs/knowledge'),
      md('Advanced retrieval', '/docs/advanced-retrieval'),
      md('Vision', '/docs/vision'),
      md('Models screen', '/docs/models'),
      md('Workspace', '/docs/workspace'),
      { title: 'Features', path: paths.docs.features, kind: 'features' },
    ],
  },
  {
    title: 'Administration',
    items: [
      md('Admin dashboard', '/docs/admin'),
      md('Database: SQLite and PostgreSQL', '/docs/database'),
      md('Scaling out', '/docs/scaling-out'),
      md('Security', '/docs/security'),
      md('Troubleshooting', '/docs/troubleshooting'),
    ],
  },
  {
    title: 'Guides',
    items: [
      md('Tutorials', '/docs/tutorials'),
      md('Ask questions about your PDFs', '/docs/tutorials/pdf-questions'),
      md('Use Hearth from the OpenAI Python client', '/docs/tutorials/openai-python'),
      md('Community', '/docs/community'),
    ],
  },
  {
    title: 'Reference',
    items: [md('Configuration', '/docs/configuration'), { title: 'API reference', path: paths.docs.api, kind: 'api' }],
  },
];

/** Every sidebar entry in order. */
export const docsNavItems: DocNavItem[] = docsNav.flatMap((group) => group.items);

export const findNavItem = (path: string): DocNavItem | undefined => docsNavItems.find((item) => item.path === path);

/** The entries before and after a page in reading order. */
export function neighbours(path: string): { previous?: DocNavItem; next?: DocNavItem } {
  const index = docsNavItems.findIndex((item) => item.path === path);
  if (index < 0) return {};
  return { previous: docsNavItems[index - 1], next: docsNavItems[index + 1] };
}

/** Groups with only the entries whose title contains the query (case-insensitive); empty groups are dropped. */
export function filterNav(groups: DocNavGroup[], query: string): DocNavGroup[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return groups;
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => item.title.toLowerCase().includes(needle)) }))
    .filter((group) => group.items.length > 0);
}
