import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import * as schema from './schema.ts';

/** The Drizzle database, whichever driver runs it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Human-readable location, printed at start. */
  where: string;
  /** The driver's own handle, for libraries that bring their own SQL (the pg-boss queue of server/outreach). */
  raw: { kind: 'postgres'; pool: Pool; url: string } | { kind: 'pglite'; client: PGlite };
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL at `databaseUrl`, else the embedded PGlite in `<dataDir>/pglite` (created on
 * first start), and applies the migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** In-memory PGlite only: start from this data directory (`dumpDataDir()`), e.g. one migrated already. */
  loadDataDir?: Blob | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 20 });
    // An idle connection the server drops (restart, failover) must not crash the process.
    pool.on('error', (error) => console.error(`[db] idle connection lost: ${error.message}`));
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    const url = new URL(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      where: `postgres://${url.host}${url.pathname}`,
      raw: { kind: 'postgres', pool, url: options.databaseUrl },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (options.dataDir) {
    dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // No dataDir: an in-memory database (tests).
  // pg_trgm: migration 0001 creates the extension (its trigram index is gone since 0015).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(options.loadDataDir && !dir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    where: dir ? `PGlite in ${dir}` : 'PGlite in memory',
    raw: { kind: 'pglite', client },
    close: () => client.close(),
  };
}

/** The rows of a raw `db.execute(sql…)`; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A raw row (`db.execute`) holding `table`'s columns by their SQL names, as the query builder
 * returns it: by property name, each value mapped as its column maps it (a timestamp to a Date).
 */
export function tableRow<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
