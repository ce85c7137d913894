/**
 * Readers for the container files at the repository root (Dockerfile, docker-compose*.yml, deploy/nginx.conf),
 * used by containers.unit.test.ts to keep them consistent with the server's configuration. Test support only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const readRepoFile = (name: string) => readFileSync(path.join(REPO_ROOT, name), 'utf8');

export interface DockerStage {
  name: string;
  /** The image or earlier stage it starts from. */
  from: string;
  instructions: { keyword: string; args: string }[];
}

/** Dockerfile instructions by stage, with line continuations joined and comments dropped. */
export function parseDockerfile(text: string): { args: Record<string, string>; stages: DockerStage[] } {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: DockerStage[] = [];
  for (const line of logical) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [, image = '', name = ''] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      const from = image.replace(/\$\{(\w+)\}/g, (_, arg: string) => args[arg] ?? '');
      stages.push({ name: name || String(stages.length), from, instructions: [] });
    } else if (upper === 'ARG' && stages.length === 0) {
      const [name = '', value = ''] = rest.split('=');
      args[name] = value;
    } else {
      stages.at(-1)?.instructions.push({ keyword: upper, args: rest.replace(/\s+/g, ' ') });
    }
  }
  return { args, stages };
}

/** A stage's instructions of one kind, its ancestors' first (what the stage really ends up with). */
export function effective(stages: DockerStage[], stageName: string, keyword: string): string[] {
  const stage = stages.find((candidate) => candidate.name === stageName);
  if (!stage) throw new Error(`no stage ${stageName}`);
  const inherited = stages.some((candidate) => candidate.name === stage.from)
    ? effective(stages, stage.from, keyword)
    : [];
  return [...inherited, ...stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args)];
}

/** `ENV A=1 B=2` lines as one map (later values win). */
export const envOf = (lines: string[]): Record<string, string> =>
  Object.fromEntries(lines.flatMap((line) => line.split(' ').map((pair) => pair.split('=') as [string, string])));

export interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] | string };
  command?: string[] | string;
  deploy?: { resources?: { reservations?: { devices?: { driver: string; capabilities: string[] }[] } } };
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** A compose file, parsed strictly (anchors and aliases resolved, any YAML error fails). */
export function readCompose(name: string): ComposeFile {
  const document = parseDocument(readRepoFile(name), { prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) throw new Error(`${name}: ${document.errors.map((e) => e.message).join('; ')}`);
  return document.toJS({ maxAliasCount: 100 }) as ComposeFile;
}

/**
 * Compose interpolation as `docker compose` does it: `${X:-default}`, `${X-default}`, `${X:?message}`, `${X}`
 * and `$$`. Variables missing without a default throw, as compose refuses to start.
 */
export function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g,
    (whole, name?: string, operator?: string, rest = '') => {
      if (!name) return '$';
      const given = variables[name];
      const usable = operator?.startsWith(':') ? given !== undefined && given !== '' : given !== undefined;
      if (usable) return given ?? '';
      if (operator?.endsWith('?')) throw new Error(`${name} is required: ${rest}`);
      return operator ? rest : '';
    },
  );
}

/** The `server host:port` entries of an nginx upstream block. */
export function nginxUpstreamServers(conf: string, upstream: string): string[] {
  const block = new RegExp(`upstream\\s+${upstream}\\s*\\{([^}]*)\\}`).exec(conf)?.[1] ?? '';
  return [...block.matchAll(/^\s*server\s+([^\s;]+)/gm)].map((match) => match[1] ?? '');
}

/** An nginx directive's value inside the config, e.g. `proxy_buffering` → 'off'. */
export const nginxDirective = (conf: string, name: string): string | undefined =>
  new RegExp(`^\\s*${name}\\s+([^;]+);`, 'm').exec(conf)?.[1]?.trim();
