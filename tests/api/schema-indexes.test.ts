import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/platform/db/client.ts';
import * as schema from '../../server/platform/db/schema.ts';

let database: Database;
beforeAll(async () => {
  // PGlite in memory, or DATABASE_URL when set (npm run test:pg): both must end with the schema's indexes.
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
});
afterAll(() => database.close());

describe('server/platform/db/schema.ts is the source of truth for indexes', () => {
  it('the migrated database has exactly the indexes the schema declares (primary keys and unique constraints aside)', async () => {
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .flatMap((table) => getTableConfig(table).indexes.map((index) => index.config.name))
      .sort();
    type Row = { indexname: string };
    const result: unknown = await database.db.execute(
      sql`select indexname from pg_indexes i where schemaname = 'public' and not exists (
            select 1 from pg_constraint c where c.conname = i.indexname) order by indexname`,
    );
    // node-postgres answers `{ rows }`, PGlite's drizzle driver too; tolerate a bare array.
    const rows = Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
    const actual = rows.map((r) => r.indexname);
    expect(actual.sort()).toEqual(declared);
    expect(declared).toEqual(
      expect.arrayContaining(['lead_search_keys_find_idx', 'lead_shipments_lead_idx']),
    );
  });
});
