import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const intFrom = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const isAddressOrCidr = (entry: string) => {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies to believe about the client's address. Trusting every hop (Fastify's `true`) takes the left-most
 * X-Forwarded-For, which the client writes itself, so `true` means one hop here: the proxy right in front of us.
 * A number is that many proxies; a list names the proxies' addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value) && Number(value) <= 32) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    context.addIssue({
      code: 'custom',
      message: "must be false, a hop count (e.g. 1) or the proxies' addresses/CIDR ranges separated by commas",
    });
    return z.NEVER;
  });

/** Addresses or CIDR ranges separated by commas (METRICS_ALLOW). */
const addressList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isAddressOrCidr), {
    message: 'must be IP addresses or CIDR ranges separated by commas, e.g. 127.0.0.1,10.0.0.0/8',
  });

/** Host names (optionally with a port) the server answers to, separated by commas. */
const hostList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean),
);

/** Every variable Hearth reads. Documented in README.md and .env.example. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: intFrom(0, 65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^(postgres|postgresql|sqlite|file):/.test(value), {
      message: 'must start with postgres://, postgresql://, sqlite: or file:',
    })
    .optional(),
  DATABASE_POOL_SIZE: intFrom(1, 200).default(10),
  MODELS_DIR: z.string().min(1).optional(),
  SUPER_ADMIN_EMAIL: z.email().optional(),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  /** The address people open Hearth at; its host is always allowed in the Host header. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** More host names the server answers to (besides localhost names, PUBLIC_URL's host and HOST). */
  ALLOWED_HOSTS: hostList.default([]),
  /** For automation: the first account's setup code, instead of a random one printed in the log. */
  HEARTH_SETUP_CODE: z.string().min(8, 'must be at least 8 characters').optional(),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_TTL_HOURS: intFrom(1, 24 * 365).default(24 * 7),
  BODY_LIMIT_BYTES: intFrom(1024, 100 * 1024 * 1024).default(1024 * 1024),
  PASSWORD_MIN_LENGTH: intFrom(8, 128).default(8),
  /** Sign-up mode until an admin picks one in the security settings (the first account can always sign up). */
  SIGNUP_MODE: z.enum(['open', 'approval', 'invite_only', 'closed']).default('approval'),
  AUTH_RATE_LIMIT_MAX: intFrom(1, 100_000).default(10),
  AUTH_RATE_LIMIT_IP_MAX: intFrom(1, 100_000).default(50),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: intFrom(1, 86_400).default(900),
  /**
   * Outgoing mail (password resets, e-mail verification, invitations), e.g. smtps://user:pass@mail.example.com:465
   * or smtp://mail.example.com:587 (STARTTLS when the server offers it). Unset: no mail is sent.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender of every mail, e.g. `Hearth <hearth@example.com>`; required with SMTP_URL. */
  MAIL_FROM: z.string().min(3).optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** The documentation pages that ship with the app (Markdown); pages saved in the app override them. */
  DOCS_CONTENT_DIR: z.string().optional(),
  OLLAMA_BASE_URL: z
    .string()
    .refine((value) => value === 'none' || value.split(',').every((url) => /^https?:\/\/[^\s]+$/.test(url.trim())), {
      message: 'must be one or more http(s) URLs separated by commas, or none',
    })
    .default('http://127.0.0.1:11434'),
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OPENAI_API_KEY: z.string().optional(),
  BUILTIN_RUNTIME: bool.default(true),
  LLAMA_GPU: z.enum(['auto', 'false', 'cuda', 'vulkan', 'metal']).default('auto'),
  LLAMA_THREADS: intFrom(1, 1024).default(Math.max(1, availableParallelism() - 1)),
  LLAMA_CONTEXT_SIZE: intFrom(256, 1_048_576).default(4096),
  LLAMA_PARALLEL: intFrom(1, 64).default(2),
  LLAMA_IDLE_UNLOAD_SECONDS: intFrom(0, 86_400).default(300),
  PROVIDER_TIMEOUT_MS: intFrom(100, 120_000).default(5000),
  /** After a chat's first answer, the answering model names the chat (issue 17); false keeps the question's title. */
  CHAT_AUTO_TITLE: bool.default(true),
  /**
   * Executables admins may start as stdio MCP servers (issue 20), exact names or paths separated by commas;
   * empty: stdio MCP servers are disabled.
   */
  MCP_STDIO_COMMANDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  /** Web search (issue 20): the search provider's answer gives up after this (result pages have their own limits). */
  WEB_SEARCH_TIMEOUT_MS: intFrom(500, 120_000).default(10_000),
  /** Each call to the GitHub API (releases, deployments) and to the deployment webhook gives up after this. */
  GITHUB_TIMEOUT_MS: intFrom(100, 120_000).default(15_000),
  /**
   * How Hearth is installed (compose, container or git), for the upgrade commands admins are shown; detected
   * when unset (a compose project name, /.dockerenv, a .git folder). The compose files set compose.
   */
  HEARTH_INSTALL_TYPE: z.enum(['compose', 'container', 'git']).optional(),
  /** The compose project, when passed into the container: the upgrade commands name it. */
  COMPOSE_PROJECT_NAME: z.string().max(100).optional(),
  /** Drafting one documentation update (a whole page from the model) gives up after this. */
  DOCS_UPDATE_TIMEOUT_MS: intFrom(1000, 1_800_000).default(180_000),
  MODEL_LIST_CACHE_MS: intFrom(0, 600_000).default(3000),
  /**
   * Memory for posting lists kept between searches (issue 18: a large collection's common terms are read from the
   * database once, not on every search); 0 keeps none.
   */
  LEXICAL_CACHE_MB: intFrom(0, 65_536).default(256),
  /**
   * How much of that memory each server process fills at start-up with the instance's longest posting lists, so
   * the first searches after a restart find them held; 0 reads nothing ahead (the lists are read on first use).
   */
  LEXICAL_CACHE_WARM_MB: intFrom(0, 65_536).default(128),
  ALLOW_PRIVATE_DOWNLOADS: bool.default(false),
  /**
   * How long a background job is held by its worker without renewal (renewed every third of it); a dead
   * replica's jobs move after this. A restarted server takes back its own dead process's jobs at once.
   */
  JOB_LEASE_SECONDS: intFrom(2, 86_400).default(30),
  /** Background jobs (indexing, re-embedding) one replica runs at once. */
  JOB_CONCURRENCY: intFrom(1, 64).default(4),
  /**
   * Multiplies the period of every scheduled job (hourly sweeps, daily retention). Leave it at 1; tests set it
   * small (0.001 makes an hour 3.6 s) to watch several periods go by.
   */
  JOB_SCHEDULE_SCALE: z.coerce.number().positive().max(1).default(1),
  /** Worker threads that read uploaded files (text extraction, OCR) at once; more files wait their turn. */
  EXTRACTION_WORKERS: intFrom(1, 64).default(Math.min(2, availableParallelism())),
  /** Where uploaded files live: the data folder (fs) or an S3-compatible bucket (s3). */
  STORAGE: z.enum(['fs', 's3']).default('fs'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (endpoint/bucket/key), as MinIO, s3rver and most self-hosted stores want. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Optional key prefix inside the bucket, e.g. `hearth/`. */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._/-]*\/$/, 'must end with / and use only letters, digits, . _ - /')
    .optional(),
  /**
   * GET /metrics (Prometheus) answers a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. With
   * METRICS_ALLOW too, both must match. Neither set: /metrics is off (404).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Addresses or CIDR ranges that may read /metrics (as TRUST_PROXY reads the client's address). */
  METRICS_ALLOW: addressList.default([]),
  /**
   * An OpenTelemetry collector (OTLP over HTTP, e.g. http://otel-collector:4318): traces of requests, jobs and
   * model calls go to <endpoint>/v1/traces. Unset: no traces and no connection.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. http://otel-collector:4318' })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default('hearth'),
  DOWNLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(200 * 1024 ** 3),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every variable name Hearth reads (the Dockerfile and compose files are tested against it). */
export const CONFIG_KEYS: readonly string[] = Object.keys(EnvSchema.shape);

export interface Config extends Env {
  DATA_DIR: string;
  MODELS_DIR: string;
  SECRET: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads and validates the environment once; lists every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  if (values.STORAGE === 's3' && !values.S3_BUCKET) throw new ConfigError(['S3_BUCKET: required when STORAGE=s3']);
  if (values.SMTP_URL && !values.MAIL_FROM) throw new ConfigError(['MAIL_FROM: required when SMTP_URL is set']);
  const dataDir = path.resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...values,
    DATA_DIR: dataDir,
    MODELS_DIR: path.resolve(values.MODELS_DIR ?? path.join(dataDir, 'models')),
    SECRET: values.SECRET ?? readOrCreateSecret(dataDir),
    database: databaseFrom(values.DATABASE_URL, dataDir),
  };
}

/** The SQLite database in DATA_DIR when no DATABASE_URL is set. */
export const sqliteFileIn = (dataDir: string): string => path.join(dataDir, 'hearth.db');

function databaseFrom(url: string | undefined, dataDir: string): Config['database'] {
  if (!url) return { dialect: 'sqlite', file: sqliteFileIn(dataDir) };
  if (/^postgres(ql)?:/.test(url)) return { dialect: 'postgres', url };
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  return { dialect: 'sqlite', file: path.resolve(file) };
}

/** No secret has a default: one is generated on first start and kept in DATA_DIR (mode 600). */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
