import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Upgrade tests: a database built with the migrations before a given one, to fill as it was then
 * and migrate the rest of the way (server/platform/db/migrations).
 */
const folder = new URL('../../server/platform/db/migrations/', import.meta.url);
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

async function run(db: PGlite, names: string[]): Promise<void> {
  for (const name of names)
    for (const statement of readFileSync(new URL(name, folder), 'utf8').split('--> statement-breakpoint'))
      if (statement.trim()) await db.exec(statement);
}

/** An in-memory database migrated up to, not including, the migration numbered `before` ("0006"). */
export async function migratedBefore(before: string): Promise<{ db: PGlite; upgrade(): Promise<void> }> {
  const db = new PGlite({ extensions: { pg_trgm } });
  await db.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await run(
    db,
    files.filter((f) => f < before),
  );
  return {
    db,
    upgrade: () =>
      run(
        db,
        files.filter((f) => f >= before),
      ),
  };
}
