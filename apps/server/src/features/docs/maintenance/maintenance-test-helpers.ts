import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DetectDocChangesResult, DocDraftJob, DraftDocUpdatesResult } from '@hearth/contract';
import type { HttpClient, Response } from '../../../../test/test-server';

/**
 * Drafts a change as the web does: the route answers 202 with a job, followed until it ends. Answers the
 * route's error as it came (409, 403 ...), the result with 200 once done, or the job's error with 502.
 */
export async function draftAndWait(
  client: HttpClient,
  changeId: string | undefined,
  token: string,
  onProgress?: (job: DocDraftJob) => void,
): Promise<Response<DraftDocUpdatesResult & { message?: string; code?: string }>> {
  const started = await client.request<DocDraftJob>(`/api/admin/docs/changes/${changeId}/draft`, {
    method: 'POST',
    token,
  });
  if (started.status !== 202) return started as unknown as Response<DraftDocUpdatesResult>;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const job = await client.request<DocDraftJob>(`/api/admin/docs/drafts/${started.body.id}`, { token });
    onProgress?.(job.body);
    if (job.body.status === 'done' && job.body.result) return { ...job, body: job.body.result };
    if (job.body.status === 'failed') {
      return { ...job, status: 502, body: { message: job.body.error ?? '' } as unknown as DraftDocUpdatesResult };
    }
    if (Date.now() > deadline) throw new Error(`draft job ${started.body.id} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A throwaway git repository for detection tests: write files, commit, read hashes. */
export interface GitFixture {
  dir: string;
  write(files: Record<string, string>): void;
  remove(...files: string[]): void;
  git(...args: string[]): string;
  /** Commits everything in the working tree; the new commit's hash. */
  commit(message: string): string;
  close(): void;
}

export function createGitFixture(): GitFixture {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'hearth-docs-git-')));
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, env, encoding: 'utf8' });
  git('init', '--quiet', '--initial-branch=main');
  return {
    dir,
    git,
    write(files) {
      for (const [file, content] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), content);
      }
    },
    remove(...files) {
      for (const file of files) unlinkSync(path.join(dir, file));
    },
    commit(message) {
      git('add', '--all');
      git('commit', '--quiet', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A documentation page source with the given front matter path. */
export const docPage = (title: string, pagePath: string, body: string) =>
  `---\ntitle: ${title}\npath: ${pagePath}\ndescription: ${title} page\n---\n\n${body}\n`;

/** `count` lines of code, so changes can be made big or small. */
export const codeLines = (count: number, word = 'value') =>
  Array.from({ length: count }, (_, index) => `export const ${word}${index} = ${index};`).join('\n') + '\n';

/**
 * For the authorisation table: a small repository configured as the maintenance tree (configured again before
 * each use, as a row may reset the settings), and fresh changes and pending updates in it, made by a super admin.
 */
export class DocsMaintenanceTargets {
  private repo: GitFixture | null = null;
  private count = 0;

  constructor(
    private readonly server: HttpClient,
    private readonly superAdminToken: () => string,
    /** The fake model runtime's knobs: its reply is set to a valid page while an update is drafted. */
    private readonly model: { reply: string },
  ) {}

  /** A new recorded change (a backend file about chat, so it affects /docs/chat); its id. */
  async newChange(): Promise<string> {
    this.repo ??= createGitFixture();
    const token = this.superAdminToken();
    const settings = await this.server.request('/api/admin/docs/maintenance/settings', {
      method: 'PUT',
      token,
      body: { repoPath: this.repo.dir, model: null },
    });
    if (settings.status !== 200) throw new Error(`setup: docs settings failed (${settings.status})`);
    this.count += 1;
    const file = `apps/server/src/features/chat/authz-${this.count}.ts`;
    this.repo.write({ [file]: codeLines(2, `authz${this.count}_`) });
    this.repo.commit(`change ${this.count}`);
    const detected = await this.server.request<DetectDocChangesResult>('/api/admin/docs/changes/detect', {
      token,
      body: {},
    });
    const change = detected.body.changes?.find((candidate) => candidate.filePath === file);
    if (!change) throw new Error(`setup: detecting a docs change failed (${detected.status})`);
    return change.id;
  }

  /** A new pending update of /docs/chat (drafted by the fake model from the current page, so it applies); its id. */
  async newUpdate(): Promise<string> {
    const changeId = await this.newChange();
    const token = this.superAdminToken();
    const page = await this.server.request<{ source: string }>('/api/admin/docs/page?path=/docs/chat', { token });
    if (page.status !== 200) throw new Error(`setup: reading /docs/chat failed (${page.status})`);
    const previous = this.model.reply;
    this.model.reply = `${page.body.source}\nChecked by the authorisation table (${this.count}).\n`;
    const drafted = await draftAndWait(this.server, changeId, token).finally(() => {
      this.model.reply = previous;
    });
    const update = drafted.body.updates?.[0];
    if (!update) throw new Error(`setup: drafting a docs update failed (${drafted.status})`);
    return update.id;
  }

  /** A drafting job started by the super admin for a new change (left to run); its id. */
  async newDraft(): Promise<string> {
    const changeId = await this.newChange();
    const started = await this.server.request<DocDraftJob>(`/api/admin/docs/changes/${changeId}/draft`, {
      method: 'POST',
      token: this.superAdminToken(),
    });
    if (started.status !== 202) throw new Error(`setup: starting a docs draft failed (${started.status})`);
    return started.body.id;
  }

  close(): void {
    this.repo?.close();
  }
}
