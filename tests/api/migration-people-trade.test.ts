import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/platform/db/schema.ts';
import type { Db } from '../../server/platform/db/client.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { enrichSeededDemo } from '../../server/leads/seed.ts';
import { migratedBefore } from './migrations.ts';

/**
 * Upgrading to migration 0009 (people, founding years, shipments; issue 14) keeps every lead,
 * contact, unlock and saved lead as it was. A demo database seeded before it then gets the demo's
 * people and shipments on its next start, linking the named addresses it already had, and leaves
 * an imported company alone.
 */

let db: PGlite;
let orm: Db;
const asOf = new Date();
// The demo companies of one country, as the seed before 0009 stored them: no people, no records,
// and no direct lines of people (those are new).
const demo = generateLeads({ asOf }).filter((lead) => lead.country === 'NZ');
const old = demo.map((lead) => ({
  ...lead,
  contacts: lead.contacts.filter((c) => !(c.kind === 'phone' && c.personId)),
}));
const esc = (text: string) => text.replace(/'/g, "''");
const before: Record<string, Record<string, unknown>[]> = {};

async function table(name: string, order: string) {
  return (await db.query<Record<string, unknown>>(`SELECT * FROM ${name} ORDER BY ${order}`)).rows;
}

beforeAll(async () => {
  const migrated = await migratedBefore('0009');
  db = migrated.db;
  const leadRows = old
    .map(
      (l) =>
        `('${l.id}', '${esc(l.name)}', '${l.role}', '${l.country}', '${esc(l.city)}', '${l.size}', '${l.companyType}', '{${l.categoryIds.join(',')}}', ${l.quality})`,
    )
    .join(', ');
  const contactRows = old
    .flatMap((l) =>
      l.contacts.map((c) => `('${l.id}', '${c.kind}', '${esc(c.value)}', '${esc(c.label)}', ${c.position})`),
    )
    .join(', ');
  await db.exec(`
    INSERT INTO users (email, password_hash, user_name) VALUES ('a@example.com', 'x', 'a');
    INSERT INTO leads (id, name, role, country, city, size, company_type, category_ids, quality) VALUES ${leadRows},
      ('L9000001', 'Imported Co', 'buyer', 'NZ', 'Auckland', '', '', '{1}', 4);
    INSERT INTO lead_contacts (lead_id, kind, value, label, position) VALUES ${contactRows},
      ('L9000001', 'email', 'jane.doe@imported.example', 'valid', 0);
    INSERT INTO unlocks (user_id, lead_id, emails_shown) VALUES (1, '${old[0]!.id}', 5);
    INSERT INTO collects (user_id, lead_id, memo) VALUES (1, '${old[1]!.id}', '下周跟进');
  `);
  before.leads = await table('leads', 'id');
  before.lead_contacts = await table('lead_contacts', 'id');
  before.unlocks = await table('unlocks', 'lead_id');
  before.collects = await table('collects', 'lead_id');
  await migrated.upgrade();
  orm = drizzle(db, { schema }) as unknown as Db;
}, 120_000);
afterAll(() => db.close());

describe('migration 0009 (people and trade evidence)', () => {
  it('keeps every row; new columns start empty', async () => {
    const leads = await table('leads', 'id');
    expect(leads).toHaveLength(before.leads!.length);
    expect(
      leads.map(({ founded_year: _f, traded_category_ids: _t, ...rest }: Record<string, unknown>) => rest),
    ).toEqual(before.leads);
    for (const lead of leads as { founded_year: unknown; traded_category_ids: unknown }[]) {
      expect(lead.founded_year).toBeNull();
      expect(lead.traded_category_ids).toEqual([]);
    }
    const contacts = await table('lead_contacts', 'id');
    expect(contacts.map(({ person_id: _p, ...rest }: Record<string, unknown>) => rest)).toEqual(
      before.lead_contacts,
    );
    expect(await table('unlocks', 'lead_id')).toEqual(before.unlocks);
    expect(await table('collects', 'lead_id')).toEqual(before.collects);
    expect(await table('lead_people', 'id')).toEqual([]);
    expect(await table('lead_shipments', 'id')).toEqual([]);
  });

  it('gives the seeded demo its people and records once, as a fresh seed has them, and leaves imports alone', async () => {
    const contactsBefore = await table('lead_contacts', 'id');
    expect(await enrichSeededDemo(orm, asOf)).toBe(demo.length);
    const people = (
      await db.query<{ id: string; lead_id: string; name: string }>(
        'SELECT id, lead_id, name FROM lead_people ORDER BY lead_id, position',
      )
    ).rows;
    expect(people).toEqual(
      demo.flatMap((lead) => lead.people.map((p) => ({ id: p.id, lead_id: lead.id, name: p.name }))),
    );
    expect(people.length).toBeGreaterThan(0);
    // Every contact it had is still there, the named addresses now linked to their person.
    const contacts = (
      await db.query<{ id: number; lead_id: string; kind: string; value: string; person_id: string | null }>(
        'SELECT id, lead_id, kind, value, person_id FROM lead_contacts ORDER BY id',
      )
    ).rows;
    for (const row of contactsBefore as { id: number }[])
      expect(contacts.some((c) => c.id === row.id)).toBe(true);
    const fresh = demo.flatMap((lead) =>
      lead.contacts.map((c) => `${lead.id} ${c.kind} ${c.value} ${c.personId ?? null}`),
    );
    expect(
      contacts
        .filter((c) => c.lead_id !== 'L9000001')
        .map((c) => `${c.lead_id} ${c.kind} ${c.value} ${c.person_id}`)
        .sort(),
    ).toEqual(fresh.sort());
    const shipments = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_shipments'))
      .rows[0]!.n;
    expect(shipments).toBe(demo.reduce((n, lead) => n + lead.shipments.length, 0));
    const imported = (await db.query(`SELECT * FROM leads WHERE id = 'L9000001'`)).rows[0] as Record<
      string,
      unknown
    >;
    expect(imported.founded_year).toBeNull();
    expect(imported.quality).toBe(4);
    // A second start changes nothing.
    expect(await enrichSeededDemo(orm, asOf)).toBe(0);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_shipments')).rows[0]!.n).toBe(
      shipments,
    );
  });
});
