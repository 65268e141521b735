import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedBefore } from './migrations.ts';
import { drizzle } from 'drizzle-orm/pglite';
import { generateLeads } from '../../server/leads/generate.ts';
import { findLeads, categoryIdsFor } from '../../server/leads/search.ts';
import { parseQuery } from '../../server/search/parse.ts';
import * as schema from '../../server/platform/db/schema.ts';
import type { Db } from '../../server/platform/db/client.ts';

/**
 * Upgrading keeps every row: the database is built with the migrations before 0006, filled as it
 * was then (demo leads, ledger rows with English words), and migrated. Demo leads get the kind of
 * company a fresh seed gives them; ledger details lose their English words; search finds them
 * through the keys migration 0012 builds.
 */

let db: PGlite;
const generated = generateLeads({ perMajor: 1, perOther: 0 });

beforeAll(async () => {
  const old = await migratedBefore('0006');
  db = old.db;
  for (const lead of generated)
    await db.query(
      `INSERT INTO leads (id, name, role, country, city, website, size, description_en, description_zh, category_ids, search_text, quality)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        lead.id,
        lead.name,
        lead.role,
        lead.country,
        lead.city,
        lead.website,
        lead.size,
        lead.descriptionEn,
        lead.descriptionZh,
        lead.categoryIds,
        lead.searchText,
        lead.quality,
      ],
    );
  // Ledger rows as they were written before 0007: English words in `detail`.
  await db.exec(
    `INSERT INTO users (id, email, password_hash, user_name) VALUES (1, 'old@example.com', 'x', 'old')`,
  );
  // A session from before 0017: its token is as old as the session.
  await db.exec(`INSERT INTO sessions (user_id, token_hash, created_at, expires_at)
    VALUES (1, 'old-session-hash', '2027-01-01T00:00:00Z', '2027-01-31T00:00:00Z')`);
  // A plan bought before 0016 (no anchor stored): it ends on 3 March, as 31 January + 1 month did.
  await db.exec(`INSERT INTO users (id, email, password_hash, user_name, subscription_status, plan_goods_id, pay_cycle, service_expiration_time)
    VALUES (2, 'subscriber@example.com', 'x', 'subscriber', 1, 13, 1, '2027-03-03T10:15:00Z')`);
  await db.exec(`INSERT INTO ledger (user_id, amount, reason, detail, ref) VALUES
    (1, 5, 'signup_bonus', 'welcome', 'signup-bonus'),
    (1, 200, 'plan', 'Monthly plan', 'payment:1'),
    (1, 3000, 'plan', 'Yearly plan renewal', 'invoice:1'),
    (1, 50, 'bundle', '50 extra unlocks', 'payment:2'),
    (1, 100, 'adjustment', 'demo account', 'demo-seed'),
    (1, 50, 'redeem', 'HONEY-ABCD-EFGH', 'redeem:HONEY-ABCD-EFGH'),
    (1, -1, 'unlock', 'Monthly Plan Traders GmbH', 'unlock:L000001')`);
  await old.upgrade();
}, 60_000);
afterAll(() => db.close());

describe('migration 0007 (ledger details without English words)', () => {
  it('moves plans, renewals and notes out of the text and keeps names as written', async () => {
    const { rows } = await db.query<{ detail: string; goods_id: number | null; note: string }>(
      'SELECT detail, goods_id, note FROM ledger ORDER BY id',
    );
    expect(rows).toEqual([
      { detail: '', goods_id: null, note: 'welcome' },
      { detail: '', goods_id: 13, note: '' },
      { detail: '', goods_id: 23, note: 'renewal' },
      { detail: '', goods_id: 1, note: '' },
      { detail: '', goods_id: null, note: 'demo' },
      { detail: 'HONEY-ABCD-EFGH', goods_id: null, note: '' },
      { detail: 'Monthly Plan Traders GmbH', goods_id: null, note: '' },
    ]);
  });
});

describe('migration 0016 (plan anchors)', () => {
  it('counts the periods of a plan bought before it from its current end; no plan, no anchor', async () => {
    const { rows } = await db.query<{
      id: number;
      plan_anchor: Date | null;
      service_expiration_time: Date | null;
    }>('SELECT id, plan_anchor, service_expiration_time FROM users ORDER BY id');
    expect(rows.map((row) => [row.id, row.plan_anchor?.toISOString() ?? null])).toEqual([
      [1, null],
      [2, '2027-03-03T10:15:00.000Z'],
    ]);
  });
});

describe('migration 0017 (session rotation)', () => {
  it('replaces the token of a session from before it on its next use, and counts its idle days from the upgrade', async () => {
    const { rows } = await db.query<{
      token_created_at: Date;
      last_used_at: Date;
      previous_token_hash: null;
    }>('SELECT token_created_at, last_used_at, previous_token_hash FROM sessions');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_created_at.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(rows[0]!.last_used_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(rows[0]!.previous_token_hash).toBeNull();
  });
});

describe('migration 0006 (company_type)', () => {
  it('keeps every lead and fills in the kind of company the generator gives', async () => {
    const { rows } = await db.query<{ id: string; company_type: string }>(
      'SELECT id, company_type FROM leads ORDER BY id',
    );
    expect(rows.length).toBe(generated.length);
    const expected = new Map(generated.map((lead) => [lead.id, lead.companyType]));
    const wrong = rows.filter((row) => expected.get(row.id) !== row.company_type);
    expect(wrong).toEqual([]);
    // Every kind appears, and none is left unknown.
    expect(new Set(rows.map((row) => row.company_type))).toEqual(
      new Set([
        'importer',
        'distributor',
        'wholesaler',
        'retailer',
        'contractor',
        'manufacturer',
        'exporter',
      ]),
    );
  });
});

describe('migration 0012 (search keys)', () => {
  it('lets search find the companies stored before it, and only those that match', async () => {
    const orm = drizzle(db, { schema }) as unknown as Db;
    for (const sentence of [
      'LED panel buyers',
      '美国的家具买家',
      'textile fabric suppliers',
      'only furniture importers',
    ]) {
      const understood = parseQuery(sentence);
      const asked = new Set(categoryIdsFor(understood));
      const matching = generated.filter(
        (lead) =>
          lead.role === understood.role &&
          (understood.countries.length === 0 || understood.countries.includes(lead.country)) &&
          lead.categoryIds.some((id) => asked.has(id)) &&
          // Importers insisted on: listed as importers (companies stored before 0006 have no
          // records to be importers by: server/search/kinds.ts).
          (!understood.conditions.companyType || lead.companyType === understood.conditions.companyType),
      );
      expect(matching.length, sentence).toBeGreaterThan(0);
      const found = await findLeads(orm, understood, new Date());
      expect(found.rows.length, sentence).toBe(Math.min(10, matching.length));
      const ids = new Set(matching.map((lead) => lead.id));
      expect(
        found.rows.filter((row) => !ids.has(row.id)),
        sentence,
      ).toEqual([]);
    }
  });
});
