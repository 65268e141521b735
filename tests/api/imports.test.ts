import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import { readCsv, validateImport } from '../../server/leads/importer.ts';
import type { ImportRow } from '../../server/leads/imports/cells.ts';
import { importCompanies } from '../../server/leads/imports/companies.ts';
import { importContacts, type ContactsLayout } from '../../server/leads/imports/contacts.ts';
import { importDirectory } from '../../server/leads/imports/directory.ts';
import { importShipments } from '../../server/leads/imports/shipments.ts';
import { leadQuality } from '../../server/leads/rank.ts';
import { CATEGORIES } from '../../server/leads/reference.ts';
import { productKey } from '../../server/search/keys.ts';
import { PRODUCT_BY_ID } from '../../server/search/products.ts';
import { countLeads, insertLeads } from '../../server/leads/seed.ts';
import { openDatabase, type Database } from '../../server/platform/db/client.ts';
import { leadContacts, leadPeople, leads, leadShipments } from '../../server/platform/db/schema.ts';
import { freshDatabase } from './harness.ts';

/**
 * `npm run leads:import` with real exports (issue 14, "real imports"; docs/imports.md): the sample
 * files into the demo companies they name, idempotence, linking, unmatched rows, and the CLI.
 */

const TODAY = new Date('2026-11-01T12:00:00Z');
const SAMPLES = new URL('../../docs/samples/', import.meta.url);
const sampleText = (name: string) => readFileSync(new URL(name, SAMPLES), 'utf8');
const sampleRows = (name: string) => readCsv(sampleText(name)).rows;
/** The demo companies the samples name, and a few more of the same countries. */
const SAMPLE_COMPANIES = [
  'Tavento Works AG',
  'Zephyrine Components Corp.',
  'Merident Trading SARL',
  'Tavento Industries Ltd',
  'Kingsmoor Merchants FZE',
  'Maplecrest Solutions Co., Ltd.',
  'Copperfield FZE',
];
const demo = generateLeads({ asOf: new Date('2026-10-01T00:00:00Z') });
const demoSubset = (): GeneratedLead[] => [
  ...demo.filter((lead) => SAMPLE_COMPANIES.includes(lead.name)),
  ...demo.filter((lead) => lead.country === 'DE').slice(0, 5),
];
const idOf = (name: string) => demo.find((lead) => lead.name === name)!.id;
const slug = (name: string) => CATEGORIES.find((c) => c.slug === name)!.id;

async function demoDatabase(extra: GeneratedLead[] = []): Promise<Database> {
  const database = await freshDatabase();
  const subset = demoSubset();
  await insertLeads(database.db, [...new Map([...subset, ...extra].map((lead) => [lead.id, lead])).values()]);
  return database;
}

/** Row counts of every table an import writes. */
async function tableCounts(database: Database) {
  const n = async (table: typeof leads | typeof leadPeople | typeof leadContacts | typeof leadShipments) =>
    (await database.db.select({ n: count() }).from(table))[0]!.n;
  return {
    leads: await n(leads),
    people: await n(leadPeople),
    contacts: await n(leadContacts),
    shipments: await n(leadShipments),
  };
}

const importCompanyRows = async (database: Database, rows: ImportRow[], prefix = 'L9') => {
  const { accepted, rejected } = validateImport(rows, prefix);
  return { ...(await importCompanies(database.db, accepted)), rejected, unmatched: [] };
};
const contactsInto = (database: Database, rows: ImportRow[], layout: ContactsLayout, source = 'test.csv') =>
  importContacts(database.db, rows, layout, { source });
const shipmentsInto = (database: Database, rows: ImportRow[], source = 'Customs export') =>
  importShipments(database.db, rows, { source, file: 'customs.csv', today: TODAY });

/** Every sample into `database`: the reports, in the order companies, Apollo, Hunter, shipments. */
async function importSamples(database: Database) {
  return [
    await importCompanyRows(database, sampleRows('companies.csv')),
    await contactsInto(database, sampleRows('contacts-apollo.csv'), 'apollo', 'contacts-apollo.csv'),
    await contactsInto(database, sampleRows('contacts-hunter.csv'), 'hunter', 'contacts-hunter.csv'),
    await importShipments(database.db, sampleRows('shipments.csv'), {
      source: 'shipments.csv',
      file: 'shipments.csv',
      today: TODAY,
    }),
  ];
}

const contactsOf = (database: Database, leadId: string) =>
  database.db
    .select()
    .from(leadContacts)
    .where(eq(leadContacts.leadId, leadId))
    .orderBy(asc(leadContacts.kind), asc(leadContacts.position));

describe('importing the sample files into the demo companies', () => {
  let database: Database;
  let before: Awaited<ReturnType<typeof contactsOf>>;
  let qualityBefore: number;
  let reports: Awaited<ReturnType<typeof importSamples>>;
  const tavento = idOf('Tavento Works AG');
  const zephyrine = idOf('Zephyrine Components Corp.');

  beforeAll(async () => {
    database = await demoDatabase();
    before = await contactsOf(database, tavento);
    qualityBefore = (await database.db.select().from(leads).where(eq(leads.id, zephyrine)))[0]!.quality;
    reports = await importSamples(database);
  });
  afterAll(() => database.close());

  it('imports every row of every sample, rejecting and missing none', () => {
    expect(reports.map((r) => [r.added, r.already, r.rejected.length])).toEqual([
      [3, 0, 0],
      [5, 0, 0],
      [4, 0, 0],
      [5, 0, 0],
    ]);
    expect(reports.slice(1).map((r) => r.unmatched)).toEqual([[], [], []]);
  });

  it('adds the people of a contacts file with department, seniority and source, after the existing ones', async () => {
    const people = await database.db
      .select()
      .from(leadPeople)
      .where(eq(leadPeople.leadId, tavento))
      .orderBy(leadPeople.position);
    const demoPeople = demo.find((lead) => lead.id === tavento)!.people;
    expect(people.slice(0, demoPeople.length).map((p) => p.id)).toEqual(demoPeople.map((p) => p.id));
    expect(people.slice(demoPeople.length)).toEqual([
      {
        id: `${tavento}.${demoPeople.length + 1}`,
        leadId: tavento,
        name: 'Katrin Vogel',
        title: 'Head of Procurement',
        department: 'purchasing',
        seniority: 'director',
        position: demoPeople.length,
        source: 'contacts-apollo.csv',
      },
      {
        id: `${tavento}.${demoPeople.length + 2}`,
        leadId: tavento,
        name: 'Jonas Albers',
        title: 'Logistics Coordinator',
        department: 'operations',
        seniority: 'staff',
        position: demoPeople.length + 1,
        source: 'contacts-apollo.csv',
      },
    ]);
  });

  it('gives new contacts the next positions and leaves the existing ones as they were', async () => {
    const after = await contactsOf(database, tavento);
    for (const contact of before) expect(after.find((c) => c.id === contact.id)).toEqual(contact);
    const added = after.filter((c) => !before.some((b) => b.id === c.id));
    const last = (kind: string) =>
      Math.max(-1, ...before.filter((c) => c.kind === kind).map((c) => c.position));
    const katrin = `${tavento}.${demo.find((lead) => lead.id === tavento)!.people.length + 1}`;
    expect(
      added.map(({ kind, value, label, position, personId }) => ({ kind, value, label, position, personId })),
    ).toEqual([
      {
        kind: 'email',
        value: 'katrin.vogel@tavento-works-ag.example',
        label: 'valid',
        position: last('email') + 1,
        personId: katrin,
      },
      { kind: 'phone', value: '+49 555 0170 4411', label: '', position: last('phone') + 1, personId: katrin },
      {
        kind: 'phone',
        value: '+49 555 0152 9083',
        label: '',
        position: last('phone') + 2,
        personId: katrin.replace(/\d+$/, (n) => String(Number(n) + 1)),
      },
      {
        kind: 'social',
        value: 'https://www.linkedin.com/in/katrin-vogel-tavento-example',
        label: 'linkedin',
        position: last('social') + 1,
        personId: katrin,
      },
    ]);
  });

  it('keeps a switchboard number already stored once, and a role address as the company’s', async () => {
    const zephyrine = await contactsOf(database, idOf('Zephyrine Components Corp.'));
    expect(zephyrine.filter((c) => c.value === '+1 555 8644 4552')).toHaveLength(1);
    const maplecrest = await contactsOf(database, idOf('Maplecrest Solutions Co., Ltd.'));
    expect(maplecrest.find((c) => c.value === 'sales.vn@maplecrest-solutions-co-ltd.example')).toMatchObject({
      personId: null,
      label: 'valid',
    });
  });

  it('recomputes the quality of each company that got contacts from all its contacts', async () => {
    const ids = SAMPLE_COMPANIES.map(idOf);
    const stored = await database.db.select().from(leads).where(inArray(leads.id, ids));
    for (const lead of stored) {
      const contacts = await contactsOf(database, lead.id);
      expect(lead.quality, lead.name).toBe(leadQuality(contacts, lead.size));
    }
    expect(stored.find((lead) => lead.id === zephyrine)!.quality).toBeGreaterThan(qualityBefore);
  });

  it('stores shipments with their category, source and reference, and sets each company’s traded categories', async () => {
    const records = await database.db
      .select()
      .from(leadShipments)
      .where(eq(leadShipments.sourceName, 'shipments.csv'))
      .orderBy(leadShipments.shippedOn);
    expect(
      records.map((r) => [
        r.leadId,
        r.hsCode,
        r.categoryId,
        r.weightKg,
        r.sourceUrl,
        r.sourceRef.slice(0, 5),
      ]),
    ).toEqual([
      [tavento, '94051100', slug('led-panel-lights'), 12480, 'shipments.csv', 'EXMPL'],
      [idOf('Zephyrine Components Corp.'), '940542', slug('street-lights'), 8940, 'shipments.csv', 'EXMPL'],
      [idOf('Merident Trading SARL'), '853952', slug('led-bulbs'), 1250, 'shipments.csv', 'EXMPL'],
      // No demo category deals in 7326.90: the record is of the catalogue product the code reads as.
      [
        idOf('Kingsmoor Merchants FZE'),
        '732690',
        productKey(PRODUCT_BY_ID.get('sheet-metal-fabrication')!),
        2100,
        'shipments.csv',
        'EXMPL',
      ],
      [tavento, '940511', slug('downlights-spotlights'), 3250, 'shipments.csv', 'hash-'],
    ]);
    for (const id of [tavento, idOf('Kingsmoor Merchants FZE')]) {
      const all = await database.db.select().from(leadShipments).where(eq(leadShipments.leadId, id));
      const [lead] = await database.db.select().from(leads).where(eq(leads.id, id));
      const traded = [...new Set(all.flatMap((s) => (s.categoryId === null ? [] : [s.categoryId])))].sort(
        (a, b) => a - b,
      );
      expect(lead!.tradedCategoryIds).toEqual(traded);
    }
    const [stored] = await database.db.select().from(leads).where(eq(leads.id, tavento));
    expect(stored!.tradedCategoryIds).toEqual(
      expect.arrayContaining([slug('led-panel-lights'), slug('downlights-spotlights')]),
    );
  });

  it('adds nothing when every sample is imported again', async () => {
    const counts = await tableCounts(database);
    const again = await importSamples(database);
    expect(again.map((r) => [r.added, r.already, r.rejected.length])).toEqual([
      [0, 3, 0],
      [0, 5, 0],
      [0, 4, 0],
      [0, 5, 0],
    ]);
    expect(await tableCounts(database)).toEqual(counts);
  });
});

describe('contacts import: who a row is', () => {
  let database: Database;
  beforeAll(async () => {
    database = await demoDatabase();
    await importCompanyRows(database, sampleRows('companies.csv'));
  });
  afterAll(() => database.close());
  const lumenhaven = async () =>
    (await database.db.select().from(leads).where(eq(leads.name, 'Lumenhaven Leuchten GmbH')))[0]!;

  it('links a stored company email to the person a row names instead of adding it again', async () => {
    const lead = await lumenhaven();
    const before = await contactsOf(database, lead.id);
    expect(
      before.find((c) => c.value === 'greta.lindqvist@lumenhaven-leuchten.example')!.personId,
    ).toBeNull();
    const report = await contactsInto(
      database,
      readCsv(
        'Email address,First name,Last name,Position,Domain name,Verification status\n' +
          'Greta.Lindqvist@lumenhaven-leuchten.example,Greta,Lindqvist,Einkaufsleiterin,lumenhaven-leuchten.example,valid\n' +
          'einkauf@lumenhaven-leuchten.example,Paul,Brandt,Einkäufer,lumenhaven-leuchten.example,valid\n',
      ).rows,
      'hunter',
    );
    expect([report.added, report.already, report.unmatched, report.rejected]).toEqual([2, 0, [], []]);
    const after = await contactsOf(database, lead.id);
    const [greta, paul] = await database.db
      .select()
      .from(leadPeople)
      .where(eq(leadPeople.leadId, lead.id))
      .orderBy(leadPeople.position);
    expect([greta!.name, greta!.department, paul!.name, paul!.department]).toEqual([
      'Greta Lindqvist',
      'purchasing',
      'Paul Brandt',
      'purchasing',
    ]);
    // The same rows, the same positions and labels: only Greta's address now belongs to her.
    expect(after.map(({ personId: _p, ...c }) => c)).toEqual(before.map(({ personId: _p, ...c }) => c));
    expect(after.find((c) => c.value === 'greta.lindqvist@lumenhaven-leuchten.example')!.personId).toBe(
      greta!.id,
    );
    // A role address stays the company's, even on a named row.
    expect(after.find((c) => c.value === 'einkauf@lumenhaven-leuchten.example')!.personId).toBeNull();
    expect((await lumenhaven()).quality).toBe(leadQuality(after, lead.size));
  });

  it('finds a person by email whatever the row calls them, and by name when the row has no email', async () => {
    const lead = await lumenhaven();
    const counts = await tableCounts(database);
    const report = await contactsInto(
      database,
      readCsv(
        'Email address,First name,Last name,Position,Domain name,Phone number,Verification status\n' +
          'greta.lindqvist@lumenhaven-leuchten.example,G.,Lindqvist-Berg,Head of Purchasing,lumenhaven-leuchten.example,,valid\n' +
          ',GRETA,LINDQVIST,,lumenhaven-leuchten.example,+49 555 0421 9911,\n' +
          ',Greta,Lindqvist,,lumenhaven-leuchten.example,+49 555 0421 9911,\n',
      ).rows,
      'hunter',
    );
    expect([report.added, report.already]).toEqual([1, 2]);
    expect(await tableCounts(database)).toEqual({ ...counts, contacts: counts.contacts + 1 });
    const phone = (await contactsOf(database, lead.id)).find((c) => c.value === '+49 555 0421 9911')!;
    expect(phone.personId).toMatch(new RegExp(`^${lead.id}\\.`));
    const [person] = await database.db.select().from(leadPeople).where(eq(leadPeople.id, phone.personId!));
    expect(person!.name).toBe('Greta Lindqvist');
  });

  it('links an address an earlier row of the same file added to the person a later row names', async () => {
    const lead = (await database.db.select().from(leads).where(eq(leads.name, 'Corvina Casa S.L.')))[0]!;
    const report = await contactsInto(
      database,
      readCsv(
        'Email address,First name,Last name,Position,Domain name,Verification status\n' +
          'lucia.ferrer@corvina-casa.example,,,,corvina-casa.example,valid\n' +
          'lucia.ferrer@corvina-casa.example,Lucía,Ferrer,Jefa de Compras,corvina-casa.example,valid\n',
      ).rows,
      'hunter',
    );
    expect([report.added, report.already]).toEqual([2, 0]);
    const emails = (await contactsOf(database, lead.id)).filter(
      (c) => c.value === 'lucia.ferrer@corvina-casa.example',
    );
    const [lucia] = await database.db.select().from(leadPeople).where(eq(leadPeople.leadId, lead.id));
    expect([lucia!.name, lucia!.department]).toEqual(['Lucía Ferrer', 'purchasing']);
    expect(emails.map((c) => c.personId)).toEqual([lucia!.id]);
  });

  it('imports a row repeated in one file once', async () => {
    const line =
      'tom.avery@ridgeway-outfitters.example,Tom,Avery,Purchasing Director,ridgeway-outfitters.example,valid';
    const report = await contactsInto(
      database,
      readCsv(
        `Email address,First name,Last name,Position,Domain name,Verification status\n${line}\n${line}\n`,
      ).rows,
      'hunter',
    );
    expect([report.added, report.already]).toEqual([1, 1]);
  });
});

describe('imports: rows that find no company, or several', () => {
  let database: Database;
  const twin = (lead: GeneratedLead, id: string): GeneratedLead => ({
    ...lead,
    id,
    people: [],
    contacts: [],
    shipments: [],
    name: `${lead.name} Holding`,
  });
  const tavento = demo.find((lead) => lead.name === 'Tavento Works AG')!;
  beforeAll(async () => {
    // A second company on Tavento's website, and a second "Copperfield" in the Emirates.
    const copperfield = demo.find((lead) => lead.name === 'Copperfield FZE')!;
    database = await demoDatabase([
      twin(tavento, 'L8000001'),
      { ...twin(copperfield, 'L8000002'), name: 'Copperfield LLC', website: null },
    ]);
  });
  afterAll(() => database.close());

  it('reports each unmatched contacts row with why, and imports nothing of it', async () => {
    const counts = await tableCounts(database);
    const report = await contactsInto(
      database,
      readCsv(
        'Email address,First name,Last name,Position,Domain name,Verification status\n' +
          'anna@nowhere.example,Anna,Koch,Buyer,nowhere.example,valid\n' +
          'anna@tavento-works-ag.example,Anna,Koch,Buyer,,valid\n' +
          'anna.koch@gmail.com,Anna,Koch,Buyer,,valid\n',
      ).rows,
      'hunter',
    );
    expect(report.unmatched).toEqual([
      { row: 1, reason: 'no company with domain nowhere.example' },
      { row: 2, reason: `2 companies with domain tavento-works-ag.example (${tavento.id}, L8000001)` },
      { row: 3, reason: 'no company domain: no website or domain, and no company email' },
    ]);
    expect([report.added, report.already]).toEqual([0, 0]);
    expect(await tableCounts(database)).toEqual(counts);
  });

  it('reports a shipments row several companies could be, and imports nothing of it', async () => {
    const counts = await tableCounts(database);
    const report = await shipmentsInto(
      database,
      readCsv(
        'Arrival Date,Consignee,Consignee Country,HS Code,Country of Origin\n' +
          '2026-03-14,COPPERFIELD,AE,940511,CN\n',
      ).rows,
    );
    expect(report.unmatched).toEqual([
      { row: 1, reason: `2 companies named "COPPERFIELD" in AE (${idOf('Copperfield FZE')}, L8000002)` },
    ]);
    expect([report.added, report.created]).toEqual([0, 0]);
    expect(await tableCounts(database)).toEqual(counts);
  });

  it('leaves a stored supplier a supplier when a customs file names it as a consignee', async () => {
    const supplier = demoSubset().find((lead) => lead.role === 'supplier')!;
    const report = await shipmentsInto(
      database,
      readCsv(
        'Arrival Date,Consignee,Consignee Country,HS Code,Product Description,Country of Origin\n' +
          `2026-03-14,"${supplier.name.toUpperCase()}",${supplier.country},3901.10,POLYETHYLENE GRANULES,KR\n`,
      ).rows,
    );
    expect([report.added, report.created]).toEqual([1, 0]);
    const [after] = await database.db
      .select({ role: leads.role })
      .from(leads)
      .where(eq(leads.id, supplier.id));
    expect(after!.role).toBe('supplier');
  });

  it('creates the consignees and shippers no company is, as buyers and suppliers, once on a second run', async () => {
    const counts = await tableCounts(database);
    const rows = readCsv(
      'Arrival Date,Consignee,Consignee Country,Shipper,HS Code,Product Description,Country of Origin\n' +
        '2026-03-14,Nobody Trading GmbH,DE,Ningbo Lamp Co Ltd,940511,LED PANEL LIGHT,CN\n' +
        '2026-04-14,NOBODY TRADING GMBH,Germany,"NINGBO LAMP CO.,LTD",9405.11,RECESSED DOWNLIGHT,China\n' +
        '2026-03-14,Tavento Works AG,FR,,940511,LED PANEL LIGHT,CN\n',
    ).rows;
    const report = await shipmentsInto(database, rows);
    expect([report.added, report.created, report.unmatched]).toEqual([3, 3, []]);
    const made = await database.db
      .select({
        name: leads.name,
        country: leads.country,
        role: leads.role,
        companyType: leads.companyType,
        categoryIds: leads.categoryIds,
      })
      .from(leads)
      .where(inArray(leads.name, ['Nobody Trading GmbH', 'Ningbo Lamp Co Ltd', 'Tavento Works AG']))
      .orderBy(leads.name);
    expect(made).toEqual([
      {
        name: 'Ningbo Lamp Co Ltd',
        country: 'CN',
        role: 'supplier',
        // What the records show: the shipper exports, the consignee imports.
        companyType: 'exporter',
        categoryIds: [slug('led-panel-lights'), slug('downlights-spotlights')].sort((a, b) => a - b),
      },
      {
        name: 'Nobody Trading GmbH',
        country: 'DE',
        role: 'buyer',
        companyType: 'importer',
        categoryIds: [slug('led-panel-lights'), slug('downlights-spotlights')].sort((a, b) => a - b),
      },
      {
        name: 'Tavento Works AG',
        country: 'DE',
        role: tavento.role,
        companyType: tavento.companyType,
        categoryIds: tavento.categoryIds,
      },
      {
        name: 'Tavento Works AG',
        country: 'FR',
        role: 'buyer',
        companyType: 'importer',
        categoryIds: [slug('led-panel-lights')],
      },
    ]);
    expect(await tableCounts(database)).toEqual({
      ...counts,
      leads: counts.leads + 3,
      shipments: counts.shipments + 3,
    });
    const again = await shipmentsInto(database, rows);
    expect([again.added, again.already, again.created]).toEqual([0, 3, 0]);
    expect(await tableCounts(database)).toEqual({
      ...counts,
      leads: counts.leads + 3,
      shipments: counts.shipments + 3,
    });
  });

  it('imports the good rows of a file and rejects the hostile ones with the row and what is wrong', async () => {
    const counts = await tableCounts(database);
    const report = await shipmentsInto(
      database,
      readCsv(
        'Arrival Date,Consignee,Consignee Country,HS Code,Country of Origin,Weight (kg)\n' +
          '2026-03-14,Tavento Works AG,DE,9405.11,CN,"1,000"\n' +
          '2026-03-14,"=cmd|\'/c calc\'!A1",DE,9405.11,CN,10\n' +
          '2026-02-30,Tavento Works AG,DE,9405.11,CN,10\n' +
          '2026-03-14,Tavento Works AG,DE,HS9405,CN,10\n' +
          '2026-03-14,Tavento Works AG,Narnia,9405.11,CN,10\n',
      ).rows,
    );
    expect(report.added).toBe(1);
    expect(report.rejected.map((r) => r.row)).toEqual([2, 3, 4, 5]);
    expect(await tableCounts(database)).toEqual({ ...counts, shipments: counts.shipments + 1 });
  });
});

describe('company file: already there by name, whatever the id', () => {
  let database: Database;
  beforeAll(async () => {
    database = await demoDatabase();
  });
  afterAll(() => database.close());

  it('adds a company once, and gives a new one the next free id when its own is taken', async () => {
    const first = await importCompanyRows(database, sampleRows('companies.csv'));
    expect([first.added, first.already]).toEqual([3, 0]);
    // Another file: row 1 is a new company (its id L9000001 is taken), row 2 a stored one written otherwise.
    const other = await importCompanyRows(
      database,
      readCsv(
        'name,role,country,products\n' +
          'Brisa Mar Hogar S.L.,buyer,ES,kitchen-utensils\n' +
          'CORVINA CASA S.L.,buyer,Spain,food-containers\n',
      ).rows,
    );
    expect([other.added, other.already]).toEqual([1, 1]);
    const stored = await database.db
      .select({ id: leads.id, name: leads.name })
      .from(leads)
      .where(inArray(leads.id, ['L9000001', 'L9000004']));
    expect(stored.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'L9000001', name: 'Lumenhaven Leuchten GmbH' },
      { id: 'L9000004', name: 'Brisa Mar Hogar S.L.' },
    ]);
    // A stored demo company in a company file is there already, not a second company.
    const again = await importCompanyRows(
      database,
      readCsv('name,role,country,products\nTavento Works AG,buyer,Germany,led-panel-lights\n').rows,
      'L7',
    );
    expect([again.added, again.already]).toEqual([0, 1]);
  });
});

describe('npm run leads:import (the CLI, run as a child process)', () => {
  const exec = promisify(execFile);
  let dataDir = '';
  let env: Record<string, string | undefined> = {};

  /** Runs the CLI: its exit code and output. */
  async function cli(...args: string[]): Promise<{ code: number; out: string }> {
    try {
      const { stdout, stderr } = await exec(process.execPath, ['server/cli/leads-import.ts', ...args], {
        env,
      });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  }
  const shipmentsStored = async () => {
    const database = await openDatabase({ dataDir });
    try {
      return (await tableCounts(database)).shipments;
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'honeyleads-import-'));
    const prepared = await openDatabase({ dataDir });
    await insertLeads(prepared.db, demoSubset());
    await prepared.close();
    env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A fresh folder for a test's files; `write` puts one there and answers its path. */
  const scratch = (prefix: string) => {
    const folder = mkdtempSync(join(tmpdir(), prefix));
    const write = (name: string, text: string) => {
      writeFileSync(join(folder, name), text);
      return join(folder, name);
    };
    return { folder, write };
  };

  it(
    'imports a sample, then adds nothing the second time, exiting 0 both times',
    { timeout: 60_000 },
    async () => {
      const file = 'docs/samples/shipments.csv';
      const first = await cli(file);
      expect(first).toEqual({
        code: 0,
        out: `shipments from ${file} into PGlite in ${join(dataDir, 'pglite')}: 5 added, 0 already there, 0 rejected, 0 unmatched (of 5 rows); 5 new companies.\n`,
      });
      const second = await cli(file, '--shipments', '--source', 'Customs export 2026');
      expect(second.code).toBe(0);
      // The shippers are suppliers now, and are not made again.
      expect(second.out).toContain(': 0 added, 5 already there, 0 rejected, 0 unmatched (of 5 rows).\n');
    },
  );

  it(
    'reports rejected and unmatched rows and exits 1; a broken file imports nothing and exits 2',
    { timeout: 60_000 },
    async () => {
      const { folder, write } = scratch('honeyleads-import-files-');
      const before = await shipmentsStored();
      const mixed = await cli(
        write(
          'mixed.csv',
          'Email address,First name,Last name,Domain name\n' +
            'anna@nowhere.example,Anna,Koch,nowhere.example\n' +
            'not-an-address,Anna,Koch,tavento-works-ag.example\n',
        ),
      );
      expect(mixed.code).toBe(1);
      expect(mixed.out).toContain('contacts (Hunter) from');
      expect(mixed.out).toContain(': 0 added, 0 already there, 1 rejected, 1 unmatched (of 2 rows).');
      expect(mixed.out).toContain('Row 2 rejected: email address: not an email address "not-an-address"');
      expect(mixed.out).toContain('Row 1 unmatched: no company with domain nowhere.example');

      const broken = await cli(
        write(
          'broken.csv',
          'Arrival Date,Consignee,Consignee Country,HS Code,Origin\n2026-03-14,Tavento Works AG,DE,940511,CN\n2026-03-15,"Tavento Works AG,DE,940511,CN\n',
        ),
      );
      expect(broken.code).toBe(2);
      expect(broken.out).toMatch(/broken\.csv: CSV line \d+: Quote Not Closed/);
      expect(await shipmentsStored()).toBe(before);

      // Days that could be either order: refused whole until the order is given.
      const undated = write(
        'undated.csv',
        'Date,Consignee,HS Code,Weight\n03/04/2026,Tavento Works AG,940511,N/A\n05/06/2026,Tavento Works AG,940511,2 t\n',
      );
      const refused = await cli(undated, '--country', 'Germany');
      expect(refused.code).toBe(2);
      expect(refused.out).toContain('give --date-order dmy (day first) or mdy (month first)');
      expect(await shipmentsStored()).toBe(before);
      expect((await cli(undated, '--date-order', 'ymd')).code).toBe(2);
      expect((await cli(undated, '--date-order', 'dmy', '--country', 'Atlantis')).out).toContain(
        '--country: unknown country "Atlantis"',
      );
      const dated = await cli(undated, '--date-order', 'dmy', '--country', 'Germany');
      expect(dated.code).toBe(0);
      expect(dated.out).toContain(': 2 added, 0 already there, 0 rejected, 0 unmatched (of 2 rows).');
      expect(dated.out).toContain('Row 1 imported without: weight: not an amount "N/A", left out');
      expect(await shipmentsStored()).toBe(before + 2);
      rmSync(folder, { recursive: true, force: true });
    },
  );

  it(
    'reads an export of any other tool through a column map (--map); a wrong map imports nothing and exits 2',
    { timeout: 60_000 },
    async () => {
      const { folder, write } = scratch('honeyleads-import-map-');
      const before = await shipmentsStored();
      // A tool whose header this import does not know.
      const file = write(
        'other-tool.csv',
        'ETA,Buyer Company,Buyer Nation,Tariff Line,Goods,Net KG\n' +
          '2026-04-02,Tavento Works AG,DE,9405.11,LED ceiling lights,840\n',
      );
      const unknown = await cli(file);
      expect(unknown.code).toBe(2);
      expect(unknown.out).toContain('the header is no layout this import knows');
      const map = write(
        'map.json',
        JSON.stringify({
          ETA: 'arrival date',
          'Buyer Company': 'consignee',
          'Buyer Nation': 'Consignee Country',
          'Tariff Line': 'hs code',
          Goods: 'product description',
          'Net KG': 'weight (kg)',
        }),
      );
      const mapped = await cli(file, '--map', map);
      expect(mapped).toMatchObject({ code: 0 });
      expect(mapped.out).toContain(': 1 added, 0 already there, 0 rejected, 0 unmatched (of 1 rows).');
      expect(await shipmentsStored()).toBe(before + 1);

      const typo = await cli(
        file,
        '--map',
        write('typo.json', JSON.stringify({ 'Buyer Company': 'consigne' })),
      );
      expect(typo.code).toBe(2);
      expect(typo.out).toContain('column map: "Buyer Company" maps to "consigne", which no import reads');
      const absent = await cli(
        file,
        '--map',
        write('absent.json', JSON.stringify({ Importer: 'consignee' })),
      );
      expect(absent.code).toBe(2);
      expect(absent.out).toContain(
        'other-tool.csv: the column map names "importer", which the file does not have',
      );
      expect(await shipmentsStored()).toBe(before + 1);
      rmSync(folder, { recursive: true, force: true });
    },
  );
});

describe('a customer’s own exports into one database: customs, then a directory, then contacts', () => {
  let database: Database;
  beforeAll(async () => {
    database = await demoDatabase();
  });
  afterAll(() => database.close());
  const directoryInto = (rows: ImportRow[], options: { role?: 'buyer' | 'supplier' } = {}) =>
    importDirectory(database.db, rows, { idPrefix: 'L7', ...options });
  const company = async (name: string) =>
    (await database.db.select().from(leads).where(eq(leads.name, name)))[0];

  it('gives a company known from customs data the website and facts its listing adds, so its people are found', async () => {
    const customs = await shipmentsInto(
      database,
      readCsv(
        'Date,Consignee,Consignee Country,Shipper,HS Code,Product Description,Country of Origin\n' +
          '2026-09-14,KRANICH LEUCHTEN GMBH BREMEN,Germany,Ningbo Lamp Co Ltd,9405.11,LED PANEL LIGHT,China\n',
      ).rows,
    );
    expect([customs.added, customs.created]).toEqual([1, 2]);
    const listing = await directoryInto(
      readCsv(
        'Company name;Country;City;Phone;Website;Main activity;Description;Employees;Year established\n' +
          'Kranich Leuchten GmbH;Germany;Bremen;+49 421 555 0100;www.kranich-leuchten.example;Distributor;Distribution of LED panel lights and downlights;10-49;1998\n' +
          'KRANICH LEUCHTEN GMBH;Germany;Bremen;0421 555 0100;kranich-leuchten.example/de/;Wholesaler;Großhandel mit LED-Leuchten;10-49;1998\n',
      ).rows,
    );
    expect([listing.added, listing.created, listing.rejected]).toEqual([2, 0, []]);
    const kranich = await company('KRANICH LEUCHTEN GMBH BREMEN');
    expect(kranich).toMatchObject({
      role: 'buyer',
      country: 'DE',
      city: 'Bremen',
      website: 'https://www.kranich-leuchten.example',
      size: '11-50',
      // Its import records said importer first; a listing completes, it does not overwrite.
      companyType: 'importer',
      foundedYear: 1998,
      descriptionEn: 'Distribution of LED panel lights and downlights\nGroßhandel mit LED-Leuchten',
    });
    // "LED-Leuchten" is LED lights, a product no demo category is: its own key.
    expect(kranich!.categoryIds).toEqual(
      [
        slug('led-panel-lights'),
        slug('downlights-spotlights'),
        productKey(PRODUCT_BY_ID.get('led-lights')!),
      ].sort((a, b) => a - b),
    );
    // The two listings' phones are one number written twice: stored once.
    const phones = await database.db
      .select({ value: leadContacts.value })
      .from(leadContacts)
      .where(eq(leadContacts.leadId, kranich!.id));
    expect(phones).toEqual([{ value: '+49 421 555 0100' }]);
    // Hunter finds it by the website's domain; Apollo by its name, without a website.
    const hunter = await contactsInto(
      database,
      readCsv(
        'Domain name,Organization,Email address,First name,Last name\nkranich-leuchten.example,,j.brandt@kranich-leuchten.example,Jan,Brandt\n',
      ).rows,
      'hunter',
    );
    const apollo = await contactsInto(
      database,
      readCsv(
        'First Name,Last Name,Email,Company,Company Country\nNina,Hoff,nina@kranich-mail.example,Kranich Leuchten,Germany\n',
      ).rows,
      'apollo',
    );
    expect([hunter.added, hunter.unmatched, apollo.added, apollo.unmatched]).toEqual([1, [], 1, []]);
    // Hunter gives no country: its organization's name finds the shipper in any country.
    const shipperPeople = await contactsInto(
      database,
      readCsv(
        'Domain name,Organization,Email address,First name,Last name\n' +
          'ningbolamp.example,"NINGBO LAMP CO.,LTD",li.wei@ningbolamp.example,Li,Wei\n',
      ).rows,
      'hunter',
    );
    expect([shipperPeople.added, shipperPeople.unmatched]).toEqual([1, []]);
    const ningbo = await company('Ningbo Lamp Co Ltd');
    const mail = await database.db
      .select({ value: leadContacts.value })
      .from(leadContacts)
      .where(eq(leadContacts.leadId, ningbo!.id));
    expect(mail).toEqual([{ value: 'li.wei@ningbolamp.example' }]);
  });

  it('adds a listed company not stored, keeps a stored one as it is but for what it lacks, and adds nothing again', async () => {
    const tavento = await company('Tavento Works AG');
    const rows = readCsv(
      'Company name;Country;City;Website;Main activity;Description\n' +
        'Lumière Import France SARL;France;Lyon;https://lumiere-import.example;Importer/Exporter;Import de luminaires LED, LED panel lights\n' +
        'TAVENTO WORKS A.G.;Germany;Berlin;www.other.example;Distributor;Distribution of solar inverters\n' +
        'Hanseatic Cargo GmbH;Germany;Hamburg;;Service provider;Logistics\n',
    ).rows;
    const first = await directoryInto(rows);
    expect([first.added, first.created]).toEqual([2, 1]);
    expect(first.rejected).toEqual([
      {
        row: 3,
        reasons: [
          'main activity: says neither buyer (importer, distributor, wholesaler, retailer) nor supplier (manufacturer, exporter); give --role buyer or supplier',
        ],
      },
    ]);
    expect(await company('Lumière Import France SARL')).toMatchObject({
      role: 'buyer',
      country: 'FR',
      companyType: 'importer',
      categoryIds: [slug('led-panel-lights')],
    });
    const after = await company('Tavento Works AG');
    expect([after!.city, after!.website, after!.role]).toEqual([
      tavento!.city,
      tavento!.website,
      tavento!.role,
    ]);
    expect(after!.categoryIds).toEqual(
      [...new Set([...tavento!.categoryIds, slug('solar-inverters')])].sort((a, b) => a - b),
    );
    const counts = await tableCounts(database);
    const again = await directoryInto(rows);
    expect([again.added, again.already, again.created]).toEqual([0, 2, 0]);
    expect(await tableCounts(database)).toEqual(counts);
    // Told the role, the listing that says neither is a company too.
    expect((await directoryInto(rows.slice(2), { role: 'buyer' })).created).toBe(1);
    // The start banner counts the demo's companies and the imported ones apart.
    expect(await countLeads(database.db)).toEqual({ demo: demoSubset().length, imported: 4 });
  });
});
