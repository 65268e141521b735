/**
 * The blind held-out search sets (tests/corpus/heldout/, tests/corpus/heldout2/), written by sessions
 * that never read the search code, frozen in commits before any change to the reader (issue 31),
 * and the honest grade of a reading against them: what the user sees, exactly.
 *
 * - products: the writer named goods in plain words; `product-ids.json` beside each set gives the
 *   catalogue product that names them (an exact catalogue name, else chosen from the catalogue
 *   and the writer's words alone, never from a parser's answer; null when the catalogue has no
 *   product for them: such a case cannot be understood, and counts as a miss). A reading passes
 *   when each expected product was read as itself or a narrower product, and nothing else was
 *   read (a sibling on the same HS code is wrong).
 * - countries: the exact set the writer gave. For a named region, naming that region passes too
 *   (its edges are debatable); an open-ended region ("Africa" with no list) must be named.
 * - role, and the conditions the product can apply: email, phone (WhatsApp is a phone), a size,
 *   one kind of company. Kinds and conditions the product has no filter for are not graded.
 * - `understood: false`: the sentence names nothing to search; passes when no product was read.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface HeldoutExpect {
  understood: boolean;
  role?: 'buyer' | 'supplier';
  products: { en: string; zh: string; hs?: string }[];
  countries: string[];
  region?: string;
  exclude_countries?: string[];
  origins?: string[];
  context_countries?: string[];
  kinds?: string[];
  contact?: string[];
  size?: string;
  other?: string;
  why: string;
}

export interface HeldoutCase {
  /** `h001`, or `c01.2` for the third turn of conversation c01. */
  id: string;
  lang: string;
  sentence: string;
  expect: HeldoutExpect;
  /** Catalogue ids of `expect.products`, in order (null: not in the catalogue). */
  productIds: (string | null)[];
  /** The conversation's earlier turns, oldest first (for a follow-up). */
  before: string[];
}

/** What a reading says, in the terms the user sees on the `understood` chips. */
export interface HeldoutReading {
  role: 'buyer' | 'supplier';
  countries: string[];
  regions: string[];
  products: string[];
  conditions: {
    phone?: boolean;
    email?: boolean;
    employees?: { min?: number; max?: number };
    companyType?: string;
    companyTypes?: string[];
  };
}

type ProductEntry = { id: string; broader: string | null };

const catalogue = (): Map<string, ProductEntry> =>
  new Map(
    (
      JSON.parse(
        readFileSync(
          fileURLToPath(new URL('../../server/search/lexicon/products.json', import.meta.url)),
          'utf8',
        ),
      ) as ProductEntry[]
    ).map((p) => [p.id, p]),
  );

/** The held-out cases of every frozen set, single sentences and each conversation turn. */
export const loadHeldout = () => loadCases(['heldout', 'heldout2']);

/**
 * The development sets (tests/corpus/devset/, devset2/, devset3/): written blind like the held-out sets, but read and
 * worked on while improving the reader (never one rule per sentence).
 */
export const loadDevelopment = () => loadCases(['devset', 'devset2', 'devset3']);

function loadCases(sets: string[]): HeldoutCase[] {
  const cases: HeldoutCase[] = [];
  for (const set of sets) {
    const path = (name: string) => fileURLToPath(new URL(`./${set}/${name}`, import.meta.url));
    let sentences: { id: string; lang: string; sentence: string; expect: HeldoutExpect }[];
    try {
      sentences = JSON.parse(readFileSync(path('search-sentences.json'), 'utf8'));
    } catch {
      continue;
    }
    const conversations = JSON.parse(readFileSync(path('search-conversations.json'), 'utf8')) as {
      id: string;
      lang: string;
      /** The second set calls the sentence of a turn `user`. */
      turns: { sentence?: string; user?: string; expect: HeldoutExpect }[];
    }[];
    const ids = JSON.parse(readFileSync(path('product-ids.json'), 'utf8')) as Record<
      string,
      { id: string | null }
    >;
    const idsOf = (key: string, count: number) =>
      Array.from({ length: count }, (_, i) => {
        const entry = ids[`${key}#${i}`];
        if (!entry) throw new Error(`${set}: no catalogue id for ${key}#${i}`);
        return entry.id;
      });
    for (const s of sentences)
      cases.push({ ...s, productIds: idsOf(s.id, s.expect.products.length), before: [] });
    for (const c of conversations)
      c.turns.forEach((turn, t) =>
        cases.push({
          id: `${c.id}.${t}`,
          lang: c.lang,
          sentence: turn.sentence ?? turn.user ?? '',
          expect: turn.expect,
          productIds: idsOf(`${c.id}.${t}`, turn.expect.products.length),
          before: c.turns.slice(0, t).map((earlier) => earlier.sentence ?? earlier.user ?? ''),
        }),
      );
  }
  return cases;
}

/** The writer's region names, as the product's regions (places.ts REGIONS ids; several: all of them). */
const REGION_IDS: Record<string, string | string[]> = {
  ASEAN: 'southeast_asia',
  'Middle East and Africa': ['middle_east', 'africa'],
  'Middle East': 'middle_east',
  GCC: 'gcc',
  EU: 'eu',
  Europe: 'europe',
  'Europe & North America': 'europe_north_america',
  'Western Europe': 'western_europe',
  'Eastern Europe': 'eastern_europe',
  'Southern Europe': 'southern_europe',
  Benelux: 'benelux',
  DACH: 'dach',
  Nordics: 'nordics',
  'Southeast Asia': 'southeast_asia',
  'South Asia': 'south_asia',
  Asia: 'asia',
  'East Asia': 'east_asia',
  'Central Asia': 'central_asia',
  'North America': 'north_america',
  'Central America': 'central_america',
  'South America': 'south_america',
  'Latin America': 'latin_america',
  Africa: 'africa',
  'North Africa': 'north_africa',
  'West Africa': 'west_africa',
  'East Africa': 'east_africa',
  Oceania: 'oceania',
  CIS: 'cis',
  MENA: 'mena',
  ANZ: 'anz',
};

/** The product's regions' members (lexicon/places.json), for a region named with countries left out. */
const REGION_MEMBERS = new Map(
  (
    JSON.parse(
      readFileSync(
        fileURLToPath(new URL('../../server/search/lexicon/places.json', import.meta.url)),
        'utf8',
      ),
    ) as { regions: { id: string; members: string[] }[] }
  ).regions.map((r) => [r.id, r.members]),
);

/** The writer's kinds of company, as the product's (null: the product has no filter for it). */
const KINDS: Record<string, string | null> = {
  importer: 'importer',
  distributor: 'distributor',
  dealer: 'distributor',
  agent: 'distributor',
  wholesaler: 'wholesaler',
  retailer: 'retailer',
  'e-commerce seller': 'retailer',
  brand: 'brand',
  manufacturer: 'manufacturer',
  contractor: 'contractor',
};

/** Why a reading misses, by part; empty when it passes. */
export type Miss =
  | 'role'
  | 'products'
  | 'catalogue gap'
  | 'countries'
  | 'silent place drop'
  | 'conditions'
  | 'vague read as a search';

/** Grades one reading against its case (see the module comment). */
export function gradeHeldout(item: HeldoutCase, reading: HeldoutReading): Miss[] {
  const misses: Miss[] = [];
  const want = item.expect;
  if (!want.understood) return reading.products.length ? ['vague read as a search'] : [];
  if (want.role && reading.role !== want.role) misses.push('role');

  const products = catalogue();
  const within = (id: string, ancestor: string) => {
    for (let p = products.get(id); p; p = p.broader ? products.get(p.broader) : undefined)
      if (p.id === ancestor) return true;
    return false;
  };
  if (item.productIds.includes(null)) misses.push('catalogue gap');
  else {
    const expected = item.productIds as string[];
    const everyFound = expected.every((id) => reading.products.some((got) => within(got, id)));
    const nothingElse = reading.products.every((got) => expected.some((id) => within(got, id)));
    if (!everyFound || !nothingElse) misses.push('products');
  }

  const got = new Set(reading.countries);
  const exact = (codes: string[]) => got.size === new Set(codes).size && codes.every((c) => got.has(c));
  const named = want.region ? REGION_IDS[want.region] : undefined;
  const regionIds = named === undefined ? [] : [named].flat();
  const region = regionIds.length ? regionIds : undefined;
  // A region named with countries left out ("欧洲除了德国"): its members but those.
  const members = [...new Set(regionIds.flatMap((id) => REGION_MEMBERS.get(id) ?? []))];
  const leftOut = want.exclude_countries ?? [];
  const regionBut =
    region !== undefined && leftOut.length > 0 && exact(members.filter((code) => !leftOut.includes(code)));
  const countriesRight =
    exact(want.countries) ||
    (region !== undefined && region.every((id) => reading.regions.includes(id))) ||
    regionBut;
  if (!countriesRight) {
    misses.push('countries');
    if ((want.countries.length > 0 || want.region) && got.size === 0) misses.push('silent place drop');
  }

  const c = reading.conditions;
  const contact = want.contact ?? [];
  const wantEmail = contact.includes('email');
  const wantPhone = contact.includes('phone') || contact.includes('whatsapp');
  let conditionsRight = Boolean(c.email) === wantEmail && Boolean(c.phone) === wantPhone;
  const kinds = (want.kinds ?? []).map((k) => KINDS[k]).filter((k): k is string => Boolean(k));
  const kindsApplicable = (want.kinds ?? []).every((k) => KINDS[k]);
  if (kindsApplicable) {
    const read = c.companyTypes ?? (c.companyType ? [c.companyType] : []);
    const wanted = [...new Set(kinds)];
    conditionsRight &&= read.length === wanted.length && wanted.every((kind) => read.includes(kind));
  }
  const e = c.employees;
  if (want.size === 'large') conditionsRight &&= (e?.min ?? 0) >= 100 && e?.max === undefined;
  else if (want.size === 'small') conditionsRight &&= e?.max !== undefined && e.max <= 50 && !e.min;
  else if (want.size && /^\d+\+$/.test(want.size)) {
    const n = Number(want.size.slice(0, -1));
    conditionsRight &&= (e?.min === n || e?.min === n + 1) && e?.max === undefined;
  } else if (want.size && /^\d+-\d+$/.test(want.size)) {
    const [lo, hi] = want.size.split('-').map(Number);
    conditionsRight &&= e?.min === lo && e?.max === hi;
  } else if (want.size === 'mid')
    // Mid-sized: some tens to some hundreds of people.
    conditionsRight &&=
      e?.min !== undefined &&
      e.max !== undefined &&
      e.min >= 20 &&
      e.min <= 101 &&
      e.max >= 100 &&
      e.max <= 1000;
  else if (want.size && /^<\d+$/.test(want.size)) {
    const n = Number(want.size.slice(1));
    conditionsRight &&= (e?.max === n || e?.max === n - 1) && e?.min === undefined;
  } else if (!want.size) conditionsRight &&= e === undefined;
  if (!conditionsRight) misses.push('conditions');
  return misses;
}
