import { CATEGORIES, CATEGORY_BY_ID } from '../leads/reference.ts';
import { hsDigits } from '../leads/enrich.ts';
import { hasChinese } from './script.ts';
import {
  broaderProducts,
  categoryProducts,
  currentSubheadings,
  findProducts,
  foldedWords,
  matchesProduct,
  narrowerProducts,
  PRODUCTS,
  productForHs,
  productsUnder,
  type Product,
} from './products.ts';

/**
 * Search keys (issue 32, item 1): what a company is found for, and what a record is of. A key is
 * a demo category's id (1 to 999, server/leads/data/categories.json) or a catalogue product's key
 * (`PRODUCT_KEY_BASE` and up). A record or a listing whose product no demo category deals in is
 * keyed by the catalogue product itself, so a customs-only importer of frozen shrimp or truck tyres
 * is found for them, and for every broader product ("shrimp", "tyres"), never for a sibling.
 *
 * The keys live where category ids lived (`leads.category_ids`, `lead_shipments.category_id`,
 * `lead_search_keys.category_id`): a product's key is a hash of its id, so it stays the same when
 * the catalogue grows, and two products never share one (checked when this module loads).
 */
export const PRODUCT_KEY_BASE = 1_000_000;
const SPAN = 2 ** 31 - 1 - PRODUCT_KEY_BASE;

/** FNV-1a, 32 bits: a stable number for a product id. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

const KEY_OF = new Map<string, number>();
const PRODUCT_BY_KEY = new Map<number, Product>();
for (const product of PRODUCTS) {
  const key = PRODUCT_KEY_BASE + (fnv1a(product.id) % SPAN);
  const other = PRODUCT_BY_KEY.get(key);
  if (other) throw new Error(`products ${other.id} and ${product.id} have the same search key: rename one`);
  KEY_OF.set(product.id, key);
  PRODUCT_BY_KEY.set(key, product);
}
if (CATEGORIES.some((category) => category.id >= PRODUCT_KEY_BASE))
  throw new Error(`demo category ids must stay under ${PRODUCT_KEY_BASE}`);

/** A catalogue product's search key. */
export const productKey = (product: Product): number => KEY_OF.get(product.id)!;

/** The catalogue product a key names; undefined for a demo category's id. */
export const productOfKey = (key: number): Product | undefined => PRODUCT_BY_KEY.get(key);

/** What a key names, as a card shows it: the demo category's name or the product's. */
export function keyName(key: number, lang: 'zh' | 'en'): string | undefined {
  return CATEGORY_BY_ID.get(key)?.[lang] ?? PRODUCT_BY_KEY.get(key)?.[lang];
}

/** What keys name, with their synonyms (a company's search text): categories and products. */
export function keyEntries(
  keys: readonly number[],
): { en: string; zh: string; synonyms_en: string[]; synonyms_zh: string[] }[] {
  return keys.flatMap((key) => CATEGORY_BY_ID.get(key) ?? PRODUCT_BY_KEY.get(key) ?? []);
}

/** Whether a company keyed `key` deals in the asked product: the key's products are it or narrower. */
export function keyMatches(asked: Product, key: number): boolean {
  const category = CATEGORY_BY_ID.get(key);
  if (category) return matchesProduct(asked, category.slug);
  const product = PRODUCT_BY_KEY.get(key);
  return product !== undefined && narrowerProducts(asked).includes(product);
}

/** The keys of companies that deal in a product or a narrower one: the products' own keys. */
export const productKeysUnder = (product: Product): number[] => narrowerProducts(product).map(productKey);

/**
 * The keys of the catalogue products filed under an HS code (at most its first six digits; an
 * older edition's subheading as the HS 2022 ones its goods went to).
 */
export const productKeysUnderCode = (code: string): number[] =>
  currentSubheadings(code).flatMap(productsUnder).map(productKey);

/**
 * The keys a listed product gives a company: the demo categories whose own products include it
 * (a listing of "LED panel lights" is the category of that name), else the product's own key. A
 * listing of a broad product ("LED lights") is keyed by it, so the company is found for it and
 * not for each narrower product it may or may not sell.
 */
export function listingKeys(product: Product): number[] {
  const categories = CATEGORIES.filter((category) => categoryProducts(category.slug).includes(product));
  return categories.length ? categories.map((category) => category.id) : [productKey(product)];
}

/** A product's names as a record's description is searched for them: folded English, and Chinese as written. */
const RECORD_NAMES = new Map<Product, { english: string[]; chinese: string[] }>(
  PRODUCTS.map((product) => {
    const names = [product.en, product.zh, ...product.synonyms_en, ...product.synonyms_zh];
    return [
      product,
      {
        english: names.filter((name) => !hasChinese(name)).map((name) => ` ${foldedWords(name)} `),
        chinese: names.filter(hasChinese),
      },
    ];
  }),
);

/**
 * The products of `among` whose name the description holds, the most specific of them. A name
 * inside a longer one found is not read on its own: "LED DOWNLIGHT" is downlights, not also LED
 * lights.
 */
function namedIn(description: string, among: readonly Product[]): Product[] {
  const english = ` ${foldedWords(description)} `;
  const hits = among.flatMap((product) => {
    const names = RECORD_NAMES.get(product)!;
    const found = [
      ...names.english.filter((name) => name.trim().length > 1 && english.includes(name)),
      ...names.chinese.filter((name) => description.includes(name)),
    ];
    const longest = found.reduce((a, b) => (b.trim().length > a.length ? b.trim() : a), '');
    return longest ? [{ product, longest }] : [];
  });
  const named = hits
    .filter(
      (hit) => !hits.some((o) => o.longest.length > hit.longest.length && o.longest.includes(hit.longest)),
    )
    .map((hit) => hit.product);
  return named.filter((p) => !named.some((q) => q !== p && broaderProducts(q).includes(p)));
}

/**
 * The catalogue product a shipment record is of, from its HS code and its description: the most
 * specific product the description names among those filed under the code's heading, one under
 * its subheading first (files and the catalogue do not always agree on the subheading: nitrile
 * gloves are declared under 4015.19 and catalogued under 4015.12); when it names none of them,
 * the product the code itself reads as (`productForHs`: "9405.42" is LED lights, not one kind of
 * them). Only the products under the code are looked for, by name (plurals and British spellings
 * folded), so a description costs microseconds however many a file has. A record without a code
 * is the product the search's reader finds in its description as written (no misspelling is
 * guessed at without a code to bound it). Null when neither says.
 * @example recordProduct('9405.42', 'LED DOWNLIGHT 12W')?.id // 'downlights'
 */
export function recordProduct(hsCode: string, description: string): Product | null {
  const digits = hsDigits(hsCode);
  if (digits.length === 0) {
    if (!description.trim()) return null;
    const found = findProducts(description);
    return found.products.find((product) => !found.corrected.some((c) => c.id === product.id)) ?? null;
  }
  if (digits.length < 4) return null;
  if (description.trim()) {
    // A subheading of HS 2017 or 2012 that HS 2022 no longer has reads as those its goods went to.
    const codes = currentSubheadings(digits);
    const headings = [...new Set(codes.map((code) => code.slice(0, 4)))];
    const named = namedIn(description, headings.flatMap(productsUnder));
    const filed = codes.flatMap(productsUnder);
    const chosen = named.find((product) => filed.includes(product)) ?? named[0];
    if (chosen) return chosen;
  }
  return productForHs(digits);
}
