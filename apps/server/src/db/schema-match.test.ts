import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDb } from '../../test/test-server';

/** Tables the migrations make that queries never name: the migrator's own, and the search engines' internals. */
const INTERNAL_TABLE = /^(kysely_|sqlite_)|_fts(_|$)|^vec_|_vec(_|$)/;

interface DeclaredColumn {
  nullable: boolean;
  /** Declared optional (`name?:`): a column only one dialect has, such as PostgreSQL's generated tsvector. */
  dialectOnly: boolean;
}

/**
 * The hand-kept db/schema.ts, read with the TypeScript compiler: `Database` maps table names to interfaces, and
 * each interface's properties are the columns (nullable when the type includes null).
 */
function declaredSchema(): Map<string, Map<string, DeclaredColumn>> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const database = interfaces.get('Database');
  if (!database) throw new Error('schema.ts has no Database interface');
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = interfaces.get(member.type.typeName.getText(source));
    if (!table) throw new Error(`schema.ts: no interface for ${member.name.getText(source)}`);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of table.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      columns.set(column.name.getText(source), {
        nullable: /\bnull\b/.test(column.type.getText(source)),
        dialectOnly: column.questionToken !== undefined,
      });
    }
    tables.set(member.name.getText(source), columns);
  }
  return tables;
}

describe(`db/schema.ts matches what the migrations create (${testDb})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
  });
  afterAll(() => server.close());

  it('has every table and column, with the same nullability', async () => {
    const declared = declaredSchema();
    const actual = new Map(
      (await server.app.db.kysely.introspection.getTables())
        .filter((table) => !INTERNAL_TABLE.test(table.name))
        .map((table) => [table.name, new Map(table.columns.map((column) => [column.name, column]))]),
    );
    expect([...actual.keys()].sort()).toEqual([...declared.keys()].sort());
    const problems: string[] = [];
    for (const [table, columns] of declared) {
      const real = actual.get(table);
      if (!real) continue;
      const names = new Set([...columns.keys(), ...real.keys()]);
      for (const name of names) {
        const want = columns.get(name);
        const have = real.get(name);
        if (!want) problems.push(`${table}.${name} exists in the database but not in schema.ts`);
        else if (want.dialectOnly) continue;
        else if (!have) problems.push(`${table}.${name} is in schema.ts but no migration creates it`);
        // SQLite reports primary keys of rowid tables as nullable; only the declared side is checked for those.
        else if (want.nullable !== have.isNullable && !(testDb === 'sqlite' && !want.nullable && have.isNullable))
          problems.push(`${table}.${name}: schema.ts says ${want.nullable ? '' : 'not '}nullable`);
      }
    }
    expect(problems).toEqual([]);
  });
});
