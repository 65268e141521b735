import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../scripts/lib/local.ts';
import { openDatabase } from '../../server/platform/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an in-memory PGlite with every migration applied (`dumpDataDir`), or ''. */
    pgliteTemplate: string;
    /** With DATABASE_URL: a PostgreSQL database with every migration applied, to copy, or ''. */
    pgTemplate: string;
  }
}

/**
 * Migrates one database for the whole API run and hands it to every test file
 * (tests/api/harness.ts `freshDatabase`): each file still gets a database of its own, a copy,
 * without paying for the migrations again. In-memory PGlite: its data directory (`dumpDataDir`);
 * with DATABASE_URL: a PostgreSQL database each file's is created from (`CREATE DATABASE … TEMPLATE`).
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (base) {
    project.provide('pgliteTemplate', '');
    const url = new URL(await createDatabase(base, 'hl_template'));
    const template = await openDatabase({ databaseUrl: url.href });
    await template.close();
    const name = url.pathname.slice(1);
    project.provide('pgTemplate', name);
    return async () => {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    };
  }
  project.provide('pgTemplate', '');
  const database = await openDatabase({});
  if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await database.raw.client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'honeyleads-pglite-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
