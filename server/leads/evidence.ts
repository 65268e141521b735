import type { LeadEvidence, LeadTradeSummary } from '../../contract/api.ts';
import { leadShipments } from '../platform/db/schema.ts';
import { DEMO_SHIPMENT_SOURCE } from './enrich.ts';
import { inUtc } from '../platform/time.ts';
import { keyName } from '../search/keys.ts';
import { recordUnderCodes } from '../search/codes.ts';

/**
 * Trade evidence as a card shows it (issue 14): a lead's import records in short, and the records
 * of the products a search asked for. "The last 12 months" is counted back from the service clock.
 */

type Lang = 'zh' | 'en';
/** What the evidence and the summary read of one record. */
export type Shipment = Pick<
  typeof leadShipments.$inferSelect,
  'shippedOn' | 'hsCode' | 'categoryId' | 'origin' | 'sourceName'
> & { supplier?: string | null };

/** `940511` → `9405.11`; `94051100` → `9405.11.00`. */
export function hsLabel(digits: string): string {
  return digits.length <= 4
    ? digits
    : `${digits.slice(0, 4)}.${digits.slice(4).replace(/(\d{2})(?=\d)/g, '$1.')}`;
}

/**
 * The day 6 calendar months before `now`, YYYY-MM-DD: the window buying signals compare with the
 * 6 months before it (`buyingSignals`; the search's ranking reads the same day).
 */
export function halfYearBefore(now: Date): string {
  return inUtc(now).subtract(6, 'month').format('YYYY-MM-DD');
}

/**
 * Buying signals of the records of the asked products (issue 32, item 5), each shown on the card:
 * - growing: at least 2 shipments in the last 6 months, and more than in the 6 months before (the
 *   search ranks such a company right after recent and repeated shipments: `findLeads`);
 * - new origins: countries the last 6 months' shipments came from that no earlier record did;
 * - a new supplier: a shipper of the last 6 months that no earlier record named.
 * A change needs earlier records to change from: a first shipment is no change.
 */
export function buyingSignals(
  rows: readonly Shipment[],
  now: Date,
  lang: Lang,
  countryName: (code: string, lang: Lang) => string,
): LeadEvidence['signals'] {
  const since = yearBefore(now);
  const half = halfYearBefore(now);
  const lately = rows.filter((r) => r.shippedOn >= half);
  const earlier = rows.filter((r) => r.shippedOn < half);
  const before = earlier.filter((r) => r.shippedOn >= since).length;
  const known = new Set(earlier.map((r) => r.origin));
  const suppliers = new Set(earlier.flatMap((r) => (r.supplier ? [r.supplier.toLowerCase()] : [])));
  return {
    growing:
      lately.length >= 2 && lately.length > before ? { last_6m: lately.length, before_6m: before } : null,
    new_origins: earlier.length
      ? byFrequency(
          lately.map((r) => r.origin).filter((code) => code && !known.has(code)),
          3,
        ).map((code) => ({ code, name: countryName(code, lang) }))
      : [],
    new_supplier:
      suppliers.size > 0 && lately.some((r) => r.supplier && !suppliers.has(r.supplier.toLowerCase())),
  };
}

/** The day 12 months before `now`, YYYY-MM-DD: a shipment on or after it is recent. */
export function yearBefore(now: Date): string {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return since.toISOString().slice(0, 10);
}

/** The values of `items` by how often they occur, most often first (ties by first seen). */
function byFrequency<T>(items: readonly T[], limit: number): T[] {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([item]) => item);
}

/** The demo's own source in the page's language; an imported source keeps the name it was given. */
const DEMO_SOURCE: Record<Lang, string> = { zh: '演示海关记录（虚构）', en: DEMO_SHIPMENT_SOURCE };
const sourceName = (name: string, lang: Lang) => (name === DEMO_SHIPMENT_SOURCE ? DEMO_SOURCE[lang] : name);

const latestOf = (rows: readonly Shipment[]) =>
  rows.reduce((a, r) => (r.shippedOn > a ? r.shippedOn : a), '');

/**
 * One label per HS code on a card (issue 35): the lead's own products recorded under it, most
 * shipped first, all of them. Several products share a code (9405.11: LED panel lights, downlights,
 * decorative lighting), and naming whichever record came last showed 9405.11 as chandeliers beside
 * an evidence line of LED panel lights for the same code. Null when no record names a product.
 */
function hsProducts(rows: readonly Shipment[], code: string, lang: Lang): string | null {
  const names = byFrequency(
    rows.filter((r) => r.hsCode === code && r.categoryId !== null).map((r) => r.categoryId!),
    Infinity,
  ).flatMap((id) => keyName(id, lang) ?? []);
  return names.length ? names.join(lang === 'zh' ? '/' : ' / ') : null;
}

/**
 * A lead's import records in short: shipments in the last 12 months and in all, the latest date,
 * the top HS codes and origins of the recent ones (of all when none is recent). Null without records.
 */
export function tradeSummary(
  rows: readonly Shipment[],
  now: Date,
  lang: Lang,
  countryName: (code: string, lang: Lang) => string,
): LeadTradeSummary | null {
  if (rows.length === 0) return null;
  const since = yearBefore(now);
  const recent = rows.filter((r) => r.shippedOn >= since);
  const basis = recent.length ? recent : rows;
  return {
    shipments_12m: recent.length,
    shipments_total: rows.length,
    latest: latestOf(rows),
    // A record without an HS code or origin (a customs row that gave none) names none.
    hs_codes: byFrequency(basis.map((r) => r.hsCode).filter(Boolean), 3).map((code) => ({
      code: hsLabel(code),
      product: hsProducts(basis, code, lang),
    })),
    origins: byFrequency(basis.map((r) => r.origin).filter(Boolean), 3).map((code) => ({
      code,
      name: countryName(code, lang),
    })),
  };
}

/**
 * The records behind a match: shipments of the lead's products that carry the asked ones
 * (`matchedCategoryIds`), and those whose HS code lies under an asked code (`codes`, codes.ts),
 * filed under a category or not. Null when there are none: the match rests on the description only.
 */
export function evidenceFor(
  rows: readonly Shipment[],
  matchedCategoryIds: readonly number[],
  now: Date,
  lang: Lang,
  countryName: (code: string, lang: Lang) => string,
  codes: readonly string[] = [],
): LeadEvidence | null {
  const wanted = new Set(matchedCategoryIds);
  const matching = rows.filter(
    (r) => (r.categoryId !== null && wanted.has(r.categoryId)) || recordUnderCodes(r.hsCode, codes),
  );
  if (matching.length === 0) return null;
  const since = yearBefore(now);
  const recent = matching.filter((r) => r.shippedOn >= since);
  const basis = recent.length ? recent : matching;
  return {
    products: byFrequency(
      basis.flatMap((r) => (r.categoryId === null ? [] : [r.categoryId])),
      3,
    ).flatMap((id) => keyName(id, lang) ?? []),
    hs_codes: byFrequency(basis.map((r) => r.hsCode).filter(Boolean), 3).map(hsLabel),
    shipments_12m: recent.length,
    origins: byFrequency(basis.map((r) => r.origin).filter(Boolean), 3).map((code) => ({
      code,
      name: countryName(code, lang),
    })),
    latest: latestOf(matching),
    sources: byFrequency(
      matching.map((r) => r.sourceName),
      3,
    ).map((name) => sourceName(name, lang)),
    signals: buyingSignals(matching, now, lang, countryName),
  };
}
