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
    const emails = Array.from({ length: options.users }, (_, i) => `bench-${i}@bench.example`);
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
    const codes = Array.from({ length: options.codes }, (_, i) => `BENCH-${String(i).padStart(6, '0')}`);
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
 * the name with the copy number) with their contacts, in set-based SQL so a million rows take
 * seconds, not an hour of single inserts.
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
      await tx.execute(sql`
        INSERT INTO leads (id, name, role, country, city, website, size, description_en,
                           description_zh, category_ids, search_text, quality)
        SELECT 'L' || lpad((substr(id, 2)::int + ${offset}::int)::text, 8, '0'), name || ${suffix}::text,
               role, country, city, website, size, description_en, description_zh, category_ids,
               search_text, quality
        FROM leads WHERE substr(id, 2)::int <= ${top}::int ORDER BY id LIMIT ${take}::int`);
      await tx.execute(sql`
        INSERT INTO lead_contacts (lead_id, kind, value, label, position)
        SELECT 'L' || lpad((substr(lead_id, 2)::int + ${offset}::int)::text, 8, '0'), kind, value, label, position
        FROM lead_contacts WHERE substr(lead_id, 2)::int <= ${top}::int
          AND lead_id IN (SELECT id FROM leads WHERE substr(id, 2)::int <= ${top}::int ORDER BY id LIMIT ${take}::int)`);
    });
    n += take;
    process.stdout.write(`\r  leads: ${n.toLocaleString('en')} of ${target.toLocaleString('en')}`);
  }
  process.stdout.write('\n');
  await db.execute(sql`ANALYZE leads`);
  await db.execute(sql`ANALYZE lead_contacts`);
}
