import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GeneratedLead } from '../../server/leads/generate.ts';
import type { LeadPerson, LeadShipment } from '../../server/leads/enrich.ts';
import type { LeadContact } from '../../server/leads/rank.ts';
import { leads, users } from '../../server/platform/db/schema.ts';
import { importShipments } from '../../server/leads/imports/shipments.ts';
import { readCsv } from '../../server/leads/importer.ts';
import { CANDIDATE_CAP } from '../../server/leads/search.ts';
import { readEvents, startApi, type Api } from './harness.ts';

/**
 * Issue 14 as a client sees it: a card cites the shipment records of the asked product (or says
 * the match rests on the description), ranks recent repeated records and named buyer-side people
 * first, shows before unlock only how many people and their departments, and after unlock each
 * person with their contacts. Built on Liechtenstein companies, a country the demo data leaves
 * out, so each sentence finds exactly these.
 */

let api: Api;
const DAY = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

function shipment(n: number, daysAgo: number, change: Partial<LeadShipment> = {}): LeadShipment {
  return {
    shippedOn: day(daysAgo),
    hsCode: '940511',
    // LED panel lights (demo category 1).
    categoryId: 1,
    product: 'LED PANEL 600X600 40W',
    quantity: 1000,
    quantityUnit: 'PCS',
    weightKg: 2500,
    origin: 'CN',
    destinationPort: 'Rotterdam',
    supplier: 'Ningbo Bright Trading Co., Ltd.',
    sourceName: 'Test customs file',
    sourceUrl: 'shipments.csv',
    sourceRef: `t-${n}`,
    ...change,
  };
}

function company(
  id: string,
  name: string,
  parts: {
    people?: Omit<LeadPerson, 'id' | 'position' | 'source'>[];
    contacts?: LeadContact[];
    shipments?: LeadShipment[];
  },
): GeneratedLead {
  const shipments = parts.shipments ?? [];
  return {
    id,
    name,
    role: 'buyer',
    country: 'LI',
    city: 'Vaduz',
    website: null,
    size: '11-50',
    companyType: 'importer',
    descriptionEn: 'LED panel importer',
    descriptionZh: 'LED面板灯进口商',
    categoryIds: [1],
    searchText: name.toLowerCase(),
    quality: 40,
    foundedYear: 1998,
    tradedCategoryIds: [...new Set(shipments.map((s) => s.categoryId!))],
    people: (parts.people ?? []).map((p, i) => ({ ...p, id: `${id}.${i + 1}`, position: i, source: 'test' })),
    contacts: parts.contacts ?? [],
    shipments,
  };
}

const repeat = (count: number, daysAgo: (i: number) => number, change: Partial<LeadShipment> = {}) =>
  Array.from({ length: count }, (_, i) => shipment(i + 1, daysAgo(i), change));

// E: recent records and a named purchasing manager; D: more recent records, nobody named;
// C: fewer recent records, nobody named; A: a named CEO, no records; B: only records over a year old.
const E = company('L910005', 'Evidenza Anstalt', {
  people: [
    { name: 'Ursula Beck', title: 'Head of Procurement', department: 'purchasing', seniority: 'director' },
    { name: 'Jonas Frick', title: 'CEO', department: 'management', seniority: 'executive' },
    { name: 'Lea Marxer', title: 'Logistics Coordinator', department: 'logistics', seniority: 'staff' },
  ],
  contacts: [
    {
      kind: 'email',
      value: 'ursula.beck@evidenza.example',
      label: 'valid',
      position: 0,
      personId: 'L910005.1',
    },
    { kind: 'email', value: 'info@evidenza.example', label: 'risky', position: 1 },
    { kind: 'phone', value: '+423 555 1000 2000', label: '', position: 0, personId: 'L910005.2' },
    { kind: 'phone', value: '+423 555 1000 3000', label: '', position: 1 },
  ],
  shipments: [
    ...repeat(3, (i) => 20 + i * 30),
    shipment(10, 200, { origin: 'VN', hsCode: '940511', sourceRef: 't-vn' }),
  ],
});
const D = company('L910004', 'Delta Leuchten AG', {
  contacts: [{ kind: 'email', value: 'sales@delta.example', label: 'valid', position: 0 }],
  shipments: repeat(10, (i) => 10 + i * 20),
});
const C = company('L910003', 'Cobalt Licht AG', {
  contacts: [{ kind: 'email', value: 'office@cobalt.example', label: 'valid', position: 0 }],
  shipments: repeat(2, (i) => 40 + i * 40),
});
const A = company('L910001', 'Alpen Import AG', {
  people: [{ name: 'Marco Vogt', title: 'CEO', department: 'management', seniority: 'executive' }],
  contacts: [
    { kind: 'email', value: 'marco.vogt@alpen.example', label: 'valid', position: 0, personId: 'L910001.1' },
  ],
});
const B = company('L910002', 'Berg Handels AG', {
  contacts: [{ kind: 'email', value: 'info@berg.example', label: 'unknown', position: 0 }],
  shipments: repeat(4, (i) => 500 + i * 10),
});
// A person with a direct line only, and no other contact: "with phone" must find it.
const F = company('L910006', 'Fabrik Direkt AG', {
  people: [
    { name: 'Nina Kaiser', title: 'Purchasing Manager', department: 'purchasing', seniority: 'manager' },
  ],
  contacts: [{ kind: 'phone', value: '+423 555 4000 5000', label: '', position: 0, personId: 'L910006.1' }],
});
// People but nothing to reach them by: unlocking costs nothing.
const G = company('L910007', 'Geist Ohne Kontakt AG', {
  people: [{ name: 'Otto Stille', title: 'Owner', department: 'management', seniority: 'owner' }],
});
const ALL = [A, B, C, D, E, F, G];
// More LED bulb buyers than the search reads before ranking (CANDIDATE_CAP), stored before the one
// with records: the records must still put it first.
const BULB = { categoryIds: [2], descriptionEn: 'LED bulb importer', descriptionZh: 'LED球泡灯进口商' };
const FILLERS = Array.from({ length: CANDIDATE_CAP + 50 }, (_, i) => ({
  ...company(`L92${String(i).padStart(4, '0')}`, `Bulb Filler ${i} AG`, {
    contacts: [{ kind: 'email', value: `info@filler${i}.example`, label: 'valid', position: 0 }],
  }),
  ...BULB,
}));
const TRADED = {
  ...company('L929999', 'Late Bulb Importer AG', {
    shipments: [shipment(1, 30, { categoryId: 2, hsCode: '853952', product: 'LED BULB A60 9W' })],
  }),
  ...BULB,
};

// Buying signals in San Marino (issue 32, item 5): growing records come before a named person, who
// comes before more records.
const inSanMarino = (lead: GeneratedLead): GeneratedLead => ({ ...lead, country: 'SM' });
/** 2 shipments in the last 6 months, 1 in the 6 before: growing; from Vietnam and a new shipper now. */
const GROWING = inSanMarino(
  company('L930001', 'Crescita SRL', {
    shipments: [
      shipment(1, 10, { origin: 'VN', supplier: 'Hanoi Bright Lights Co.', sourceRef: 'g-1' }),
      shipment(2, 40, { sourceRef: 'g-2' }),
      shipment(3, 250, { sourceRef: 'g-3' }),
    ],
  }),
);
/** 6 shipments, 3 and 3: steady, and a purchasing manager named. */
const STEADY_NAMED = inSanMarino(
  company('L930002', 'Costante Nominato SRL', {
    people: [{ name: 'Paola Neri', title: 'Buyer', department: 'purchasing', seniority: 'manager' }],
    shipments: repeat(6, (i) => 30 + i * 60),
  }),
);
/** 4 shipments, 2 and 2: steady, nobody named. */
const STEADY = inSanMarino(company('L930003', 'Costante SRL', { shipments: repeat(4, (i) => 30 + i * 90) }));

/** 2 shipments in 12 months, 1 in each half: repeated, not growing, nobody named. */
const REPEATED = inSanMarino(
  company('L930004', 'Ripetuto SRL', {
    shipments: [shipment(1, 100, { sourceRef: 'r-1' }), shipment(2, 250, { sourceRef: 'r-2' })],
  }),
);
/** 2 shipments, 1 in each half, the newer from Thailand: a new origin, nobody named. */
const NEW_ORIGIN = inSanMarino(
  company('L930006', 'Origine Nuova SRL', {
    shipments: [shipment(1, 60, { origin: 'TH', sourceRef: 'n-1' }), shipment(2, 300, { sourceRef: 'n-2' })],
  }),
);
/** 2 shipments, 1 in each half, the newer from another shipper: a new supplier, nobody named. */
const NEW_SUPPLIER = inSanMarino(
  company('L930007', 'Fornitore Nuovo SRL', {
    shipments: [
      shipment(1, 70, { supplier: 'XIAMEN NEW LIGHT CO', sourceRef: 's-1' }),
      shipment(2, 310, { sourceRef: 's-2' }),
    ],
  }),
);
/** 1 recent shipment and a purchasing manager: a named person does not outrank repeated records. */
const ONCE_NAMED = inSanMarino(
  company('L930005', 'Una Volta SRL', {
    people: [
      { name: 'Luca Bassi', title: 'Purchasing Manager', department: 'purchasing', seniority: 'manager' },
    ],
    shipments: [shipment(1, 20, { sourceRef: 'o-1' })],
  }),
);

/** Every name and address the lock must hide until unlock. */
const SECRETS = ALL.flatMap((lead) => [
  ...lead.people.map((p) => p.name),
  ...lead.contacts.map((c) => c.value),
  ...lead.people.map((p) => p.title),
]);

beforeAll(async () => {
  api = await startApi({
    leads: [
      ...ALL,
      ...FILLERS,
      TRADED,
      GROWING,
      STEADY_NAMED,
      STEADY,
      REPEATED,
      ONCE_NAMED,
      NEW_ORIGIN,
      NEW_SUPPLIER,
    ],
    outreach: false,
  });
}, 60_000);
afterAll(() => api.close());

async function search(token: string, body: object, lang: 'zh' | 'en') {
  const res = await api.raw('POST', '/chat/search', { token, body, lang });
  const text = await res.clone().text();
  const events = await readEvents(res);
  return {
    text,
    chatId: events.find((e) => e.event === 'understood')?.data.chat_id as string,
    leads: events.filter((e) => e.event === 'lead').map((e) => e.data),
  };
}

describe('trade evidence on search cards', () => {
  it('ranks recent repeated records first, then a named buyer-side person, and cites the records', async () => {
    const token = await api.signUp('evidence-rank@example.com');
    const answer = await search(token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    expect(answer.leads.map((l) => l.id)).toEqual([E.id, D.id, C.id, A.id, F.id, G.id, B.id]);
    const [e, d, , a, , , b] = answer.leads;
    expect(e.why.evidence).toEqual({
      products: ['LED panel lights'],
      hs_codes: ['9405.11'],
      shipments_12m: 4,
      origins: [
        { code: 'CN', name: 'China' },
        { code: 'VN', name: 'Vietnam' },
      ],
      latest: day(20),
      sources: ['Test customs file'],
      // 3 in the last 6 months against 1 before, which came from Vietnam: China is a new origin.
      signals: {
        growing: { last_6m: 3, before_6m: 1 },
        new_origins: [{ code: 'CN', name: 'China' }],
        new_supplier: false,
      },
    });
    expect(d.why.evidence.shipments_12m).toBe(10);
    // Over a year old: no recent shipment, but the latest is said.
    expect(b.why.evidence).toMatchObject({ shipments_12m: 0, latest: day(500) });
    // No records: the card says the match rests on the description.
    expect(a.why.evidence).toBeNull();
    expect(e.trade).toMatchObject({ shipments_12m: 4, shipments_total: 4, latest: day(20) });
    expect(e.trade.hs_codes).toEqual([{ code: '9405.11', product: 'LED panel lights' }]);
    expect(a.trade).toBeNull();
    expect(e.founded_year).toBe(1998);
  });

  it('ranks repeated, then growing records, then a new origin or supplier, before a named person, and the card names each buying signal', async () => {
    const token = await api.signUp('evidence-signals@example.com');
    const answer = await search(token, { query: 'LED panel buyers in San Marino' }, 'en');
    expect(answer.leads.map((l) => l.id)).toEqual([
      GROWING.id,
      NEW_ORIGIN.id,
      NEW_SUPPLIER.id,
      STEADY_NAMED.id,
      STEADY.id,
      REPEATED.id,
      ONCE_NAMED.id,
    ]);
    const [growing, , , named, steady] = answer.leads;
    expect(growing.why.evidence.signals).toEqual({
      growing: { last_6m: 2, before_6m: 1 },
      new_origins: [{ code: 'VN', name: 'Vietnam' }],
      new_supplier: true,
    });
    expect(named.why.evidence.signals.growing).toBeNull();
    expect(steady.why.evidence.signals).toEqual({ growing: null, new_origins: [], new_supplier: false });
    const shown = (lead: GeneratedLead) => answer.leads.find((l) => l.id === lead.id).why.evidence.signals;
    expect(shown(NEW_ORIGIN)).toEqual({
      growing: null,
      new_origins: [{ code: 'TH', name: 'Thailand' }],
      new_supplier: false,
    });
    expect(shown(NEW_SUPPLIER)).toEqual({ growing: null, new_origins: [], new_supplier: true });
  });

  it('names products and countries of the evidence in the page’s language', async () => {
    const token = await api.signUp('evidence-zh@example.com');
    const answer = await search(token, { query: '列支敦士登的LED面板灯买家' }, 'zh');
    const e = answer.leads.find((l) => l.id === E.id);
    expect(e.why.evidence.products).toEqual(['LED面板灯']);
    expect(e.why.evidence.origins.map((o: { name: string }) => o.name)).toEqual(['中国', '越南']);
    expect(e.locked.departments).toEqual(['purchasing', 'management', 'logistics']);
  });

  it('counts "the last 12 months" back from today, so records age out', async () => {
    api.clock.advance(400 * DAY);
    try {
      const token = await api.signUp('evidence-age@example.com');
      const answer = await search(token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
      const e = answer.leads.find((l) => l.id === E.id);
      expect(e.why.evidence.shipments_12m).toBe(0);
      expect(e.trade.shipments_12m).toBe(0);
      expect(e.trade.shipments_total).toBe(4);
    } finally {
      api.clock.advance(-400 * DAY);
    }
  });

  it('reads companies with records of the asked product before the candidate cap', async () => {
    const token = await api.signUp('evidence-cap@example.com');
    const answer = await search(token, { query: 'LED bulb buyers in Liechtenstein' }, 'en');
    expect(answer.leads).toHaveLength(10);
    expect(answer.leads[0].id).toBe(TRADED.id);
    expect(answer.leads[0].why.evidence.hs_codes).toEqual(['8539.52']);
  });

  it('a shipments import puts a company that had no records first, past the candidate cap', async () => {
    // The last filler is stored after more record-less matches than the search reads.
    const late = FILLERS.at(-1)!;
    const before = await search(
      await api.signUp('evidence-import-before@example.com'),
      { query: 'LED bulb buyers in Liechtenstein' },
      'en',
    );
    expect(before.leads.map((l) => l.id)).not.toContain(late.id);
    // A customs export as it comes, one name upper-cased and the country written out.
    const csv = [
      'Arrival Date,Consignee,Consignee Country,Shipper,HS Code,Product Description,Quantity,Quantity Unit,Country of Origin,Bill of Lading',
      `${day(10)},${late.name.toUpperCase()},Liechtenstein,XIAMEN EXAMPLE LIGHTING CO LTD,8539.52.00,LED BULB A60 12W E27,5000,PCS,CN,EXMPLBOL-LATE-1`,
      `${day(40)},${late.name},LI,XIAMEN EXAMPLE LIGHTING CO LTD,853952,LED BULB G45 5W,3000,PCS,CN,EXMPLBOL-LATE-2`,
    ].join('\n');
    const report = await importShipments(api.database.db, readCsv(csv).rows, {
      source: 'Customs export',
      file: 'late.csv',
      today: new Date(),
    });
    expect(report.rejected).toEqual([]);
    expect(report.unmatched).toEqual([]);
    const after = await search(
      await api.signUp('evidence-import-after@example.com'),
      { query: 'LED bulb buyers in Liechtenstein' },
      'en',
    );
    // Two recent records outrank the one of the company that had records from the start.
    expect(after.leads.slice(0, 2).map((l) => l.id)).toEqual([late.id, TRADED.id]);
    expect(after.leads[0].why.evidence.shipments_12m).toBe(2);
  });

  it('a buyer and a supplier known only from a customs file are found for what the records say they trade', async () => {
    const csv = [
      'Date,Consignee,Consignee Country,Shipper,HS Code,Product Description,Weight,Country of Origin,Bill of Lading',
      `${day(20)},ALPENGLANZ HANDELS AG,Liechtenstein,FOSHAN EXAMPLE CERAMICS CO LTD,6907.21,PORCELAIN FLOOR TILES 600X600,"21,800 KG",China,EXMPLBOL-TILE-1`,
      `${day(80)},Alpenglanz Handels AG,LI,"Foshan Example Ceramics Co., Ltd.",690721,PORCELAIN TILES,N/A,CN,EXMPLBOL-TILE-2`,
    ].join('\n');
    const report = await importShipments(api.database.db, readCsv(csv).rows, {
      source: 'Customs export',
      file: 'tiles.csv',
      today: new Date(),
    });
    expect([report.added, report.created, report.rejected, report.unmatched]).toEqual([2, 2, [], []]);
    const token = await api.signUp('evidence-customs-only@example.com');
    const buyers = await search(token, { query: 'ceramic tile buyers in Liechtenstein' }, 'en');
    expect(buyers.leads.map((l) => l.name)).toEqual(['Alpenglanz Handels AG']);
    expect(buyers.leads[0].why.evidence.shipments_12m).toBe(2);
    expect(buyers.leads[0].why.evidence.origins.map((o: { code: string }) => o.code)).toEqual(['CN']);
    // Its records show it importing: it is found among importers too.
    const importers = await search(token, { query: 'ceramic tile importers in Liechtenstein' }, 'en');
    expect(importers.leads.map((l) => l.name)).toEqual(['Alpenglanz Handels AG']);
    // The demo has no Chinese companies: the shipper is the one supplier of tiles in China.
    const suppliers = await search(token, { query: '找中国的瓷砖供应商' }, 'zh');
    expect(suppliers.leads.map((l) => l.name)).toEqual(['Foshan Example Ceramics Co., Ltd.']);
  });

  it('a company whose role changes is found as the new role only', async () => {
    const token = await api.signUp('evidence-role@example.com');
    await api.database.db.update(leads).set({ role: 'supplier' }).where(eq(leads.id, A.id));
    try {
      const buyers = await search(token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
      expect(buyers.leads.map((l) => l.id)).not.toContain(A.id);
      const suppliers = await search(token, { query: 'LED panel suppliers in Liechtenstein' }, 'en');
      expect(suppliers.leads.map((l) => l.id)).toEqual([A.id]);
    } finally {
      await api.database.db.update(leads).set({ role: 'buyer' }).where(eq(leads.id, A.id));
    }
    const again = await search(token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    expect(again.leads.map((l) => l.id)).toContain(A.id);
  });

  it('"with phone" counts a person’s direct line', async () => {
    const token = await api.signUp('evidence-phone@example.com');
    const answer = await search(
      token,
      { query: 'LED panel buyers in Liechtenstein with phone number' },
      'en',
    );
    expect(answer.leads.map((l) => l.id).sort()).toEqual([E.id, F.id].sort());
  });
});

describe('the lock', () => {
  it('shows how many people and their departments, and no name, title or address anywhere before unlock', async () => {
    const token = await api.signUp('lock@example.com');
    const answer = await search(token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    const e = answer.leads.find((l) => l.id === E.id);
    expect(e.locked).toEqual({
      emails: 2,
      phones: 2,
      socials: 0,
      people: 3,
      departments: ['purchasing', 'management', 'logistics'],
    });
    expect(e.people).toBeNull();
    expect(e.contacts).toBeNull();
    for (const lead of ALL) await api.call('POST', '/leads/collect', { token, body: { lead_id: lead.id } });
    const bodies = [
      answer.text,
      JSON.stringify(
        (await api.call('GET', `/chat/messages?chat_id=${answer.chatId}`, { token, lang: 'en' })).body,
      ),
      JSON.stringify((await api.call('GET', '/leads/collects?page=1&page_size=50', { token })).body),
      JSON.stringify((await api.call('GET', '/leads/collects/export', { token })).body),
      JSON.stringify((await api.call('GET', '/leads/collects/facets', { token })).body),
      JSON.stringify((await api.call('GET', '/leads/unlocked?page=1&page_size=50', { token })).body),
    ];
    expect(JSON.parse(bodies[2]!).data.items).toHaveLength(ALL.length);
    for (const body of bodies) for (const secret of SECRETS) expect(body, secret).not.toContain(secret);
    // "Find more emails" reveals nothing before unlock either.
    const delve = await api.call('GET', `/user/get_delve_email?lead_id=${E.id}`, { token });
    expect(delve.body.code).not.toBe(0);
    expect(JSON.stringify(delve.body)).not.toContain('@evidenza');
  });

  it('after unlock shows each person with title, department and contacts, buyer-side first', async () => {
    const token = await api.signUp('unlock-people@example.com');
    await search(token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    const unlocked = await api.call('POST', '/leads/unlock', { token, body: { lead_id: E.id }, lang: 'en' });
    expect(unlocked.body.code).toBe(0);
    const view = unlocked.body.data;
    expect(view.people).toEqual([
      {
        id: 'L910005.1',
        name: 'Ursula Beck',
        title: 'Head of Procurement',
        department: 'purchasing',
        seniority: 'director',
        emails: [{ email: 'ursula.beck@evidenza.example', status: 'valid' }],
        phones: [],
        socials: [],
      },
      {
        id: 'L910005.2',
        name: 'Jonas Frick',
        title: 'CEO',
        department: 'management',
        seniority: 'executive',
        emails: [],
        phones: ['+423 555 1000 2000'],
        socials: [],
      },
      {
        id: 'L910005.3',
        name: 'Lea Marxer',
        title: 'Logistics Coordinator',
        department: 'logistics',
        seniority: 'staff',
        emails: [],
        phones: [],
        socials: [],
      },
    ]);
    // The company's own contacts stay listed with every revealed contact.
    expect(view.contacts.emails.map((e: { email: string }) => e.email)).toEqual([
      'ursula.beck@evidenza.example',
      'info@evidenza.example',
    ]);
    expect(view.contacts.phones).toEqual(['+423 555 1000 2000', '+423 555 1000 3000']);
    // The unlocked list and its export carry the people too.
    const list = await api.call('GET', '/leads/unlocked?page=1&page_size=50', { token });
    expect(list.body.data.items[0].people.map((p: { name: string }) => p.name)).toEqual([
      'Ursula Beck',
      'Jonas Frick',
      'Lea Marxer',
    ]);
    const exported = await api.call('GET', '/leads/unlocked/export', { token });
    expect(exported.body.data.items[0].people).toHaveLength(3);
  });

  it('keeps the unlock price: 1 bean once, nothing for a lead whose people have no contacts', async () => {
    const email = 'unlock-price@example.com';
    const token = await api.signUp(email);
    await search(token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    const beans = async () => {
      const [row] = await api.database.db.select().from(users).where(eq(users.email, email));
      return row!.point - row!.bpUsed;
    };
    const before = await beans();
    await api.call('POST', '/leads/unlock', { token, body: { lead_id: G.id } });
    expect(await beans()).toBe(before);
    const free = await api.call('POST', '/leads/unlock', { token, body: { lead_id: G.id } });
    expect(free.body.data.people[0].name).toBe('Otto Stille');
    await Promise.all([
      api.call('POST', '/leads/unlock', { token, body: { lead_id: F.id } }),
      api.call('POST', '/leads/unlock', { token, body: { lead_id: F.id } }),
    ]);
    expect(await beans()).toBe(before - 1);
  });
});
