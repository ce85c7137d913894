import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDb } from '../../test/test-server';
import { InstanceSettingsRepository } from '../features/admin-settings/instance-settings.repository';
import { AuditRepository } from '../features/audit/audit.repository';
import { AuditService, SYSTEM_CONTEXT } from '../features/audit/audit.service';
import type { Tx } from '../lib/unit-of-work';
import { createDb, type Db } from './database';
import { executor, KyselyUnitOfWork } from './unit-of-work';

describe(`unit of work (${testDb})`, () => {
  let db: Db;
  let uow: KyselyUnitOfWork;
  let settings: InstanceSettingsRepository;
  let audit: AuditService;
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-uow-'));

  beforeAll(async () => {
    const database =
      testDb === 'postgres'
        ? ({ dialect: 'postgres', url: await createPostgresDatabase() } as const)
        : ({ dialect: 'sqlite', file: path.join(dir, 'uow.db') } as const);
    db = createDb(database);
    await db.migrate();
    uow = new KyselyUnitOfWork(db.kysely);
    settings = new InstanceSettingsRepository(db.kysely);
    audit = new AuditService(new AuditRepository(db.kysely, db.dialect));
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A change (an instance setting) and its audit entry, as every audited service writes them. */
  const change = async (tx: Tx, key: string) => {
    await settings.setJson(key, { on: true }, tx);
    await audit.record(tx, { userId: null, action: 'UPDATE', resourceType: key }, SYSTEM_CONTEXT);
  };
  const stored = async (key: string) => ({
    setting: await settings.getJson(key),
    entries: (await db.kysely.selectFrom('audit_logs').select('id').where('resource_type', '=', key).execute()).length,
  });

  it('commits a change and its audit entry together', async () => {
    const key = `uow-${randomUUID()}`;
    await uow.run((tx) => change(tx, key));
    expect(await stored(key)).toEqual({ setting: { on: true }, entries: 1 });
  });

  it('rolls a change and its audit entry back together when the work throws', async () => {
    const key = `uow-${randomUUID()}`;
    await expect(
      uow.run(async (tx) => {
        await change(tx, key);
        throw new Error('failed after the entry was written');
      }),
    ).rejects.toThrow('failed after the entry was written');
    expect(await stored(key)).toEqual({ setting: undefined, entries: 0 });
  });

  it('lets a nested run join the outer transaction: it rolls back with the outer work', async () => {
    const key = `uow-${randomUUID()}`;
    let inner: Tx | undefined;
    await expect(
      uow.run(async (outer) => {
        // On SQLite a second transaction would wait for this one forever; joining is what lets this finish.
        await uow.run(async (tx) => {
          inner = tx;
          await change(tx, key);
        });
        expect(inner).toBe(outer);
        const seen = await executor(outer)
          .selectFrom('instance_settings')
          .select('key')
          .where('key', '=', key)
          .execute();
        expect(seen).toHaveLength(1);
        throw new Error('the outer work failed');
      }),
    ).rejects.toThrow('the outer work failed');
    expect(await stored(key)).toEqual({ setting: undefined, entries: 0 });
  });

  it('refuses a Tx after its unit of work ended, and work resumed later opens its own', async () => {
    let kept: Tx | undefined;
    let release: () => void = () => undefined;
    let later: Promise<Tx> | undefined;
    await uow.run(async (tx) => {
      kept = tx;
      // Started inside the unit of work (so it carries its async context), run only once it has committed.
      const gate = new Promise<void>((resolve) => (release = resolve));
      later = gate.then(() => uow.run(async (own) => own));
    });
    expect(() => executor(kept as Tx)).toThrow('This transaction has ended');
    release();
    const own = await later;
    expect(own).toBeDefined();
    expect(own).not.toBe(kept);
  });
});
