import type { ExpectedUnderstanding } from './search-sentences.ts';

/**
 * The grading rules of the blind sentence set (search-sentences.ts, its header), as functions:
 * what a reading of one sentence got right. Used by tests/api/search-quality.test.ts on what the
 * API understood, and by hand on parseQuery while improving the parser.
 */

/** What a search understood, as the `understood` event carries it. */
export interface Reading {
  role: 'buyer' | 'supplier';
  countries: string[];
  products: { id: string; hs: string; names: string[] }[];
  conditions: {
    phone?: boolean;
    email?: boolean;
    employees?: { min?: number; max?: number };
    companyType?: string;
  };
}

/**
 * Countries: the same set, except for a region (more than 3 countries expected), where at least
 * 90% of the expected countries and at most 10% extra pass (region edges are debatable).
 */
export function sameCountries(found: readonly string[], expected: readonly string[]): boolean {
  const got = new Set(found);
  const want = new Set(expected);
  if (want.size <= 3) return got.size === want.size && [...want].every((code) => got.has(code));
  const covered = [...want].filter((code) => got.has(code)).length / want.size;
  const extra = [...got].filter((code) => !want.has(code)).length / want.size;
  return covered >= 0.9 && extra <= 0.1;
}

const clean = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

type Level = 'exact' | 'heading' | 'none';

/** How a found product meets an expected one: same HS subheading or name, same heading, or not. */
export function productLevel(
  found: Reading['products'][number],
  want: ExpectedUnderstanding['products'][number],
): Level {
  if (found.hs === want.hs) return 'exact';
  const names = new Set(found.names.map(clean));
  if (names.has(clean(want.en)) || names.has(clean(want.zh))) return 'exact';
  if (found.hs.slice(0, 4) === want.hs.slice(0, 4)) return 'heading';
  return 'none';
}

/**
 * Products: every expected product found and nothing else, on the HS subheading or the name
 * ('exact'); on the heading only (first 4 digits) for some, 'partial'; otherwise 'wrong'.
 */
export function gradeProducts(
  found: Reading['products'],
  expected: ExpectedUnderstanding['products'],
): 'exact' | 'partial' | 'wrong' {
  let partial = false;
  const best = (levels: Level[]): Level =>
    levels.includes('exact') ? 'exact' : levels.includes('heading') ? 'heading' : 'none';
  for (const want of expected) {
    const level = best(found.map((f) => productLevel(f, want)));
    if (level === 'none') return 'wrong';
    if (level === 'heading') partial = true;
  }
  for (const f of found) {
    const level = best(expected.map((want) => productLevel(f, want)));
    if (level === 'none') return 'wrong';
    if (level === 'heading') partial = true;
  }
  return partial ? 'partial' : 'exact';
}

const sameEmployees = (a?: { min?: number; max?: number }, b?: { min?: number; max?: number }) =>
  (a?.min ?? null) === (b?.min ?? null) && (a?.max ?? null) === (b?.max ?? null) && Boolean(a) === Boolean(b);

/** One sentence's grade: each part, and whether all of them are right (products exactly). */
export function grade(reading: Reading, expected: ExpectedUnderstanding) {
  const c = reading.conditions;
  const w = expected.conditions;
  const parts = {
    role: reading.role === expected.role,
    countries: sameCountries(reading.countries, expected.countries),
    products: gradeProducts(reading.products, expected.products),
    conditions:
      Boolean(c.phone) === Boolean(w.phone) &&
      Boolean(c.email) === Boolean(w.email) &&
      sameEmployees(c.employees, w.employees) &&
      (c.companyType ?? null) === (w.companyType ?? null),
  };
  const wrong = [
    ...(parts.role ? [] : ['role']),
    ...(parts.countries ? [] : ['countries']),
    ...(parts.products === 'exact' ? [] : [`products (${parts.products})`]),
    ...(parts.conditions ? [] : ['conditions']),
  ];
  return { ...parts, correct: wrong.length === 0, wrong };
}
