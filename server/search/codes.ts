import { CATEGORIES } from '../leads/reference.ts';
import { hsDigits } from '../leads/enrich.ts';
import { productForHs, type Product } from './products.ts';

/**
 * HS codes a sentence searches by (issue 32, item 7): "HS 940511 buyers in Spain", "HS编码940542的
 * 德国买家". The code names its product for the user (`productForHs`), but the search goes by the
 * code: the companies whose goods are filed under it, and their shipment records of it.
 *
 * - A company deals in goods under a code when its demo category's own HS subheading lies under
 *   the code: "HS 9405" is every lighting category, "HS 940511" the three filed under 9405.11
 *   (LED panels, downlights, decorative lighting), whichever product the code was read as.
 * - The catalogue goes to six digits (HS subheadings); a longer national tariff line is searched
 *   as its subheading, and its records are cited when they carry the longer code.
 * - A code under which no category lies searches its product as any product is searched (the
 *   categories dealing in it, else a labelled broader set).
 * - A card's evidence cites the records whose code lies under the asked one.
 */

/** The HS codes of products read from codes, each kept while its product is asked. */
export function codesOf(codes: readonly string[], products: readonly Product[]): string[] {
  return [...new Set(codes.map(hsDigits))].filter((code) => {
    const product = code.length >= 4 && code.length <= 10 ? productForHs(code) : null;
    return product !== null && products.includes(product);
  });
}

/** The demo categories whose HS subheading lies under `code` (at most its first six digits). */
export function categoriesUnderCode(code: string): number[] {
  const subheading = hsDigits(code).slice(0, 6);
  return CATEGORIES.filter((category) => hsDigits(category.hs_code).startsWith(subheading)).map((c) => c.id);
}

/**
 * Whether a record's HS code lies under one of `codes`, or is the subheading (or a longer line of
 * it) that a longer code asked lies under.
 */
export function recordUnderCodes(hsCode: string, codes: readonly string[]): boolean {
  const record = hsDigits(hsCode);
  return codes.some((code) => record.startsWith(code) || (record.length >= 6 && code.startsWith(record)));
}
