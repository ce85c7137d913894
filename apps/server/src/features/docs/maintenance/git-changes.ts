import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { DocChangeType } from '@hearth/contract';

/**
 * Reads changes from a git working tree: always `git` itself through execFile (no shell), argument arrays,
 * `--` before paths, a time limit and an output limit. External diff drivers and text conversions a
 * repository's config may name are switched off, so reading a tree never runs its programs.
 */

const run = promisify(execFile);

/** The empty tree: diffing against it lists the whole history. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
export const GIT_TIMEOUT_MS = 20_000;
const LIST_MAX_BUFFER = 32 * 1024 * 1024;
/** The most of one file's unified diff kept (and shown to the model). */
export const DIFF_EXCERPT_BYTES = 8 * 1024;
const BASE_ARGS = ['--no-pager', '-c', 'core.quotepath=off', '-c', 'core.fsmonitor=false'];

/** git failed: not installed, not a repository, an unknown commit, too slow. */
export class GitError extends Error {
  constructor(
    message: string,
    readonly kind: 'missing' | 'failed' | 'timeout',
  ) {
    super(message);
    this.name = 'GitError';
  }
}

interface ExecFailure {
  code?: string | number;
  killed?: boolean;
  signal?: string;
  stdout?: string;
  stderr?: string;
}

/** Without the caller's GIT_* variables, so a GIT_DIR in the server's environment cannot redirect us. */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' };
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  return env;
}

interface GitOptions {
  maxBuffer?: number;
  /** Keep what came before the output limit instead of failing (for bounded excerpts). */
  truncate?: boolean;
}

export async function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<string> {
  const maxBuffer = options.maxBuffer ?? LIST_MAX_BUFFER;
  try {
    const { stdout } = await run('git', [...BASE_ARGS, ...args], {
      cwd,
      env: gitEnv(),
      timeout: GIT_TIMEOUT_MS,
      maxBuffer,
      encoding: 'utf8',
      windowsHide: true,
    });
    return stdout;
  } catch (error) {
    const failure = (error ?? {}) as ExecFailure;
    if (failure.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER' && options.truncate) {
      return (failure.stdout ?? '').slice(0, maxBuffer);
    }
    if (failure.code === 'ENOENT') {
      throw new GitError(`Could not run git in ${cwd}: git is not installed or the folder is missing`, 'missing');
    }
    if (failure.killed && failure.signal === 'SIGTERM') {
      throw new GitError(`git ${args[0]} took longer than ${GIT_TIMEOUT_MS / 1000} s`, 'timeout');
    }
    const detail = (failure.stderr ?? '').trim().split('\n')[0] || (error as Error).message;
    throw new GitError(`git ${args[0]} failed: ${detail.slice(0, 300)}`, 'failed');
  }
}

/** The root of the working tree containing `dir`, or null when it is not in one (or git is missing). */
export async function workTreeRoot(dir: string): Promise<string | null> {
  try {
    const inside = (await git(dir, ['rev-parse', '--is-inside-work-tree'])).trim();
    if (inside !== 'true') return null;
    return (await git(dir, ['rev-parse', '--show-toplevel'])).trim() || null;
  } catch {
    return null;
  }
}

/** The full hash of a commit, or null when `rev` names none. */
export async function resolveCommit(repo: string, rev: string): Promise<string | null> {
  try {
    return (await git(repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`])).trim();
  } catch {
    return null;
  }
}

export interface RawChange {
  filePath: string;
  previousPath: string | null;
  changeType: DocChangeType;
  linesChanged: number;
}

const CHANGE_TYPES: Record<string, DocChangeType> = { A: 'added', C: 'added', D: 'deleted', R: 'renamed' };

/** `--name-status -z`: a status (R and C carry a score and two paths) then the path(s), NUL-separated. */
export function parseNameStatus(output: string): Omit<RawChange, 'linesChanged'>[] {
  const fields = output.split('\0');
  const changes: Omit<RawChange, 'linesChanged'>[] = [];
  for (let index = 0; index < fields.length;) {
    const status = fields[index++] ?? '';
    if (!status) continue;
    const letter = status[0] ?? 'M';
    const twoPaths = letter === 'R' || letter === 'C';
    const first = fields[index++] ?? '';
    const second = twoPaths ? (fields[index++] ?? '') : null;
    const changeType = CHANGE_TYPES[letter] ?? 'modified';
    changes.push({
      filePath: second ?? first,
      previousPath: letter === 'R' ? first : null,
      changeType,
    });
  }
  return changes;
}

/** `--numstat -z`: "added<TAB>deleted<TAB>path" or, for a rename, "added<TAB>deleted<TAB>" then old and new path. */
export function parseNumstat(output: string): Map<string, number> {
  const fields = output.split('\0');
  const lines = new Map<string, number>();
  for (let index = 0; index < fields.length;) {
    const field = fields[index++] ?? '';
    if (!field) continue;
    const [added = '-', deleted = '-', filePath = ''] = field.split('\t');
    // Binary files count "-": no lines.
    const count = (Number.parseInt(added, 10) || 0) + (Number.parseInt(deleted, 10) || 0);
    if (filePath) {
      lines.set(filePath, count);
    } else {
      index += 1; // the old path
      lines.set(fields[index++] ?? '', count);
    }
  }
  return lines;
}

const DIFF_ARGS = ['--no-ext-diff', '--no-textconv', '--no-color', '-M'];

/** Every file changed between two commits, with the lines added plus removed. */
export async function changedFiles(repo: string, base: string, head: string): Promise<RawChange[]> {
  const [names, counts] = await Promise.all([
    git(repo, ['diff', ...DIFF_ARGS, '--name-status', '-z', base, head, '--']),
    git(repo, ['diff', ...DIFF_ARGS, '--numstat', '-z', base, head, '--']),
  ]);
  const lines = parseNumstat(counts);
  return parseNameStatus(names).map((change) => ({ ...change, linesChanged: lines.get(change.filePath) ?? 0 }));
}

/** The unified diff of one file, cut to DIFF_EXCERPT_BYTES (marked when cut). */
export async function diffExcerpt(repo: string, base: string, head: string, change: RawChange): Promise<string> {
  const paths = change.previousPath ? [change.previousPath, change.filePath] : [change.filePath];
  const text = await git(repo, ['diff', ...DIFF_ARGS, base, head, '--', ...paths], {
    maxBuffer: DIFF_EXCERPT_BYTES,
    truncate: true,
  });
  return text.length >= DIFF_EXCERPT_BYTES ? `${text}\n[diff cut at ${DIFF_EXCERPT_BYTES / 1024} KB]` : text;
}

/** The start of a file at a commit (front matter lives there), or null when it is not there. */
export async function fileStart(repo: string, commit: string, filePath: string, bytes = 8192): Promise<string | null> {
  try {
    return await git(repo, ['cat-file', 'blob', `${commit}:${filePath}`], { maxBuffer: bytes, truncate: true });
  } catch {
    return null;
  }
}
