import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultQueries } from '../../server/leads/suggest.ts';
import { zh as zhUi } from '../../src/i18n/ui/zh.ts';
import { en as enUi } from '../../src/i18n/ui/en.ts';
import { MAX_LEADS_PER_QUERY } from '../../contract/limits.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { insertLeads } from '../../server/leads/seed.ts';
import { PRODUCTS, PRODUCT_BY_ID, type Product } from '../../server/search/products.ts';
import { CATEGORY_BY_ID } from '../../server/leads/reference.ts';
import { message } from '../../server/i18n.ts';
import { leadContacts, leadShipments, leads } from '../../server/platform/db/schema.ts';
import { grade, productLevel, sameCountries, type Reading } from '../corpus/grade.ts';
import {
  ADDED_PAIRS,
  SENTENCE_PAIRS,
  type ExpectedUnderstanding,
  type SentencePair,
} from '../corpus/search-sentences.ts';
import { freshDatabase, readEvents, startApi, type Api } from './harness.ts';

/**
 * The measured search quality (issue 13): every sentence of the zh/en sentence set
 * (tests/corpus/search-sentences.ts: the blind pairs and the pairs added for this set) goes through
 * the real API, POST /api/chat/search on the full demo data, and is graded on
 * - understanding: role, countries (the corpus's region rule), products (HS subheading or name)
 *   and conditions, as the `understood` event says them;
 * - honest matching: every returned lead matches everything asked, checked from the database (its
 *   role, country, categories, contacts, size and kind of company), not from the card's `why`;
 * - vague sentences: no lead, and the answer asks for the product;
 * - twins: the Chinese and the English sentence of a pair give the same criteria and leads.
 * The figures go to bench-results/search-quality.json (docs/quality.md, "Search quality").
 */

type Lead = {
  id: string;
  role: string;
  country: { code: string };
  company_type: string;
  why: {
    products: string[];
    broader: boolean;
    kind: 'listed' | 'records' | 'reseller' | null;
    evidence: {
      signals: { growing: object | null; new_origins: object[]; new_supplier: boolean };
    } | null;
  };
  locked: { phones: number };
  contacts: unknown;
};
type Criteria = {
  role: 'buyer' | 'supplier';
  countries: string[];
  regions: string[];
  products: string[];
  conditions: Record<string, unknown>;
};

interface Run {
  sentence: string;
  understood: {
    criteria: Criteria;
    products: { id: string; hs: string }[];
    unknown: string[];
  };
  leads: Lead[];
  summary: { text: string; counted: boolean; count: number; more: boolean; broader: string[] };
  lastEvent: string;
  contentType: string;
}

const SET: (SentencePair & { source: 'blind' | 'added' })[] = [
  ...SENTENCE_PAIRS.map((pair) => ({ ...pair, source: 'blind' as const })),
  ...ADDED_PAIRS.map((pair) => ({ ...pair, source: 'added' as const })),
];

/**
 * The queries of this file's first version, each with the demo category it must reach: common
 * searches the demo data holds companies for, so each must find some.
 */
const DEMO_QUERIES: [string, 'buyer' | 'supplier', string, string][] = [
  ['帮我找德国的LED面板买家', 'buyer', 'DE', 'led-panel-lights'],
  ['寻找美国的太阳能逆变器进口商', 'buyer', 'US', 'solar-inverters'],
  ['越南的纺织面料供应商', 'supplier', 'VN', 'textile-fabrics'],
  ['帮我找英国的家具买家', 'buyer', 'GB', 'home-furniture'],
  ['法国的LED灯带经销商', 'buyer', 'FR', 'led-strip-lights'],
  ['意大利的瓷砖进口商', 'buyer', 'IT', 'ceramic-tiles'],
  ['印度的纺织面料买家', 'buyer', 'IN', 'textile-fabrics'],
  ['日本的宠物玩具分销商', 'buyer', 'JP', 'pet-beds-toys'],
  ['韩国的太阳能电池板供应商', 'supplier', 'KR', 'solar-panels'],
  ['阿联酋的LED面板灯采购商', 'buyer', 'AE', 'led-panel-lights'],
  ['澳大利亚的户外家具买家', 'buyer', 'AU', 'outdoor-furniture'],
  ['加拿大的瑜伽垫进口商', 'buyer', 'CA', 'yoga-accessories'],
  ['墨西哥的汽车刹车片买家', 'buyer', 'MX', 'brake-parts'],
  ['巴西的LED路灯分销商', 'buyer', 'BR', 'street-lights'],
  ['俄罗斯的不锈钢锅具进口商', 'buyer', 'RU', 'cookware'],
  ['土耳其的纺织面料工厂', 'supplier', 'TR', 'textile-fabrics'],
  ['沙特的瓷砖买家', 'buyer', 'SA', 'ceramic-tiles'],
  ['西班牙的办公家具批发商', 'buyer', 'ES', 'office-furniture'],
  ['荷兰的LED球泡灯买家', 'buyer', 'NL', 'led-bulbs'],
  ['波兰的太阳能逆变器经销商', 'buyer', 'PL', 'solar-inverters'],
  ['Find LED panel buyers in Germany', 'buyer', 'DE', 'led-panel-lights'],
  ['solar inverter importers in the US', 'buyer', 'US', 'solar-inverters'],
  ['textile fabric suppliers in Vietnam', 'supplier', 'VN', 'textile-fabrics'],
  ['furniture buyers in the UK', 'buyer', 'GB', 'home-furniture'],
  ['LED strip light distributors in France', 'buyer', 'FR', 'led-strip-lights'],
  ['ceramic tile importers from Italy', 'buyer', 'IT', 'ceramic-tiles'],
  ['yoga mat buyers in Canada', 'buyer', 'CA', 'yoga-accessories'],
  ['brake pad wholesalers in Mexico', 'buyer', 'MX', 'brake-parts'],
  ['solar panel manufacturers in South Korea', 'supplier', 'KR', 'solar-panels'],
  ['LED panel buyers DE', 'buyer', 'DE', 'led-panel-lights'],
  ['outdoor furniture importers Australia', 'buyer', 'AU', 'outdoor-furniture'],
  ['office furniture dealers in Spain', 'buyer', 'ES', 'office-furniture'],
  ['German LED bulb distributors', 'buyer', 'DE', 'led-bulbs'],
  ['led street light buyers brazil', 'buyer', 'BR', 'street-lights'],
  ['cookware importers in Russia', 'buyer', 'RU', 'cookware'],
  ['textile fabric factories in Turkey', 'supplier', 'TR', 'textile-fabrics'],
  ['solar inverter buyers in Poland', 'buyer', 'PL', 'solar-inverters'],
  ['cat tree distributors in Japan', 'buyer', 'JP', 'pet-beds-toys'],
  ['LED panel light purchasers in the UAE', 'buyer', 'AE', 'led-panel-lights'],
  ['Dutch LED bulb buyers', 'buyer', 'NL', 'led-bulbs'],
];

// ---------------------------------------------------------------------------------------------
// Running searches as users do: a fresh user before the day's free searches run out.

let api: Api;
let token = '';
let counted = 0;
let users = 0;
let searches = 0;

async function search(sentence: string, lang: 'zh' | 'en' = 'zh'): Promise<Run> {
  // 30 free searches a day; a search that finds nothing does not count.
  if (!token || counted >= 25) {
    users++;
    token = await api.signUp(`quality-${users}@example.com`);
    counted = 0;
  }
  searches++;
  // The page's language: a Chinese sentence from the Chinese page, an English one from the English page.
  const res = await api.raw('POST', '/chat/search', { token, lang, body: { query: sentence } });
  const events = await readEvents(res);
  const understood = events.find((e) => e.event === 'understood')?.data;
  const summary = events.find((e) => e.event === 'summary')?.data;
  if (!understood || !summary) throw new Error(`no search answer for ${sentence}: ${JSON.stringify(events)}`);
  if (summary.counted) counted++;
  return {
    sentence,
    understood,
    leads: events.filter((e) => e.event === 'lead').map((e) => e.data),
    summary,
    lastEvent: events.at(-1)!.event,
    contentType: res.headers.get('content-type') ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// What a lead is, read from the database, and what it must be.

interface Row {
  id: string;
  role: string;
  country: string;
  size: string;
  companyType: string;
  categories: string[];
  /** The categories of its shipment records (lead_shipments). */
  traded: string[];
  phones: number;
  emails: number;
}

/** Every lead as the database holds it, read once (searches do not change them). */
let table = new Map<string, Row>();

async function readTable(): Promise<Map<string, Row>> {
  const db = api.database.db;
  const contacts = await db
    .select({
      leadId: leadContacts.leadId,
      phones: sql<number>`count(*) filter (where ${leadContacts.kind} = 'phone')`,
      // An address known to bounce is no way to reach the company.
      emails: sql<number>`count(*) filter (where ${leadContacts.kind} = 'email' and ${leadContacts.label} <> 'invalid')`,
    })
    .from(leadContacts)
    .groupBy(leadContacts.leadId);
  const reach = new Map(contacts.map((c) => [c.leadId, c]));
  const records = await db
    .selectDistinct({ leadId: leadShipments.leadId, categoryId: leadShipments.categoryId })
    .from(leadShipments);
  const traded = new Map<string, string[]>();
  for (const { leadId, categoryId } of records) {
    const slug = CATEGORY_BY_ID.get(categoryId ?? -1)?.slug;
    if (slug) traded.set(leadId, [...(traded.get(leadId) ?? []), slug]);
  }
  const out = new Map<string, Row>();
  for (const lead of await db.select().from(leads))
    out.set(lead.id, {
      id: lead.id,
      role: lead.role,
      country: lead.country,
      size: lead.size,
      companyType: lead.companyType,
      categories: lead.categoryIds.map((id) => CATEGORY_BY_ID.get(id)?.slug ?? `#${id}`),
      traded: traded.get(lead.id) ?? [],
      phones: Number(reach.get(lead.id)?.phones ?? 0),
      emails: Number(reach.get(lead.id)?.emails ?? 0),
    });
  return out;
}

const names = (p: Product) => [p.en, p.zh, ...p.synonyms_en, ...p.synonyms_zh];
const lower = (names: string[]) => names.map((name) => name.normalize('NFKC').toLowerCase());

/**
 * What each demo category deals in (issue 32), from the data files: the product of its slug and
 * each product filed under it (products.json `categories`) that one of the category's own names
 * (categories.json) names.
 */
const DEALS_IN = new Map(
  [...CATEGORY_BY_ID.values()].map((category) => {
    const own = new Set(lower([category.en, category.zh, ...category.synonyms_en, ...category.synonyms_zh]));
    return [
      category.slug,
      new Set(
        PRODUCTS.filter(
          (p) =>
            p.id === category.slug ||
            (p.categories.includes(category.slug) && lower(names(p)).some((name) => own.has(name))),
        ).map((p) => p.id),
      ),
    ] as const;
  }),
);

/** A product and every product under it (products.json `broader`). */
function within(product: Product): Set<string> {
  const out = new Set<string>();
  const below = (id: string) => {
    if (out.has(id)) return;
    out.add(id);
    for (const narrower of PRODUCTS) if (narrower.broader === id) below(narrower.id);
  };
  below(product.id);
  return out;
}

/** The demo categories whose companies deal in a product or a narrower one. */
function carriers(product: Product): Set<string> {
  const wanted = within(product);
  return new Set(
    [...DEALS_IN].filter(([, deals]) => [...deals].some((id) => wanted.has(id))).map(([slug]) => slug),
  );
}

/**
 * For a product no category deals in, its nearest broader product that a category deals in: the
 * labelled broader set an answer may offer instead. Null otherwise.
 */
function broaderOf(product: Product): Product | null {
  if (carriers(product).size) return null;
  for (
    let above = PRODUCT_BY_ID.get(product.broader ?? '');
    above;
    above = PRODUCT_BY_ID.get(above.broader ?? '')
  )
    if ([...DEALS_IN.values()].some((deals) => deals.has(above!.id))) return above;
  return null;
}

/** The categories dealing in exactly that broader product. */
function broaderCarriers(product: Product): Set<string> {
  const above = broaderOf(product);
  return new Set(above ? [...DEALS_IN].filter(([, deals]) => deals.has(above.id)).map(([slug]) => slug) : []);
}

/** The categories an answer's leads must come from: the asked products', or the broader set's. */
function searchedCategories(c: Criteria, broader: boolean): Set<string> {
  const products = c.products.map((id) => PRODUCT_BY_ID.get(id)!);
  return new Set(products.flatMap((p) => [...(broader ? broaderCarriers(p) : carriers(p))]));
}

/** Buyers that resell what they buy (issue 32, item 3). */
const RESELLING = ['importer', 'distributor', 'wholesaler', 'retailer'];
/** Kind words meaning "buyers who resell" ("importers", "dealers/经销商", "wholesalers"): they rank, not filter. */
const RANKING_WORDS = ['importer', 'distributor', 'wholesaler'];

/**
 * How a lead may be shown for the kinds asked (issue 32, item 3): 'listed' when its own kind is
 * asked; 'records' when importers are asked for buyers and it has shipment records of an asked
 * product; 'reseller' when it is another buyer that resells and the kinds asked are reseller
 * words not insisted on ("only"); null when it may not be shown.
 */
function kindOfLead(
  row: Row,
  kinds: readonly string[],
  c: Criteria,
  broader: boolean,
): 'listed' | 'records' | 'reseller' | null {
  if (kinds.includes(row.companyType)) return 'listed';
  const searched = searchedCategories(c, broader);
  if (c.role === 'buyer' && kinds.includes('importer') && row.traded.some((slug) => searched.has(slug)))
    return 'records';
  const ranks =
    c.role === 'buyer' &&
    !c.conditions.company_type_only &&
    kinds.every((kind) => RESELLING.includes(kind)) &&
    kinds.some((kind) => RANKING_WORDS.includes(kind));
  return ranks && RESELLING.includes(row.companyType) ? 'reseller' : null;
}

/** The kinds criteria ask for. */
const kindsIn = (c: Criteria): string[] =>
  (c.conditions.company_types as string[] | undefined) ??
  (c.conditions.company_type ? [String(c.conditions.company_type)] : []);

/** "51-200" → [51, 200], "1000+" → [1000, ∞]. */
function sizeRange(size: string): [number, number] | null {
  const match = /^(\d+)\s*(?:-\s*(\d+)|\+)$/.exec(size.trim());
  return match ? [Number(match[1]), match[2] ? Number(match[2]) : Infinity] : null;
}

/**
 * What a lead fails of what was asked: the sentence's expected role, countries and conditions, and
 * one of the asked products (those the search read that meet the expected ones) in its categories.
 */
function leadMisses(lead: Lead, row: Row | undefined, expected: ExpectedUnderstanding, run: Run): string[] {
  if (!row) return ['not in the database'];
  const misses: string[] = [];
  if (row.role !== expected.role || lead.role !== row.role) misses.push(`role ${row.role}`);
  if (lead.country.code !== row.country) misses.push('country differs from the database');
  if (expected.countries.length && !expected.countries.includes(row.country))
    misses.push(`country ${row.country}`);
  // The products the search read that are what the sentence asks for (HS subheading, name or heading).
  const asked = run.understood.criteria.products
    .map((id) => PRODUCT_BY_ID.get(id))
    .filter((p): p is Product => p !== undefined)
    .filter((p) =>
      expected.products.some(
        (want) => productLevel({ id: p.id, hs: p.hs, names: names(p) }, want) !== 'none',
      ),
    );
  // A labelled broader set only when no category deals in any product read, and said so.
  const broader = lead.why.broader;
  if (broader !== run.summary.broader.length > 0)
    misses.push('broader card in an answer that matches, or not said');
  const read = run.understood.criteria.products.map((id) => PRODUCT_BY_ID.get(id)!);
  if (broader && read.some((p) => carriers(p).size)) misses.push('a broader set where the data has a match');
  const reach = (p: Product) => (broader ? broaderCarriers(p) : carriers(p));
  const carrying = asked.filter((p) => row.categories.some((slug) => reach(p).has(slug)));
  if (carrying.length === 0) misses.push(`products ${row.categories.join(',')}`);
  // The card's "why": non-empty, and only the lead's own categories that deal in an asked product
  // (in a broader set, in the broader product offered or a narrower one).
  const own = new Set(
    row.categories
      .filter((slug) => carrying.some((p) => carriers(broader ? broaderOf(p)! : p).has(slug)))
      .flatMap((slug) => {
        const category = [...CATEGORY_BY_ID.values()].find((c) => c.slug === slug);
        return category ? [category.zh, category.en] : [];
      }),
  );
  if (lead.why.products.length === 0 || lead.why.products.some((name) => !own.has(name)))
    misses.push(`why.products ${lead.why.products.join(',')}`);
  const c = expected.conditions;
  if (c.phone && (row.phones === 0 || lead.locked.phones === 0)) misses.push('no phone');
  if (c.email && row.emails === 0) misses.push('no usable email');
  if (c.employees) {
    const range = sizeRange(row.size);
    if (!range || range[0] < (c.employees.min ?? 0) || range[1] > (c.employees.max ?? Infinity))
      misses.push(`size ${row.size}`);
  }
  // The kind the sentence asks for; the card says how the lead meets it.
  if (c.companyType) {
    const kind = kindOfLead(row, [c.companyType], run.understood.criteria, broader);
    if (kind === null || lead.why.kind !== kind)
      misses.push(`company type ${row.companyType} (card: ${lead.why.kind})`);
  } else if (lead.why.kind !== null)
    misses.push(`a kind on the card (${lead.why.kind}) where none was asked`);
  if (lead.contacts !== null) misses.push('contacts shown before unlocking');
  return misses;
}

/** The understanding of a run, as the grader reads it. */
function reading(run: Run): Reading {
  const c = run.understood.criteria;
  return {
    role: c.role,
    countries: c.countries,
    products: c.products.map((id) => {
      const product = PRODUCT_BY_ID.get(id);
      return { id, hs: product?.hs ?? '', names: product ? names(product) : [] };
    }),
    conditions: {
      phone: Boolean(c.conditions.phone),
      email: Boolean(c.conditions.email),
      ...(c.conditions.employees
        ? { employees: c.conditions.employees as { min?: number; max?: number } }
        : {}),
      ...(c.conditions.company_type ? { companyType: String(c.conditions.company_type) } : {}),
    },
  };
}

/** The conditions of criteria as the corpus writes them. */
function conditionsOf(c: Criteria): ExpectedUnderstanding['conditions'] {
  const k = c.conditions as {
    phone?: true;
    email?: true;
    employees?: { min?: number; max?: number };
    company_type?: ExpectedUnderstanding['conditions']['companyType'];
  };
  return {
    ...(k.phone ? { phone: true as const } : {}),
    ...(k.email ? { email: true as const } : {}),
    ...(k.employees ? { employees: k.employees } : {}),
    ...(k.company_type ? { companyType: k.company_type } : {}),
  };
}

/**
 * Recall: the ids of every lead in the database that meets the criteria a search says it used,
 * found without the search code (role, country, a category carrying a product, each condition).
 */
function allMatching(c: Criteria, broader: boolean): string[] {
  const slugs = searchedCategories(c, broader);
  const want = conditionsOf(c);
  const kinds = kindsIn(c);
  return [...table.values()]
    .filter((row) => {
      const range = sizeRange(row.size);
      return (
        row.role === c.role &&
        (c.countries.length === 0 || c.countries.includes(row.country)) &&
        row.categories.some((slug) => slugs.has(slug)) &&
        (!want.phone || row.phones > 0) &&
        (!want.email || row.emails > 0) &&
        (!want.employees ||
          (range !== null &&
            range[0] >= (want.employees.min ?? 0) &&
            range[1] <= (want.employees.max ?? Infinity))) &&
        (kinds.length === 0 || kindOfLead(row, kinds, c, broader) !== null)
      );
    })
    .map((row) => row.id)
    .sort();
}

/** Criteria in one order, to compare twins. */
const canonical = (c: Criteria) =>
  JSON.stringify({
    role: c.role,
    countries: [...c.countries].sort(),
    regions: [...c.regions].sort(),
    products: [...c.products].sort(),
    conditions: Object.fromEntries(Object.entries(c.conditions).sort(([a], [b]) => a.localeCompare(b))),
  });

// ---------------------------------------------------------------------------------------------
// The measurement.

const rate = (n: number, of: number) => (of === 0 ? 1 : Math.round((n / of) * 10000) / 10000);
const percent = (r: number) => `${(r * 100).toFixed(1)}%`;

interface Graded {
  pair: (typeof SET)[number];
  language: 'zh' | 'en';
  run: Run;
  correct: boolean;
  wrong: string[];
  partialProducts: boolean;
  leadMisses: string[];
}

const graded: Graded[] = [];
const demoRuns: { query: (typeof DEMO_QUERIES)[number]; run: Run }[] = [];
let leadTotal = 0;
let leadMatching = 0;
const matchMisses: string[] = [];
let searchesChecked = 0;
const recallMisses: string[] = [];
let twinsIdentical = 0;
const twinMisses: string[] = [];
let report: Record<string, unknown> = {};

function checkLeads(run: Run, expected: ExpectedUnderstanding): string[] {
  const misses: string[] = [];
  for (const lead of run.leads) {
    leadTotal++;
    const missed = leadMisses(lead, table.get(lead.id), expected, run);
    if (missed.length === 0) leadMatching++;
    else {
      const line = `${run.sentence} → ${lead.id}: ${missed.join('; ')}`;
      misses.push(line);
      matchMisses.push(line);
    }
  }
  // Leads of another kind than asked come after every lead of a kind asked, and the answer says so.
  const criteria = run.understood.criteria;
  const broader = run.summary.broader.length > 0;
  const others = run.leads.filter((lead) => lead.why.kind === 'reseller').length;
  if (run.leads.slice(0, run.leads.length - others).some((lead) => lead.why.kind === 'reseller'))
    recallMisses.push(`${run.sentence}: a lead of another kind before one of the kind asked`);
  if (others > 0 && /match everything asked|符合全部条件/.test(run.summary.text))
    matchMisses.push(`${run.sentence}: leads of another kind, and the answer claims a full match`);
  if (others > 0) {
    const kinds = kindsIn(criteria);
    const fitting = allMatching(criteria, broader).filter(
      (id) => kindOfLead(table.get(id)!, kinds, criteria, broader) !== 'reseller',
    ).length;
    if (fitting > run.leads.length - others)
      recallMisses.push(
        `${run.sentence}: shows ${others} of another kind, with ${fitting} of the kind asked in the data`,
      );
  }
  // Recall: a complete answer (fewer than 10, nothing more) holds every lead that meets its criteria.
  const matching = allMatching(criteria, broader);
  const shown = run.leads.map((lead) => lead.id).sort();
  searchesChecked++;
  if (
    shown.length < MAX_LEADS_PER_QUERY && !run.summary.more
      ? matching.join(',') !== shown.join(',')
      : matching.length < shown.length || run.summary.more !== matching.length > shown.length
  )
    recallMisses.push(`${run.sentence}: shows ${shown.length}, the data holds ${matching.length}`);
  return misses;
}

let started = 0;
beforeAll(async () => {
  started = performance.now();
  // The full demo dataset, as `npm start` seeds it; no outreach worker (not measured here).
  const database = await freshDatabase();
  await insertLeads(database.db, generateLeads());
  api = await startApi({ database, env: { RATE_LIMIT_SCALE: '100' }, outreach: false });
  table = await readTable();
  const seeded = performance.now();

  for (const pair of SET) {
    const twins: Run[] = [];
    for (const language of ['zh', 'en'] as const) {
      const run = await search(pair[language], language);
      twins.push(run);
      const result = grade(reading(run), pair.expected);
      graded.push({
        pair,
        language,
        run,
        correct: result.correct,
        wrong: result.wrong,
        partialProducts: result.products === 'partial',
        leadMisses: checkLeads(run, pair.expected),
      });
    }
    const [zh, en] = twins as [Run, Run];
    const ids = (run: Run) =>
      run.leads
        .map((lead) => lead.id)
        .sort()
        .join(',');
    if (canonical(zh.understood.criteria) === canonical(en.understood.criteria) && ids(zh) === ids(en))
      twinsIdentical++;
    else
      twinMisses.push(
        `${pair.id}: zh ${canonical(zh.understood.criteria)} [${zh.leads.length}] / en ${canonical(en.understood.criteria)} [${en.leads.length}]`,
      );
  }
  for (const query of DEMO_QUERIES) {
    const [sentence, role, country, slug] = query;
    const run = await search(sentence, /[\u3400-\u9fff]/.test(sentence) ? 'zh' : 'en');
    demoRuns.push({ query, run });
    // What it asks: the role and country given, the products read that reach the category, the conditions read.
    const products = run.understood.criteria.products
      .map((id) => PRODUCT_BY_ID.get(id)!)
      .filter((p) => carriers(p).has(slug));
    checkLeads(run, {
      role,
      roleStated: true,
      countries: [country],
      region: null,
      products: products.map((p) => ({ hs: p.hs, en: p.en, zh: p.zh })),
      conditions: conditionsOf(run.understood.criteria),
      asksForProduct: false,
    });
  }

  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const group = (key: (g: Graded) => string[]) => {
    const out: Record<string, { correct: number; total: number; rate: number }> = {};
    for (const g of graded)
      for (const k of key(g)) {
        const row = (out[k] ??= { correct: 0, total: 0, rate: 0 });
        row.total++;
        if (g.correct) row.correct++;
      }
    for (const row of Object.values(out)) row.rate = rate(row.correct, row.total);
    return out;
  };
  const correct = graded.filter((g) => g.correct).length;
  const vague = graded.filter((g) => g.pair.expected.asksForProduct);
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout.
  }
  report = {
    date: new Date().toISOString(),
    commit,
    sentences: graded.length,
    pairs: SET.length,
    blindPairs: SENTENCE_PAIRS.length,
    addedPairs: ADDED_PAIRS.length,
    demoQueries: DEMO_QUERIES.length,
    searches,
    users,
    understanding: {
      correct,
      total: graded.length,
      rate: rate(correct, graded.length),
      partialProducts: graded.filter((g) => g.partialProducts).length,
      byKind: group((g) => g.pair.kinds),
      byLanguage: group((g) => [g.language]),
      bySource: group((g) => [g.pair.source]),
      misses: graded
        .filter((g) => !g.correct)
        .map((g) => `${g.pair.id} (${g.language}) ${g.run.sentence}: ${g.wrong.join(', ')}`),
    },
    match: {
      leads: leadTotal,
      matching: leadMatching,
      rate: rate(leadMatching, leadTotal),
      sentencesWithLeads: graded.filter((g) => g.run.leads.length > 0).length,
      // Answers that offered a labelled broader set (no company deals in the product read), and their leads.
      broaderAnswers: graded.filter((g) => g.run.summary.broader.length > 0).length,
      broaderLeads: graded.flatMap((g) => g.run.leads).filter((lead) => lead.why.broader).length,
      // Leads of another kind than asked, found after those of the kind asked and labelled so.
      otherKindLeads: graded.flatMap((g) => g.run.leads).filter((lead) => lead.why.kind === 'reseller')
        .length,
      // Leads shown as importers by their import records of the product, listed as another kind.
      importersByRecords: graded.flatMap((g) => g.run.leads).filter((lead) => lead.why.kind === 'records')
        .length,
      // Cards naming each buying signal of their records (server/leads/evidence.ts buyingSignals).
      signals: (() => {
        const shown = graded.flatMap((g) => g.run.leads).flatMap((lead) => lead.why.evidence?.signals ?? []);
        return {
          growing: shown.filter((s) => s.growing).length,
          newOrigins: shown.filter((s) => s.new_origins.length > 0).length,
          newSupplier: shown.filter((s) => s.new_supplier).length,
        };
      })(),
      misses: matchMisses,
    },
    recall: {
      searches: searchesChecked,
      complete: searchesChecked - recallMisses.length,
      misses: recallMisses,
    },
    vague: {
      sentences: vague.length,
      askedForProduct: vague.filter(
        (g) =>
          g.run.leads.length === 0 && g.run.summary.text.includes(message(g.language, 'searchAskProduct')),
      ).length,
    },
    twins: {
      pairs: SET.length,
      identical: twinsIdentical,
      rate: rate(twinsIdentical, SET.length),
      misses: twinMisses,
    },
    runtimeSeconds: seconds,
    seedSeconds: Math.round((seeded - started) / 100) / 10,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/search-quality.json', `${JSON.stringify(report, null, 2)}\n`);
  const u = report.understanding as {
    byKind: Record<string, { correct: number; total: number; rate: number }>;
  };
  console.info(
    [
      `search quality: ${graded.length} sentences (${SET.length} pairs) and ${DEMO_QUERIES.length} demo queries, ${searches} searches by ${users} users in ${seconds} s`,
      `understanding ${correct}/${graded.length} = ${percent(rate(correct, graded.length))}; ${Object.entries(
        u.byKind,
      )
        .map(([kind, r]) => `${kind} ${r.correct}/${r.total}`)
        .join(', ')}`,
      `matching leads ${leadMatching}/${leadTotal} = ${percent(rate(leadMatching, leadTotal))}, of them ${
        (report.match as { broaderLeads: number }).broaderLeads
      } in labelled broader sets and ${
        (report.match as { otherKindLeads: number }).otherKindLeads
      } labelled as of another kind than asked`,
      `twins identical ${twinsIdentical}/${SET.length} = ${percent(rate(twinsIdentical, SET.length))}`,
      ...(report.understanding as { misses: string[] }).misses.map((m) => `  not understood: ${m}`),
      ...matchMisses.map((m) => `  lead miss: ${m}`),
      ...recallMisses.map((m) => `  recall miss: ${m}`),
      ...twinMisses.map((m) => `  twins differ: ${m}`),
    ].join('\n'),
  );
}, 240_000);
afterAll(() => api?.close());

describe(`search quality through the API (${(SENTENCE_PAIRS.length + ADDED_PAIRS.length) * 2} zh/en sentences)`, () => {
  it('has at least 200 sentences, every kind among them', () => {
    expect(graded.length).toBeGreaterThanOrEqual(200);
    expect(new Set(graded.flatMap((g) => g.pair.kinds)).size).toBe(9);
  });

  it('understands at least 95% of the sentences (role, countries, products, conditions)', () => {
    const understanding = report.understanding as { rate: number; misses: string[] };
    expect(understanding.rate, understanding.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('shows only leads that match everything asked (honest matching)', () => {
    expect(leadTotal).toBeGreaterThan(100);
    expect(matchMisses).toEqual([]);
  });

  it('leaves out no lead that matches (every answer holds all of them, up to 10)', () => {
    expect(recallMisses).toEqual([]);
  });

  it('asks for the product instead of searching when none is named', () => {
    for (const g of graded.filter((g) => g.pair.expected.asksForProduct)) {
      expect(g.run.leads, g.run.sentence).toHaveLength(0);
      expect(g.run.summary.text, g.run.sentence).toContain(message(g.language, 'searchAskProduct'));
      expect(g.run.summary.counted, g.run.sentence).toBe(false);
    }
  });

  it('gives the same criteria and leads for the Chinese and the English sentence of at least 95% of the pairs', () => {
    expect(twinsIdentical / SET.length, twinMisses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('answers every search as an event stream: understood first, at most 10 leads, summary last', () => {
    for (const run of [...graded.map((g) => g.run), ...demoRuns.map((d) => d.run)]) {
      expect(run.contentType).toContain('text/event-stream');
      expect(run.leads.length).toBeLessThanOrEqual(MAX_LEADS_PER_QUERY);
      expect(run.lastEvent).toBe('summary');
      expect(run.summary.count).toBe(run.leads.length);
    }
  });
});

describe(`common searches on the demo data (${DEMO_QUERIES.length} queries: 20 zh, 20 en)`, () => {
  it.each(DEMO_QUERIES)('%s', (query, role, country, slug) => {
    const { run } = demoRuns.find((d) => d.query[0] === query)!;
    const criteria = run.understood.criteria;
    expect(criteria.role).toBe(role);
    expect(criteria.countries).toEqual([country]);
    // One of the products read reaches the expected demo category.
    const reached = criteria.products.some((id) => carriers(PRODUCT_BY_ID.get(id)!).has(slug));
    expect(reached, criteria.products.join(',')).toBe(true);
    // A kind of company is a filter: the demo data may hold none of that kind (recall checks that).
    if (!criteria.conditions.company_type)
      expect(run.leads.length, 'the demo data has matches for this query').toBeGreaterThan(0);
    for (const lead of run.leads) {
      expect(lead.role).toBe(role);
      expect(lead.country.code).toBe(country);
      expect(lead.why.products.length).toBeGreaterThan(0);
      expect(lead.contacts).toBeNull();
    }
  });

  it('every example the home and chat pages offer finds leads on the demo data', async () => {
    const examples = [
      ...defaultQueries('zh'),
      ...defaultQueries('en'),
      ...(['home.example1', 'home.example2', 'home.example3', 'home.example4'] as const).flatMap((key) => [
        zhUi[key],
        enUi[key],
      ]),
    ];
    for (const example of new Set(examples)) {
      const run = await search(example, /\p{Script=Han}/u.test(example) ? 'zh' : 'en');
      expect(run.leads.length, example).toBeGreaterThan(0);
    }
  });

  it('a product it does not know: says which words it left out and asks, instead of guessing', async () => {
    const run = await search('沙特的建筑陶瓷买家');
    expect(run.understood.criteria).toMatchObject({ role: 'buyer', countries: ['SA'], products: [] });
    expect(run.understood.unknown).toEqual(['建筑', '陶瓷']);
    expect(run.leads).toHaveLength(0);
    expect(run.summary.text).toContain(message('zh', 'searchAskProduct'));
  });
});

// Kept for the grader's own sake: the region rule passes 90% coverage with at most 10% extra.
describe('the grading rules', () => {
  it('reads a region within 90% coverage and 10% extra as the region', () => {
    const gcc = ['AE', 'BH', 'KW', 'OM', 'QA', 'SA'];
    expect(sameCountries(gcc, [...gcc].reverse())).toBe(true);
    expect(sameCountries(['AE', 'SA'], ['SA'])).toBe(false);
  });
});
