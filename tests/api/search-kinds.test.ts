import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedLead } from '../../server/leads/generate.ts';
import type { LeadShipment } from '../../server/leads/enrich.ts';
import type { LeadView } from '../../contract/api.ts';
import { searchAs, testLead } from './fixtures.ts';
import { CANDIDATE_CAP } from '../../server/leads/search.ts';
import { startApi, type Api } from './harness.ts';

/**
 * Kinds of company as a client sees them (issue 32, item 3): a buyer with import records of the
 * asked product is an importer of it; "importers", "distributors", "wholesalers" find every buyer
 * that resells, those of the kind asked first and the others said to be another kind; "only"
 * filters; retailers asked are retailers. Liechtenstein LED panel buyers, a country the demo data
 * leaves out, so each sentence finds exactly these.
 */

const DAY = 86_400_000;
/** Import records of LED panel lights (demo category 1; 2: LED bulbs), the newest `daysAgo` days ago. */
const records = (id: string, count: number, daysAgo: number, categoryId = 1): LeadShipment[] =>
  Array.from({ length: count }, (_, i) => ({
    shippedOn: new Date(Date.now() - (daysAgo + i * 20) * DAY).toISOString().slice(0, 10),
    hsCode: categoryId === 1 ? '940511' : '853952',
    categoryId,
    product: categoryId === 1 ? 'LED PANEL 600X600 40W' : 'LED BULB A60 9W',
    quantity: 500,
    quantityUnit: 'PCS',
    weightKg: 900,
    origin: 'CN',
    destinationPort: 'Hamburg',
    supplier: 'Ningbo Bright Trading Co., Ltd.',
    sourceName: 'Test customs file',
    sourceUrl: 'kinds.csv',
    sourceRef: `${id}-${i}`,
  }));

const company = (
  id: string,
  name: string,
  companyType: string,
  shipments: LeadShipment[] = [],
  where: { country?: string; categoryIds?: number[] } = {},
): GeneratedLead => ({
  ...testLead(id, { name, ...where }),
  companyType,
  shipments,
  tradedCategoryIds: [...new Set(shipments.map((s) => s.categoryId!))],
});

/** Its id sorts last: only its kind puts it before the wholesaler and the retailer. */
const IMPORTER = company('L950009', 'Import Anstalt', 'importer');
/** A distributor with recent import records: an importer of LED panels by its records. */
const DISTRIBUTOR_WITH_RECORDS = company(
  'L950002',
  'Vertrieb mit Zoll AG',
  'distributor',
  records('L950002', 3, 10),
);
const WHOLESALER = company('L950003', 'Grosshandel AG', 'wholesaler');
const RETAILER = company('L950004', 'Laden AG', 'retailer');
/** A contractor that imports for its projects: an importer by its records, not a reseller. */
const CONTRACTOR_WITH_RECORDS = company(
  'L950005',
  'Bau mit Zoll AG',
  'contractor',
  records('L950005', 1, 40),
);
/** A contractor without records: neither an importer nor a reseller. */
const CONTRACTOR = company('L950006', 'Bau AG', 'contractor');

/**
 * More than the 11 a search reads: LED bulb wholesalers in Liechtenstein with recent records, and
 * distributors without any, two there and seven in Monaco.
 */
const BULBS = { categoryIds: [2] };
const BULB_WHOLESALERS = Array.from({ length: 11 }, (_, i) =>
  company(
    `L951${String(i).padStart(3, '0')}`,
    `Birnen ${i} AG`,
    'wholesaler',
    records(`B${i}`, 2, 5 + i, 2),
    BULBS,
  ),
);
const BULB_DISTRIBUTORS = [1, 2].map((i) =>
  company(`L952${i}`, `Birnen Vertrieb ${i}`, 'distributor', [], BULBS),
);
const MONACO_DISTRIBUTORS = Array.from({ length: 7 }, (_, i) =>
  company(`L953${i}`, `Ampoules ${i} SAM`, 'distributor', [], { ...BULBS, country: 'MC' }),
);

/** More wholesalers than a search reads before ranking, stored before the one distributor, in Andorra. */
const ANDORRA_WHOLESALERS = Array.from({ length: CANDIDATE_CAP + 50 }, (_, i) =>
  company(`L954${String(i).padStart(3, '0')}`, `Engros ${i} SA`, 'wholesaler', [], {
    ...BULBS,
    country: 'AD',
  }),
);
const ANDORRA_DISTRIBUTOR = company('L955000', 'Distribuidor SA', 'distributor', [], {
  ...BULBS,
  country: 'AD',
});

let api: Api;
let token: string;
beforeAll(async () => {
  api = await startApi({
    leads: [
      IMPORTER,
      DISTRIBUTOR_WITH_RECORDS,
      WHOLESALER,
      RETAILER,
      CONTRACTOR_WITH_RECORDS,
      CONTRACTOR,
      ...BULB_WHOLESALERS,
      ...BULB_DISTRIBUTORS,
      ...MONACO_DISTRIBUTORS,
      ...ANDORRA_WHOLESALERS,
      ANDORRA_DISTRIBUTOR,
    ],
    outreach: false,
  });
  token = await api.signUp('kinds@example.com');
}, 60_000);
afterAll(() => api.close());

async function search(query: string, lang: 'zh' | 'en' = 'en') {
  const answer = await searchAs(api, token, { query }, lang);
  expect(answer.refused).toBeNull();
  const cards = answer.events.filter((e) => e.event === 'lead').map((e) => e.data as LeadView);
  return { cards, ids: cards.map((c) => c.id), summary: answer.summary as { text: string; count: number } };
}
const kindOf = (cards: LeadView[], id: string) => cards.find((c) => c.id === id)?.why.kind;

describe('importers: listed as importers or importing the product, then the other resellers', () => {
  it('finds those of the kind first (records first), then wholesalers and retailers, never a contractor without records', async () => {
    const { cards, ids, summary } = await search('LED panel importers in Liechtenstein');
    expect(ids.slice(0, 3)).toEqual([DISTRIBUTOR_WITH_RECORDS.id, CONTRACTOR_WITH_RECORDS.id, IMPORTER.id]);
    expect(ids.slice(3).sort()).toEqual([WHOLESALER.id, RETAILER.id].sort());
    expect(cards.map((c) => c.why.kind)).toEqual(['records', 'records', 'listed', 'reseller', 'reseller']);
    // Only those that fit say they meet the kind asked.
    expect(cards.map((c) => c.why.conditions.includes('company_type'))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(summary.text).toMatch(
      /^Found 5 companies: 3 are importers and come first; the other 2 resell it as (wholesalers or retailers|retailers or wholesalers), not the kind asked\. Say “only importers” to leave those out\./,
    );
    expect(summary.count).toBe(5);
  });

  it('"only importers" finds only them, and the answer claims a full match', async () => {
    const { cards, summary } = await search('only LED panel importers in Liechtenstein');
    expect(cards.map((c) => c.id)).toEqual([
      DISTRIBUTOR_WITH_RECORDS.id,
      CONTRACTOR_WITH_RECORDS.id,
      IMPORTER.id,
    ]);
    expect(cards.map((c) => c.why.kind)).toEqual(['records', 'records', 'listed']);
    expect(summary.text).toMatch(/^Found 3 companies that match everything asked\./);
  });

  it('in Chinese, with a retailer left out', async () => {
    const { ids, summary } = await search('列支敦士登的LED面板进口商，不要零售商', 'zh');
    expect(ids.slice(0, 3).sort()).toEqual(
      [DISTRIBUTOR_WITH_RECORDS.id, CONTRACTOR_WITH_RECORDS.id, IMPORTER.id].sort(),
    );
    expect(ids.slice(3)).toEqual([WHOLESALER.id]);
    expect(summary.text).toMatch(
      /^找到 4 家公司：3 家是进口商，排在前面；另外 1 家是转售该产品的批发商，不是所要的类型。/,
    );
  });
});

describe('other kinds', () => {
  it('distributors: the distributor first, then the other resellers; records make no one a distributor', async () => {
    const { cards, ids } = await search('LED panel distributors in Liechtenstein');
    expect(ids[0]).toBe(DISTRIBUTOR_WITH_RECORDS.id);
    expect(ids.slice(1).sort()).toEqual([IMPORTER.id, WHOLESALER.id, RETAILER.id].sort());
    expect(kindOf(cards, DISTRIBUTOR_WITH_RECORDS.id)).toBe('listed');
    expect(kindOf(cards, IMPORTER.id)).toBe('reseller');
  });

  it('two kinds asked: both fit', async () => {
    const { cards } = await search('LED panel distributors or wholesalers in Liechtenstein');
    expect(
      cards
        .filter((c) => c.why.kind === 'listed')
        .map((c) => c.id)
        .sort(),
    ).toEqual([DISTRIBUTOR_WITH_RECORDS.id, WHOLESALER.id].sort());
    expect(cards.slice(0, 2).every((c) => c.why.kind === 'listed')).toBe(true);
  });

  it('retailers asked are retailers, and contractors contractors', async () => {
    expect((await search('LED panel retailers in Liechtenstein')).ids).toEqual([RETAILER.id]);
    expect((await search('LED panel contractors in Liechtenstein')).ids.sort()).toEqual(
      [CONTRACTOR_WITH_RECORDS.id, CONTRACTOR.id].sort(),
    );
  });

  it('no kind asked: every buyer, none said to be of a kind', async () => {
    const { cards } = await search('LED panel buyers in Liechtenstein');
    expect(cards).toHaveLength(6);
    expect(cards.every((c) => c.why.kind === null)).toBe(true);
  });
});

describe('those of the kind asked are never lost behind better-ranked resellers', () => {
  const ids = (list: GeneratedLead[]) => list.map((l) => l.id).sort();

  it('in one country: the distributors without records come before eleven wholesalers with recent ones', async () => {
    const { cards } = await search('LED bulb distributors in Liechtenstein');
    expect(
      cards
        .slice(0, 2)
        .map((c) => c.id)
        .sort(),
    ).toEqual(ids(BULB_DISTRIBUTORS));
    expect(cards.slice(2).every((c) => c.why.kind === 'reseller' && c.company_type === 'wholesaler')).toBe(
      true,
    );
    expect(cards).toHaveLength(10);
  });

  it('past the candidate cap: the one distributor, stored after more wholesalers than a search reads', async () => {
    const { cards } = await search('LED bulb distributors in Andorra');
    expect(cards[0]?.id).toBe(ANDORRA_DISTRIBUTOR.id);
    expect(cards.slice(1).every((c) => c.why.kind === 'reseller')).toBe(true);
  });

  it('in several countries taking turns: all nine distributors first, whichever turn they are in', async () => {
    const { cards } = await search('LED bulb distributors in Liechtenstein and Monaco');
    expect(
      cards
        .slice(0, 9)
        .map((c) => c.id)
        .sort(),
    ).toEqual(ids([...BULB_DISTRIBUTORS, ...MONACO_DISTRIBUTORS]));
    expect(cards[9]?.why.kind).toBe('reseller');
  });
});
