import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import {
  BUYER_SIDE_DEPARTMENTS,
  DEPARTMENTS,
  SELLER_SIDE_DEPARTMENTS,
  type Department,
} from '../../contract/people.ts';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import type { LeadShipment } from '../../server/leads/enrich.ts';
import { insertLeads } from '../../server/leads/seed.ts';
import * as schema from '../../server/platform/db/schema.ts';
import { leadContacts, leadPeople, leadShipments, leads } from '../../server/platform/db/schema.ts';
import { openDatabase, rowsOf, type Database, type Db } from '../../server/platform/db/client.ts';
import { migratedBefore } from './migrations.ts';
import { readEvents, startApi, type Api } from './harness.ts';

/**
 * Search filters and ranks its candidates from their keys (`lead_search_keys`: quality, a person
 * on the deciding side, record dates per product, company type, size, phone, email), which the
 * database keeps whoever writes a company, its people, contacts or records (one row at a time or
 * thousands at once), and which migrations 0013 and 0014 fill for the rows stored before them.
 * Each case of the first part changes one of those through a plain write and checks the order a
 * client sees; the others compare every key with what the companies' own rows say.
 */

const DAY = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

function company(id: string, role: 'buyer' | 'supplier', quality: number): GeneratedLead {
  return {
    id,
    name: `Keys Test ${id} AG`,
    role,
    country: 'LI',
    city: 'Vaduz',
    website: null,
    size: '11-50',
    companyType: role === 'buyer' ? 'importer' : 'manufacturer',
    descriptionEn: 'LED panel company',
    descriptionZh: 'LED面板灯公司',
    categoryIds: [1],
    searchText: `keys test ${id}`.toLowerCase(),
    quality,
    foundedYear: 2001,
    tradedCategoryIds: [],
    people: [],
    contacts: [{ kind: 'email', value: `info@${id.toLowerCase()}.example`, label: 'valid', position: 0 }],
    shipments: [],
  };
}

function record(
  leadId: string,
  ref: string,
  daysAgo: number,
  categoryId = 1,
): LeadShipment & { leadId: string } {
  return {
    leadId,
    shippedOn: day(daysAgo),
    hsCode: '940511',
    categoryId,
    product: 'LED PANEL 600X600',
    quantity: 500,
    quantityUnit: 'PCS',
    weightKg: 900,
    origin: 'CN',
    destinationPort: 'Hamburg',
    supplier: null,
    sourceName: 'Keys test',
    sourceUrl: null,
    sourceRef: ref,
  };
}

// Two buyers and two suppliers of LED panels in Liechtenstein (the demo data has none there):
// without people or records the higher quality comes first.
const X = company('L930001', 'buyer', 40);
const Y = company('L930002', 'buyer', 60);
const SX = company('L930003', 'supplier', 40);
const SY = company('L930004', 'supplier', 60);

describe('the ranking keys follow plain writes', () => {
  let api: Api;
  let token: string;
  beforeAll(async () => {
    api = await startApi({ leads: [X, Y, SX, SY], outreach: false });
  }, 60_000);
  afterAll(() => api.close());
  // A new account per case: a free account has 30 searches a day.
  let accounts = 0;
  beforeEach(async () => {
    token = await api.signUp(`keys-${++accounts}@example.com`);
  });

  async function order(role: 'buyer' | 'supplier', product = 'LED panel'): Promise<string[]> {
    const query = `${product} ${role === 'buyer' ? 'buyers' : 'suppliers'} in Liechtenstein`;
    const res = await api.raw('POST', '/chat/search', { token, body: { query }, lang: 'en' });
    const events = await readEvents(res);
    return events.filter((e) => e.event === 'lead').map((e) => e.data.id as string);
  }

  async function withPerson(leadId: string, department: Department, check: () => Promise<void>) {
    await api.database.db.insert(leadPeople).values({
      id: `${leadId}.p`,
      leadId,
      name: 'Test Person',
      title: 'Test',
      department,
      seniority: 'manager',
      position: 0,
      source: 'test',
    });
    try {
      await check();
    } finally {
      await api.database.db.delete(leadPeople).where(eq(leadPeople.id, `${leadId}.p`));
    }
  }

  it('a person added on the deciding side puts the company first, and only there; removed, it drops back', async () => {
    expect(await order('buyer')).toEqual([Y.id, X.id]);
    expect(await order('supplier')).toEqual([SY.id, SX.id]);
    for (const department of DEPARTMENTS) {
      await withPerson(X.id, department, async () => {
        const first = BUYER_SIDE_DEPARTMENTS.includes(department) ? X.id : Y.id;
        expect((await order('buyer'))[0], department).toBe(first);
      });
      await withPerson(SX.id, department, async () => {
        const first = SELLER_SIDE_DEPARTMENTS.includes(department) ? SX.id : SY.id;
        expect((await order('supplier'))[0], department).toBe(first);
      });
    }
    expect(await order('buyer')).toEqual([Y.id, X.id]);
  });

  it('a person moved to purchasing counts from then on', async () => {
    await withPerson(X.id, 'logistics', async () => {
      expect(await order('buyer')).toEqual([Y.id, X.id]);
      await api.database.db
        .update(leadPeople)
        .set({ department: 'purchasing' })
        .where(eq(leadPeople.id, `${X.id}.p`));
      expect(await order('buyer')).toEqual([X.id, Y.id]);
    });
  });

  it('records added, moved back in time and deleted change the order', async () => {
    const db = api.database.db;
    await db.insert(leadShipments).values(record(X.id, 'x-1', 30));
    expect(await order('buyer')).toEqual([X.id, Y.id]);
    // Two recent records beat one.
    await db.insert(leadShipments).values([record(Y.id, 'y-1', 60), record(Y.id, 'y-2', 90)]);
    expect(await order('buyer')).toEqual([Y.id, X.id]);
    // Y's records over a year old: X's one recent record wins again.
    await db
      .update(leadShipments)
      .set({ shippedOn: day(500) })
      .where(eq(leadShipments.leadId, Y.id));
    expect(await order('buyer')).toEqual([X.id, Y.id]);
    // X's record gone: Y has records (old ones), X none.
    await db
      .delete(leadShipments)
      .where(and(eq(leadShipments.leadId, X.id), eq(leadShipments.sourceRef, 'x-1')));
    expect(await order('buyer')).toEqual([Y.id, X.id]);
    await db.delete(leadShipments).where(eq(leadShipments.leadId, Y.id));
  });

  it('of two companies with one recent record each, the newer record comes first', async () => {
    const db = api.database.db;
    await db.insert(leadShipments).values([record(X.id, 'x-new', 10), record(Y.id, 'y-old', 100)]);
    try {
      expect(await order('buyer')).toEqual([X.id, Y.id]);
      await db
        .update(leadShipments)
        .set({ shippedOn: day(200) })
        .where(eq(leadShipments.leadId, X.id));
      expect(await order('buyer')).toEqual([Y.id, X.id]);
    } finally {
      await db.delete(leadShipments).where(inArray(leadShipments.leadId, [X.id, Y.id]));
    }
  });

  it('asked for a broader product, a company carrying more of it comes first', async () => {
    const db = api.database.db;
    // "LED lights" covers LED panel lights (category 1) and other LED categories, 2 among them.
    await db
      .update(leads)
      .set({ categoryIds: [1, 2] })
      .where(eq(leads.id, X.id));
    try {
      expect(await order('buyer', 'LED light')).toEqual([X.id, Y.id]);
      // Asked for panels only, the second product does not count.
      expect(await order('buyer')).toEqual([Y.id, X.id]);
      // Both carrying both, two recent records each, one in each half-year (neither growing): the
      // newest record of either product decides.
      await db
        .update(leads)
        .set({ categoryIds: [1, 2] })
        .where(eq(leads.id, Y.id));
      await db
        .insert(leadShipments)
        .values([
          record(X.id, 'x-1', 10, 1),
          record(X.id, 'x-2', 300, 2),
          record(Y.id, 'y-1', 100, 1),
          record(Y.id, 'y-2', 250, 2),
        ]);
      expect(await order('buyer', 'LED light')).toEqual([X.id, Y.id]);
      // Recent records of every asked product add up: two of X's (one per product) beat one of
      // Y's, though Y's is the newest.
      await db.delete(leadShipments).where(inArray(leadShipments.leadId, [X.id, Y.id]));
      await db
        .insert(leadShipments)
        .values([record(X.id, 'x-1', 10, 1), record(X.id, 'x-2', 20, 2), record(Y.id, 'y-1', 5, 1)]);
      expect(await order('buyer', 'LED light')).toEqual([X.id, Y.id]);
    } finally {
      await db.delete(leadShipments).where(inArray(leadShipments.leadId, [X.id, Y.id]));
      await db
        .update(leads)
        .set({ categoryIds: [1] })
        .where(inArray(leads.id, [X.id, Y.id]));
    }
    expect(await order('buyer', 'LED light')).toEqual([Y.id, X.id]);
  });

  it('"with phone", "with email", company type and size follow the contacts and the company row', async () => {
    const db = api.database.db;
    const found = async (query: string) => {
      const res = await api.raw('POST', '/chat/search', { token, body: { query }, lang: 'en' });
      return (await readEvents(res)).filter((e) => e.event === 'lead').map((e) => e.data.id as string);
    };
    const withPhone = 'LED panel buyers in Liechtenstein with phone number';
    const withEmail = 'LED panel buyers in Liechtenstein with email';
    // Neither has a phone; both have an address.
    expect(await found(withPhone)).toEqual([]);
    expect((await found(withEmail)).sort()).toEqual([X.id, Y.id]);
    const [phone] = await db
      .insert(leadContacts)
      .values({ leadId: X.id, kind: 'phone', value: '+423 555 0100', label: '', position: 0 })
      .returning({ id: leadContacts.id });
    expect(await found(withPhone)).toEqual([X.id]);
    await db.delete(leadContacts).where(eq(leadContacts.id, phone!.id));
    expect(await found(withPhone)).toEqual([]);
    // An address found to bounce no longer counts; verified again, it does.
    const bounced = and(eq(leadContacts.leadId, Y.id), eq(leadContacts.kind, 'email'));
    await db.update(leadContacts).set({ label: 'invalid' }).where(bounced);
    expect(await found(withEmail)).toEqual([X.id]);
    await db.update(leadContacts).set({ label: 'valid' }).where(bounced);
    expect((await found(withEmail)).sort()).toEqual([X.id, Y.id]);
    // Company type and size come from the company row as it is now.
    expect(await found('only LED panel distributors in Liechtenstein')).toEqual([]);
    await db.update(leads).set({ companyType: 'distributor', size: '201-500' }).where(eq(leads.id, Y.id));
    try {
      expect(await found('only LED panel distributors in Liechtenstein')).toEqual([Y.id]);
      expect(await found('LED panel buyers in Liechtenstein with more than 200 employees')).toEqual([Y.id]);
    } finally {
      await db.update(leads).set({ companyType: 'importer', size: '11-50' }).where(eq(leads.id, Y.id));
    }
    expect(await found('only LED panel distributors in Liechtenstein')).toEqual([]);
  });

  it('a better score on the company row counts at once', async () => {
    await api.database.db.update(leads).set({ quality: 80 }).where(eq(leads.id, X.id));
    try {
      expect(await order('buyer')).toEqual([X.id, Y.id]);
    } finally {
      await api.database.db.update(leads).set({ quality: 40 }).where(eq(leads.id, X.id));
    }
    expect(await order('buyer')).toEqual([Y.id, X.id]);
  });
});

type KeyRow = {
  lead_id: string;
  category_id: number;
  quality: number;
  named: boolean;
  shipped: string[] | string;
  company_type: string;
  size: string;
  phone: boolean;
  email: boolean;
};

const KEYS_SQL =
  'SELECT lead_id, category_id, quality, named, shipped::text[] AS shipped, company_type, size, phone, email FROM lead_search_keys';

/** The keys `companies` should have, computed here from the companies themselves. */
function expectedKeys(companies: readonly GeneratedLead[]): KeyRow[] {
  return companies.flatMap((lead) => {
    const deciding = lead.role === 'buyer' ? BUYER_SIDE_DEPARTMENTS : SELLER_SIDE_DEPARTMENTS;
    return [...new Set(lead.categoryIds)].map((category) => ({
      lead_id: lead.id,
      category_id: category,
      quality: lead.quality,
      named: lead.people.some((person) => deciding.includes(person.department)),
      shipped: lead.shipments
        .filter((s) => s.categoryId === category)
        .map((s) => s.shippedOn)
        .sort()
        .reverse(),
      company_type: lead.companyType,
      size: lead.size,
      phone: lead.contacts.some((c) => c.kind === 'phone'),
      email: lead.contacts.some((c) => c.kind === 'email' && c.label !== 'invalid'),
    }));
  });
}

const keyOf = (row: { lead_id: string; category_id: number }) => `${row.lead_id}:${row.category_id}`;
const sorted = <T extends { lead_id: string; category_id: number }>(list: T[]) =>
  [...list].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

/** The sample must hold both kinds of company for each fact, or a check proves nothing. */
function expectBothKinds(expected: KeyRow[]) {
  expect(new Set(expected.map((row) => row.named))).toEqual(new Set([true, false]));
  expect(expected.some((row) => row.shipped.length > 1)).toBe(true);
  expect(new Set(expected.map((row) => row.phone))).toEqual(new Set([true, false]));
  expect(new Set(expected.map((row) => row.email))).toEqual(new Set([true, false]));
}

// Demo companies of a few countries, with their people and records.
const SAMPLE = generateLeads({ perMajor: 2, perOther: 1 }).filter((lead) =>
  ['DE', 'US', 'AE', 'NZ'].includes(lead.country),
);

describe('migrations 0013 and 0014 (ranking facts and conditions on the keys)', () => {
  let db: PGlite;
  // Stored before 0013.
  beforeAll(async () => {
    const old = await migratedBefore('0013');
    db = old.db;
    await insertLeads(drizzle(db, { schema }) as unknown as Db, SAMPLE);
    await old.upgrade();
  }, 60_000);
  afterAll(() => db.close());

  it('fill every key with its company’s score, deciding-side person, record dates, type, size, phone and email', async () => {
    const { rows } = await db.query<KeyRow>(KEYS_SQL);
    const expected = expectedKeys(SAMPLE);
    expect(sorted(rows)).toEqual(sorted(expected));
    expectBothKinds(expected);
  });
});

describe('many rows written at once (the demo seed, an import: migration 0015)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  }, 60_000);
  afterAll(() => database.close());

  it('the keys hold the same facts as when computed from the tables, whatever the batches', async () => {
    const db = database.db;
    // The companies first, bare; then their people, contacts and records in two statements each,
    // every statement spanning many companies, so a later batch adds to what an earlier one set.
    await insertLeads(
      db,
      SAMPLE.map((lead) => ({ ...lead, people: [], contacts: [], shipments: [] })),
    );
    const halves = <T>(rows: T[]) => [rows.filter((_, i) => i % 2 === 0), rows.filter((_, i) => i % 2 === 1)];
    const people = SAMPLE.flatMap((lead) => lead.people.map((person) => ({ ...person, leadId: lead.id })));
    const contacts = SAMPLE.flatMap((lead) =>
      lead.contacts.map((contact) => ({ ...contact, personId: contact.personId ?? null, leadId: lead.id })),
    );
    const records = SAMPLE.flatMap((lead) =>
      lead.shipments.map((shipment) => ({ ...shipment, leadId: lead.id })),
    );
    // People before contacts: a person's address references them.
    for (const part of halves(people)) await db.insert(leadPeople).values(part);
    for (const part of halves(contacts)) await db.insert(leadContacts).values(part);
    for (const part of halves(records)) await db.insert(leadShipments).values(part);

    const rows = rowsOf<KeyRow>(await db.execute(sql.raw(KEYS_SQL)));
    const expected = expectedKeys(SAMPLE);
    expect(sorted(rows)).toEqual(sorted(expected));
    expectBothKinds(expected);
    // Some company got dates from both statements, and a deciding-side person after another one.
    const split = (leadId: string, list: { leadId: string }[][]) =>
      list.every((part) => part.some((row) => row.leadId === leadId));
    expect(SAMPLE.some((lead) => split(lead.id, halves(records)))).toBe(true);
    expect(SAMPLE.some((lead) => split(lead.id, halves(people)))).toBe(true);
  });
});
