/**
 * A stateful stand-in for the documentation maintenance routes, for the component tests: detection records
 * changes, drafting marks them processed and writes updates, apply / reject decide pending updates.
 */
import type {
  DetectDocChangesResult,
  DocChange,
  DocDraftJob,
  DocsMaintenanceSettings,
  DocUpdate,
  ModelsResponse,
} from '@hearth/contract';
import { vi } from 'vitest';

export const change = (id: string, extra: Partial<DocChange> = {}): DocChange => ({
  id,
  fileType: 'backend',
  filePath: `apps/server/src/${id}.ts`,
  previousPath: null,
  changeType: 'modified',
  impact: 'high',
  affectedDocs: ['/docs/chat'],
  linesChanged: 4,
  commit: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
  timestamp: '2026-01-02T10:00:00Z',
  processed: false,
  ...extra,
});

export const update = (id: string, extra: Partial<DocUpdate> = {}): DocUpdate => ({
  id,
  changeId: 'c1',
  filePath: 'apps/server/src/c1.ts',
  docPath: '/docs/chat',
  currentContent: '# Chat\nOld sentence.\nEnd.\n',
  suggestedContent: '# Chat\nNew sentence.\nEnd.\n',
  updateType: 'review_required',
  status: 'pending',
  aiConfidence: 0.65,
  error: null,
  timestamp: '2026-01-02T10:05:00Z',
  decidedAt: null,
  ...extra,
});

export const SETTINGS: DocsMaintenanceSettings = {
  repoPath: null,
  effectiveRepoPath: '/srv/hearth',
  isGitRepository: true,
  lastProcessedCommit: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  model: null,
  effectiveModel: 'llama3:latest',
};

const MODELS: ModelsResponse = {
  models: ['llama3:latest', 'nomic-embed-text:latest'].map((name) => ({
    id: name,
    name,
    size: 1,
    modified_at: '2026-01-01T00:00:00Z',
    digest: 'x',
    details: { parameter_size: null, quantization_level: null, format: null, family: null, families: null },
    provider: { id: 'ollama', kind: 'ollama' as const, name: 'Ollama' },
    capabilities: { vision: false, embedding: name.startsWith('nomic') },
  })),
};

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

interface Reply {
  status: number;
  body: unknown;
}

export interface FakeDocsApi {
  calls: Call[];
  changes: DocChange[];
  updates: DocUpdate[];
  /** Detected by the next POST .../detect. */
  detectable: DocChange[];
  /** `METHOD /url` → a fixed answer instead of the fake's own. */
  failures: Record<string, Reply>;
  /** While set, drafts wait until release() is called (one per call). */
  holdDrafts: boolean;
  release: () => void;
  /** Updates a draft writes for a change (default: one review_required update per affected page). */
  draftUpdates: (item: DocChange) => DocUpdate[];
}

const json = ({ status, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function stubDocsApi(initial: Partial<Pick<FakeDocsApi, 'changes' | 'updates' | 'detectable'>> = {}) {
  const waiting: (() => void)[] = [];
  const drafts = new Map<string, DocDraftJob>();
  const api: FakeDocsApi = {
    calls: [],
    changes: initial.changes ?? [],
    updates: initial.updates ?? [],
    detectable: initial.detectable ?? [],
    failures: {},
    holdDrafts: false,
    release: () => waiting.shift()?.(),
    draftUpdates: (item) =>
      item.affectedDocs.map((docPath, index) =>
        update(`u-${item.id}-${index}`, { changeId: item.id, filePath: item.filePath, docPath }),
      ),
  };

  async function answer(method: string, url: string, body: unknown): Promise<Reply> {
    const failure = api.failures[`${method} ${url}`];
    if (failure) return failure;
    const ok = (value: unknown): Reply => ({ status: 200, body: value });
    if (url === '/api/admin/docs/maintenance/settings')
      return ok(method === 'GET' ? SETTINGS : { ...SETTINGS, ...(body as object) });
    if (url === '/api/ollama/models') return ok(MODELS);
    if (url === '/api/admin/docs/pages') return ok({ pages: [] });
    if (url === '/api/admin/docs/changes') return ok({ changes: api.changes });
    if (url === '/api/admin/docs/changes/detect') {
      api.changes = [...api.detectable, ...api.changes];
      const result: DetectDocChangesResult = {
        baseCommit: SETTINGS.lastProcessedCommit,
        headCommit: 'cccccccccccccccccccccccccccccccccccccccc',
        changes: api.detectable,
        ignored: 2,
      };
      api.detectable = [];
      return ok(result);
    }
    const draft = /^\/api\/admin\/docs\/changes\/([^/]+)\/draft$/.exec(url);
    if (draft) {
      if (api.holdDrafts) await new Promise<void>((resolve) => waiting.push(resolve));
      const item = api.changes.find((entry) => entry.id === draft[1]);
      if (!item) return { status: 404, body: { code: 'not_found', message: 'Change not found' } };
      item.processed = true;
      const written = api.draftUpdates(item);
      api.updates = [...written, ...api.updates];
      // Drafting is a job on the server: 202 with it, then followed at /api/admin/docs/drafts/:id.
      const job: DocDraftJob = {
        id: `job-${item.id}`,
        changeId: item.id,
        status: 'done',
        progress: { done: written.length, total: written.length },
        error: null,
        result: { change: item, updates: written },
      };
      drafts.set(job.id, job);
      return { status: 202, body: { ...job, status: 'queued', progress: null, result: null } };
    }
    const followed = /^\/api\/admin\/docs\/drafts\/([^/]+)$/.exec(url);
    if (followed) {
      const job = drafts.get(followed[1] ?? '');
      return job ? ok(job) : { status: 404, body: { code: 'not_found', message: 'Draft not found' } };
    }
    if (url.startsWith('/api/admin/docs/updates?') || url === '/api/admin/docs/updates')
      return ok({ updates: api.updates });
    if (url === '/api/admin/docs/updates/process-automatic') {
      const automatic = api.updates.filter((entry) => entry.status === 'pending' && entry.updateType === 'automatic');
      automatic.forEach((entry) => Object.assign(entry, { status: 'applied', decidedAt: '2026-01-02T11:00:00Z' }));
      return ok({ applied: automatic.length, rejected: 0, updates: automatic });
    }
    const decide = /^\/api\/admin\/docs\/updates\/([^/]+)\/(apply|reject)$/.exec(url);
    const target = decide ? api.updates.find((entry) => entry.id === decide[1]) : undefined;
    if (decide && target) {
      Object.assign(target, {
        status: decide[2] === 'apply' ? 'applied' : 'rejected',
        decidedAt: '2026-01-02T11:00:00Z',
      });
      return ok(target);
    }
    return { status: 404, body: { code: 'not_found', message: `No fake for ${method} ${url}` } };
  }

  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      api.calls.push({ method, url, body });
      return json(await answer(method, url, body));
    }),
  );
  return api;
}
