import type { DocPageDetail, DocPageOverride, DocPageRevision, DocPageSummary, Me, Role } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { ThemeProvider } from '../../../lib/theme/theme-provider';
import { docPages } from '../lib/doc-pages';
import { DocsRoute } from './docs-route';

/** Test support for the docs editor's tests: an in-memory fake of the documentation page API, and a renderer. */

export const CHAT_PATH = '/docs/chat';
const shipped = docPages.get(CHAT_PATH);
if (!shipped) throw new Error(`${CHAT_PATH} is not a shipped page`);
export const shippedChat = shipped;

export const pageSource = (title: string, body: string, path = CHAT_PATH) =>
  `---\ntitle: ${title}\npath: ${path}\ndescription: ${title} described\n---\n\n${body}\n`;

export const me = (role: Role): Me => ({
  id: 'me',
  email: 'me@example.com',
  full_name: 'Me',
  avatar_url: null,
  role,
  status: 'active',
  organization_id: 'org-a',
  created_at: '2026-01-01T00:00:00Z',
});

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

interface FakeOptions {
  me?: Me | null;
  /** Sources of revisions 1..n of /docs/chat, oldest first (revision 0 is the shipped file). */
  sources?: string[];
  /** Answers that replace the fake's, by `METHOD /path` (no query string). */
  answers?: Record<string, { status: number; body: unknown }>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A stateful fake of the page routes for /docs/chat: saving and restoring add revisions like the server. */
export function fakeDocApi({ me: user = null, sources = [], answers = {} }: FakeOptions = {}) {
  const calls: Call[] = [];
  // The app asks who is signed in only when the session's readable CSRF cookie is there.
  document.cookie = user ? 'hearth_csrf=test-token; path=/' : 'hearth_csrf=; path=/; max-age=0';
  const state = { sources: [pageSourceOfShipped(), ...sources], revisions: [] as DocPageRevision[] };
  state.revisions = sources.map((_, index) => revisionEntry(index + 1, 'edit', null)).reverse();
  const current = () => state.sources.length - 1;
  const sourceAt = (revision: number) => state.sources[revision] ?? '';
  const detail = (): DocPageDetail => ({
    path: CHAT_PATH,
    title: 'Chat',
    source: sourceAt(current()),
    shippedSource: sourceAt(0),
    revision: current(),
    revisions: state.revisions,
  });
  const addRevision = (source: string, kind: DocPageRevision['kind'], restored: number | null) => {
    state.sources.push(source);
    state.revisions = [revisionEntry(current(), kind, restored), ...state.revisions];
    return json(200, detail());
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const [pathname = '', search = ''] = url.split('?');
      const answer = answers[`${method} ${pathname}`];
      if (answer) return json(answer.status, answer.body);
      const query = new URLSearchParams(search);
      switch (`${method} ${pathname}`) {
        case 'GET /api/auth/me':
          return user ? json(200, user) : json(401, { code: 'unauthorized', message: 'Sign in' });
        case 'GET /api/docs/pages': {
          const saved: DocPageOverride[] = current() > 0 ? [{ ...override(), source: detail().source }] : [];
          return json(200, { pages: saved });
        }
        case 'GET /api/admin/docs/page':
          return json(200, detail());
        case 'GET /api/admin/docs/page/revision': {
          const revision = Number(query.get('revision'));
          return json(200, { path: CHAT_PATH, revision, source: state.sources[revision] });
        }
        case 'PUT /api/admin/docs/page':
          return addRevision((body as { source: string }).source, 'edit', null);
        case 'POST /api/admin/docs/page/revert': {
          const revision = (body as { revision: number }).revision;
          return addRevision(sourceAt(revision), 'revert', revision);
        }
        case 'GET /api/admin/docs/pages':
          return json(200, { pages: summaries(current()) });
        default:
          return json(404, { code: 'not_found', message: `No fake for ${method} ${url}` });
      }
    }),
  );
  return { calls, detail, addRevision };

  function override(): DocPageOverride {
    return { path: CHAT_PATH, source: '', revision: current(), updatedAt: '2026-11-20T10:00:00Z' };
  }
}

function pageSourceOfShipped(): string {
  const page = shippedChat;
  return `---\ntitle: ${page.title}\npath: ${page.path}\ndescription: ${page.description}\n---\n${page.body}`;
}

function revisionEntry(revision: number, kind: DocPageRevision['kind'], restored: number | null): DocPageRevision {
  return {
    id: `rev-${revision}`,
    revision,
    kind,
    restoredRevision: restored,
    createdAt: `2026-11-2${revision % 10}T10:00:00Z`,
    createdBy: { id: 'me', name: 'Olive Owner' },
  };
}

function summaries(chatRevision: number): DocPageSummary[] {
  return [...docPages.values()].map((page) => ({
    path: page.path,
    title: page.title,
    edited: page.path === CHAT_PATH && chatRevision > 0,
    revision: page.path === CHAT_PATH ? chatRevision : 0,
    updatedAt: page.path === CHAT_PATH && chatRevision > 0 ? '2026-11-20T10:00:00Z' : null,
  }));
}

/** The docs site at `url`, with the providers the app gives it (a fresh query cache, theme, toaster). */
export function renderDocs(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <DocsRoute /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
