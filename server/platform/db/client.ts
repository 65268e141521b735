import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema.ts';
import { EmbeddedClient } from './embedded.ts';
import type { QueueOptions } from './queue.ts';
import { ConfigurationRefused, DEFAULT_POOL_SIZE } from '../config.ts';

/** The Drizzle database, whichever driver runs it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * Where the search statement reads the leads: a read replica (DATABASE_READ_URL), else null and
   * `db` (server/leads/search.ts `findLeads`). Nothing else reads from it.
   */
  replica: Db | null;
  kind: 'pglite' | 'postgres';
  /** Human-readable location, printed at start. */
  where: string;
  /** The driver's own handle, for libraries that bring their own SQL (the pg-boss queue of server/outreach). */
  raw:
    | {
        kind: 'postgres';
        pool: Pool;
        url: string;
        /** Connections the outreach queue may open besides its LISTEN one (its share of the pool size). */
        queuePool: number;
      }
    | { kind: 'pglite'; client: EmbeddedClient };
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Of DATABASE_POOL_SIZE, what the outreach queue (pg-boss) opens: a pool of 2 and the connection it
 * LISTENs on. The rest is the requests' pool.
 */
export const QUEUE_CONNECTIONS = 3;

/** An idle connection the server drops (restart, failover) must not crash the process. */
const logLost = (which: string) => (error: Error) =>
  console.error(`[db] idle ${which} connection lost: ${error.message}`);

/**
 * Opens PostgreSQL at `databaseUrl` (and its read replica at `readUrl`), else the embedded PGlite
 * in `<dataDir>/pglite` (created on first start), and applies the migrations. `poolSize` is every
 * connection this process opens to the primary, the outreach queue's included (README:
 * DATABASE_POOL_SIZE); the replica gets as many as the requests' pool.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  readUrl?: string | undefined;
  poolSize?: number | undefined;
  dataDir?: string | undefined;
  /** In-memory PGlite only: start from this data directory (`dumpDataDir()`), e.g. one migrated already. */
  loadDataDir?: Blob | undefined;
  /**
   * PGlite on a worker thread of its own (default: with a `dataDir`, as the server runs it), so a
   * statement never blocks the event loop; tests' in-memory databases run on their own thread.
   */
  thread?: boolean | undefined;
  /** The embedded database's queue (default DATABASE_QUEUE in server/platform/limits.ts). */
  queue?: QueueOptions | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const size = options.poolSize ?? DEFAULT_POOL_SIZE;
    const requests = Math.max(1, size - QUEUE_CONNECTIONS);
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: requests,
      application_name: 'honeyleads',
    });
    pool.on('error', logLost('database'));
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    let replicaPool: Pool | null = null;
    if (options.readUrl) {
      replicaPool = new Pool({
        connectionString: options.readUrl,
        max: requests,
        application_name: 'honeyleads-search',
      });
      replicaPool.on('error', logLost('replica'));
    }
    const url = new URL(options.databaseUrl);
    const where = `postgres://${url.host}${url.pathname}`;
    return {
      db,
      replica: replicaPool ? (drizzle(replicaPool, { schema }) as unknown as Db) : null,
      kind: 'postgres',
      where: options.readUrl
        ? `${where}, searches read from the replica postgres://${new URL(options.readUrl).host}${new URL(options.readUrl).pathname}`
        : where,
      raw: { kind: 'postgres', pool, url: options.databaseUrl, queuePool: QUEUE_CONNECTIONS - 1 },
      close: async () => {
        await Promise.all([pool.end(), replicaPool?.end()]);
      },
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (options.dataDir) {
    dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // One process at a time on a data directory. No dataDir: an in-memory database (tests).
  const release = dir ? lockDataDir(dir) : () => undefined;
  let client: EmbeddedClient;
  try {
    client = await EmbeddedClient.open(
      {
        thread: options.thread ?? Boolean(dir),
        ...(dir ? { dataDir: dir } : {}),
        ...(options.loadDataDir && !dir ? { loadDataDir: await options.loadDataDir.arrayBuffer() } : {}),
      },
      options.queue,
    );
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzle(client as never, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  return {
    db,
    replica: null,
    kind: 'pglite',
    where: dir ? `PGlite in ${dir}` : 'PGlite in memory',
    raw: { kind: 'pglite', client },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** Embedded data directories this process has open. */
const opened = new Set<string>();

/** Whether process `pid` is running (signal 0 checks without signalling). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Holds the embedded data directory `dir` for this process, or refuses: PGlite keeps no lock of its
 * own, and two processes writing one data directory (a server and `npm run leads:import`) corrupt
 * it. `<dir>.pid` (beside it: the directory is PostgreSQL's) names the holder; one that is no
 * longer running (killed) is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.pid`;
  const refuse = (pid: number) =>
    new ConfigurationRefused(
      `The embedded database in ${dir} is open in another process (pid ${pid}, a running server?). ` +
        'It serves one process at a time: stop that process first (import leads with the server stopped), ' +
        'or use PostgreSQL (DATABASE_URL), where imports run beside the server.',
    );
  if (opened.has(dir)) throw refuse(process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      // The holder is gone (or is this very process after a restart under the same pid): take over.
      if (attempt > 0 || (pid > 0 && pid !== process.pid && running(pid))) throw refuse(pid);
      rmSync(file, { force: true });
    }
  }
  opened.add(dir);
  return () => {
    if (!opened.delete(dir)) return;
    rmSync(file, { force: true });
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
