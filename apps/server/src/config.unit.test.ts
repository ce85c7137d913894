import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    throw new Error('expected a ConfigError');
  }

  it('lists every problem at once, each naming its variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/hearth',
      SECRET: 'too-short',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'yes',
      SUPER_ADMIN_EMAIL: 'not-an-email',
      BODY_LIMIT_BYTES: '10',
    });
    const named = problems.map((problem) => problem.split(':')[0]).sort();
    expect(named).toEqual([
      'BODY_LIMIT_BYTES',
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'SECRET',
      'SUPER_ADMIN_EMAIL',
      'TRUST_PROXY',
    ]);
  });

  it('fills in defaults and ignores empty values', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: dataDir,
      MODELS_DIR: path.join(dataDir, 'models'),
      DATABASE_POOL_SIZE: 10,
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      COOKIE_SECURE: 'auto',
      SESSION_TTL_HOURS: 168,
      BODY_LIMIT_BYTES: 1024 * 1024,
      PASSWORD_MIN_LENGTH: 8,
      AUTH_RATE_LIMIT_MAX: 10,
      AUTH_RATE_LIMIT_IP_MAX: 50,
      AUTH_RATE_LIMIT_WINDOW_SECONDS: 900,
      database: { dialect: 'sqlite', file: path.join(dataDir, 'hearth.db') },
    });
    expect(config.SUPER_ADMIN_EMAIL).toBeUndefined();
  });

  it('reads numbers and booleans from their text', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      TRUST_PROXY: '1',
      COOKIE_SECURE: 'true',
      SESSION_TTL_HOURS: '2',
    });
    expect(config).toMatchObject({ PORT: 8080, TRUST_PROXY: 1, COOKIE_SECURE: 'true', SESSION_TTL_HOURS: 2 });
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never as "trust every hop"', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust('true')).toBe(1);
    expect(trust('false')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.2, 172.16.0.0/12,::1')).toEqual(['10.0.0.2', '172.16.0.0/12', '::1']);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/99' })[0]).toMatch(/^TRUST_PROXY/);
    expect(problemsOf({ TRUST_PROXY: 'proxy.local' })[0]).toMatch(/^TRUST_PROXY/);
  });

  it('reads ALLOWED_HOSTS as a lower-cased list', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ALLOWED_HOSTS: 'Hearth.Example, chat.example:8443,' });
    expect(config.ALLOWED_HOSTS).toEqual(['hearth.example', 'chat.example:8443']);
  });

  it('generates a secret into DATA_DIR/secret (mode 600) and reuses it on the next load', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secret');
    expect(first.SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).SECRET).toBe(first.SECRET);
  });

  it('replaces a stored secret that is too short, and prefers SECRET from the environment', () => {
    writeFileSync(path.join(dataDir, 'secret'), 'short\n');
    const regenerated = loadConfig({ DATA_DIR: dataDir }).SECRET;
    expect(regenerated.length).toBeGreaterThanOrEqual(32);
    const given = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, SECRET: given }).SECRET).toBe(given);
  });

  it.each([
    ['postgres://hearth@db:5432/hearth', { dialect: 'postgres', url: 'postgres://hearth@db:5432/hearth' }],
    ['postgresql://hearth@db/hearth', { dialect: 'postgres', url: 'postgresql://hearth@db/hearth' }],
    ['sqlite:///var/lib/hearth/h.db', { dialect: 'sqlite', file: '/var/lib/hearth/h.db' }],
    ['file:/tmp/h.db', { dialect: 'sqlite', file: '/tmp/h.db' }],
  ])('DATABASE_URL %s picks its dialect', (url, database) => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).database).toEqual(database);
  });
});
