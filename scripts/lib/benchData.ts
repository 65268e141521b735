import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../server/platform/db/client.ts';
import { seedDemo } from '../../server/seed.ts';
import { redeemCodes, users } from '../../server/platform/db/schema.ts';
import { seedLeads } from '../../server/leads/seed.ts';
import { recordShown } from '../../server/leads/service.ts';
import { grantBeans } from '../../server/billing/ledger.ts';

export const BENCH_PASSWORD = 'Bench2026!';

export interface BenchData {
  emails: string[];
  codes: string[];
  leadIds: string[];
  leadCount: number;
}

/**
 * Prepares the database the benchmarked server will open, through the server's own modules:
 * the demo seed, `users` verified accounts with beans (each has its own 30 free searches a day,
 * so search is measured without touching the quota), `codes` unused redeem codes, and with
 * `leads` more than the demo's, copies of the demo companies under new ids (PostgreSQL only).
 * `unlockable` random leads (`leadIds`) are recorded as shown to every account, with the writer
 * a search uses: only leads a search returned to a user can be unlocked (or saved), and searching
 * for them through the API instead would spend the free searches the search run measures (a
 * search returns at most 10 leads, the same 10 to everyone for one sentence).
 */
export async function prepareBenchData(options: {
  databaseUrl?: string;
  dataDir?: string;
  users: number;
  codes: number;
  leads?: number;
  unlockable: number;
}): Promise<BenchData> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  const { db } = database;
  try {
    await seedDemo(db);
    await seedLeads(db);
    if (options.leads) await growLeads(db, options.leads);
    const passwordHash = await hash(BENCH_PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    // Accounts and codes of this run only, so a reused database (bench:api --database) has fresh
    // daily searches and unused codes.
    const run = Date.now().toString(36).toUpperCase();
    const emails = Array.from(
      { length: options.users },
      (_, i) => `bench-${run.toLowerCase()}-${i}@bench.example`,
    );
    const created = await db
      .insert(users)
      .values(
        emails.map((email, i) => ({
          email,
          passwordHash,
          userName: `Bench ${i}`,
          emailVerifiedAt: new Date(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id });
    for (const { id } of created)
      await db.transaction((tx) =>
        grantBeans(tx, id, 100_000, 'adjustment', { text: 'benchmark' }, `bench-${id}`),
      );
    const codes = Array.from(
      { length: options.codes },
      (_, i) => `BENCH-${run}-${String(i).padStart(6, '0')}`,
    );
    for (let i = 0; i < codes.length; i += 1000)
      await db
        .insert(redeemCodes)
        .values(codes.slice(i, i + 1000).map((code) => ({ code, beans: 1 })))
        .onConflictDoNothing();
    const leadIds = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM leads ORDER BY random() LIMIT ${options.unlockable}`),
    ).map((r) => r.id);
    for (const { id } of created) await recordShown(db, id, leadIds);
    const n = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM leads`))[0]!.n;
    return { emails, codes, leadIds, leadCount: n };
  } finally {
    await database.close();
  }
}

/**
 * Grows the leads table to `target` rows by copying the demo companies under new ids (suffixing
 * the name with the copy number) with their people, contacts and shipment records (issue 14), in
 * set-based SQL so a million leads take minutes, not hours of single inserts.
 */
async function growLeads(db: Awaited<ReturnType<typeof openDatabase>>['db'], target: number) {
  const count = async () => {
    const r = await db.execute(sql`SELECT count(*)::int AS n, max(substr(id, 2)::int) AS top FROM leads`);
    return rowsOf<{ n: number; top: number }>(r)[0]!;
  };
  const first = await count();
  const top = first.top;
  let n = first.n;
  const base = n;
  for (let copy = 1; n < target; copy++) {
    const take = Math.min(base, target - n);
    const offset = top * copy;
    const suffix = ` ${copy}`;
    await db.transaction(async (tx) => {
      // Copies keep their people (ids `<new lead id>.<n>`), contacts and shipment records.
      const newId = (column: string) =>
        sql.raw(`'L' || lpad((substr(${column}, 2)::int + ${Number(offset)})::text, 8, '0')`);
      const source = sql`SELECT id FROM leads WHERE substr(id, 2)::int <= ${top}::int ORDER BY id LIMIT ${take}::int`;
      await tx.execute(sql`
        INSERT INTO leads (id, name, role, country, city, website, size, company_type, description_en,
                           description_zh, category_ids, search_text, quality, founded_year, traded_category_ids)
        SELECT ${newId('id')}, name || ${suffix}::text,
               role, country, city, website, size, company_type, description_en, description_zh, category_ids,
               search_text, quality, founded_year, traded_category_ids
        FROM leads WHERE id IN (${source})`);
      await tx.execute(sql`
        INSERT INTO lead_people (id, lead_id, name, title, department, seniority, position, source)
        SELECT ${newId('lead_id')} || '.' || split_part(id, '.', 2), ${newId('lead_id')}, name, title,
               department, seniority, position, source
        FROM lead_people WHERE lead_id IN (${source})`);
      await tx.execute(sql`
        INSERT INTO lead_contacts (lead_id, person_id, kind, value, label, position)
        SELECT ${newId('lead_id')}, CASE WHEN person_id IS NULL THEN NULL
                 ELSE ${newId('lead_id')} || '.' || split_part(person_id, '.', 2) END,
               kind, value, label, position
        FROM lead_contacts WHERE lead_id IN (${source})`);
      await tx.execute(sql`
        INSERT INTO lead_shipments (lead_id, shipped_on, hs_code, category_id, product, quantity, quantity_unit,
                                    weight_kg, origin, destination_port, supplier, source_name, source_url, source_ref)
        SELECT ${newId('lead_id')}, shipped_on, hs_code, category_id, product, quantity, quantity_unit,
               weight_kg, origin, destination_port, supplier, source_name, source_url, source_ref
        FROM lead_shipments WHERE lead_id IN (${source})`);
    });
    n += take;
    process.stdout.write(`\r  leads: ${n.toLocaleString('en')} of ${target.toLocaleString('en')}`);
  }
  process.stdout.write('\n');
  await db.execute(sql`ANALYZE leads`);
  await db.execute(sql`ANALYZE lead_contacts`);
  await db.execute(sql`ANALYZE lead_people`);
  await db.execute(sql`ANALYZE lead_shipments`);
  // The keys were written and rewritten as people and records arrived: vacuumed, search reads
  // its candidates from the index alone.
  await db.execute(sql`VACUUM ANALYZE lead_search_keys`);
}
