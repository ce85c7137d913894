import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_KEYS, loadConfig } from '../config';
import {
  type ComposeFile,
  type ComposeService,
  effective,
  envOf,
  interpolate,
  nginxDirective,
  nginxUpstreamServers,
  parseDockerfile,
  readCompose,
  readRepoFile,
} from './container-files';

/** What a user would put in .env for the compose files (the rest fall back to the files' defaults). */
const VARIABLES = { HEARTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789' };
const COMPOSE_FILES = ['docker-compose.yml', 'docker-compose.gpu.yml', 'docker-compose.postgres.yml'];

const dockerfile = parseDockerfile(readRepoFile('Dockerfile'));
const stageNames = dockerfile.stages.map((stage) => stage.name);
const imageEnv = envOf(effective(dockerfile.stages, 'app', 'ENV'));
const scratch = mkdtempSync(path.join(tmpdir(), 'hearth-containers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const isHearth = (service: ComposeService) => service.build !== undefined || /^hearth[:@]/.test(service.image ?? '');
const hearthServices = (file: ComposeFile) => Object.entries(file.services).filter(([, service]) => isHearth(service));
const resolvedEnv = (service: ComposeService): Record<string, string> =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value ?? ''), VARIABLES)]),
  );
const gpuDevices = (service: ComposeService | undefined) => service?.deploy?.resources?.reservations?.devices ?? [];

describe('Dockerfile', () => {
  it('builds in stages on node:20-bookworm-slim and runs as a non-root user', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile.stages[0]?.from).toBe('node:20-bookworm-slim');
    const runtimes = [stageNames.at(-1) ?? '', 'cuda'];
    for (const stage of runtimes) {
      const user = effective(dockerfile.stages, stage, 'USER').at(-1);
      expect(user, `${stage}: USER`).toBeDefined();
      expect(['root', '0', '0:0']).not.toContain(user);
      expect(effective(dockerfile.stages, stage, 'HEALTHCHECK').join(' ')).toMatch(/\/health\b/);
    }
  });

  it('keeps its data in a /data volume, listens on all interfaces and exposes PORT', () => {
    expect(imageEnv).toMatchObject({ DATA_DIR: '/data', HOST: '0.0.0.0', NODE_ENV: 'production' });
    expect(effective(dockerfile.stages, 'app', 'VOLUME').join(' ')).toContain(`"${imageEnv.DATA_DIR}"`);
    expect(effective(dockerfile.stages, 'app', 'EXPOSE')).toEqual([imageEnv.PORT]);
    const healthcheck = effective(dockerfile.stages, 'app', 'HEALTHCHECK').join(' ');
    expect(healthcheck).toContain('process.env.PORT');
    for (const key of Object.keys(envOf(effective(dockerfile.stages, 'runtime', 'ENV')))) {
      expect(CONFIG_KEYS, `ENV ${key}`).toContain(key);
    }
    expect(() => loadConfig({ ...imageEnv, DATA_DIR: scratch })).not.toThrow();
  });

  it('leaves dependencies, builds and local data out of the build context', () => {
    const ignored = readRepoFile('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.env']) expect(ignored).toContain(entry);
  });
});

describe.each(COMPOSE_FILES)('%s', (file) => {
  const compose = readCompose(file);
  const services = hearthServices(compose);

  it('has Hearth and an Ollama service Hearth points at', () => {
    expect(services.length).toBeGreaterThan(0);
    const ollama = Object.entries(compose.services).find(([, service]) => service.image?.startsWith('ollama/ollama'));
    expect(ollama).toBeDefined();
    for (const [name, service] of services) {
      expect(resolvedEnv(service).OLLAMA_BASE_URL, name).toBe(`http://${ollama?.[0] ?? ''}:11434`);
    }
  });

  it.each(services.map(([name]) => name))('%s: only variables Hearth reads, with values it accepts', (name) => {
    const service = compose.services[name] ?? {};
    expect(service.environment, 'environment as a mapping').toBeTypeOf('object');
    expect(Array.isArray(service.environment)).toBe(false);
    // Compose wants booleans quoted ("true"); a bare true is refused or rewritten.
    expect(Object.values(service.environment ?? {}).filter((value) => typeof value === 'boolean')).toEqual([]);
    const env = resolvedEnv(service);
    expect(Object.keys(env).filter((key) => !CONFIG_KEYS.includes(key))).toEqual([]);
    expect(env.DATA_DIR).toBe(imageEnv.DATA_DIR);
    expect(() => loadConfig({ ...env, DATA_DIR: scratch })).not.toThrow();
    if (service.build?.target) expect(stageNames).toContain(service.build.target);
  });

  it.each(services.map(([name]) => name))('%s: port, health check and data volume match', (name) => {
    const service = compose.services[name] ?? {};
    const port = resolvedEnv(service).PORT ?? imageEnv.PORT;
    expect(port).toBe(imageEnv.PORT);
    for (const mapping of service.ports ?? []) expect(mapping.split(':').at(-1)).toBe(port);
    const test = [service.healthcheck?.test ?? []].flat().join(' ');
    expect(test).toContain(`127.0.0.1:${port}/health`);
    const dataVolume = (service.volumes ?? []).find((volume) => volume.split(':')[1] === imageEnv.DATA_DIR);
    expect(dataVolume, `a volume at ${imageEnv.DATA_DIR ?? ''}`).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(dataVolume?.split(':')[0]);
  });
});

describe('docker-compose.gpu.yml', () => {
  const compose = readCompose('docker-compose.gpu.yml');
  it('reserves NVIDIA GPUs for Ollama and for Hearth, which uses CUDA', () => {
    for (const name of ['hearth', 'ollama']) {
      expect(gpuDevices(compose.services[name])).toContainEqual(
        expect.objectContaining({ driver: 'nvidia', capabilities: expect.arrayContaining(['gpu']) as unknown }),
      );
    }
    expect(resolvedEnv(compose.services.hearth ?? {}).LLAMA_GPU).toBe('cuda');
    expect(compose.services.hearth?.build?.target).toBe('cuda');
  });
});

describe('docker-compose.postgres.yml', () => {
  const compose = readCompose('docker-compose.postgres.yml');
  const replicas = hearthServices(compose);
  const envs = replicas.map(([, service]) => resolvedEnv(service));
  const nginx = readRepoFile('deploy/nginx.conf');

  it('runs two replicas sharing the secret, the database and an S3 bucket behind the proxy', () => {
    expect(replicas.length).toBe(2);
    for (const key of ['SECRET', 'DATABASE_URL', 'STORAGE', 'S3_BUCKET', 'S3_ENDPOINT']) {
      expect(new Set(envs.map((env) => env[key])).size, key).toBe(1);
    }
    const [env = {}] = envs;
    expect(env).toMatchObject({ STORAGE: 's3', S3_FORCE_PATH_STYLE: 'true', TRUST_PROXY: 'true' });
    expect(env.SECRET).toBe(VARIABLES.HEARTH_SECRET);
    expect(() => interpolate(String(replicas[0]?.[1].environment?.SECRET), {})).toThrow(/HEARTH_SECRET/);
    for (const [name, service] of replicas)
      expect(service.ports ?? [], `${name} is reached through the proxy`).toEqual([]);
  });

  it('has PostgreSQL and MinIO with the credentials the replicas use, and creates the bucket', () => {
    const [env = {}] = envs;
    const postgres = compose.services.postgres ?? {};
    // PostgreSQL 15/16 with pgvector, so knowledge search has its HNSW vector index.
    expect(postgres.image).toMatch(/^pgvector\/pgvector:pg1[56]$/);
    const pgEnv = resolvedEnv(postgres);
    const url = new URL(env.DATABASE_URL ?? '');
    expect([url.hostname, url.port, url.username, url.password, url.pathname]).toEqual([
      'postgres',
      '5432',
      pgEnv.POSTGRES_USER,
      pgEnv.POSTGRES_PASSWORD,
      `/${pgEnv.POSTGRES_DB ?? ''}`,
    ]);
    expect(postgres.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);

    const minio = compose.services.minio ?? {};
    expect(minio.image).toMatch(/^minio\/minio/);
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    const minioEnv = resolvedEnv(minio);
    expect([env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY]).toEqual([
      minioEnv.MINIO_ROOT_USER,
      minioEnv.MINIO_ROOT_PASSWORD,
    ]);
    const init = compose.services['minio-init'] ?? {};
    expect(init.image).toMatch(/^minio\/mc/);
    expect([init.command ?? []].flat().join(' ')).toMatch(
      new RegExp(`mc mb --ignore-existing \\w+/${env.S3_BUCKET ?? ''}$`),
    );
    for (const [, service] of replicas) {
      expect(service.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        'minio-init': { condition: 'service_completed_successfully' },
      });
    }
  });

  it('proxies round-robin to both replicas without buffering and with long reads (SSE)', () => {
    const proxy = compose.services.proxy ?? {};
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(proxy.ports?.map((mapping) => mapping.split(':').at(-1))).toEqual([nginxDirective(nginx, 'listen')]);
    const port = imageEnv.PORT ?? '';
    expect(nginxUpstreamServers(nginx, 'hearth').sort()).toEqual(replicas.map(([name]) => `${name}:${port}`).sort());
    expect(nginx).not.toMatch(/^\s*(ip_hash|hash|least_conn)\b/m);
    expect(nginxDirective(nginx, 'proxy_pass')).toBe('http://hearth');
    expect(nginxDirective(nginx, 'proxy_buffering')).toBe('off');
    expect(Number.parseInt(nginxDirective(nginx, 'proxy_read_timeout') ?? '0', 10)).toBeGreaterThanOrEqual(600);
    expect(nginxDirective(nginx, 'proxy_http_version')).toBe('1.1');
  });
});

describe('compose interpolation (as docker compose does it)', () => {
  it('uses defaults, required values and $$', () => {
    expect(interpolate('${A:-x}-${B-y}-$$B', { B: '' })).toBe('x--$B');
    expect(() => interpolate('${C:?set C}', {})).toThrow('C is required: set C');
    expect(interpolate('${C:?set C}/${D}', { C: 'c' })).toBe('c/');
  });
});
