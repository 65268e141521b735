import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { leads, leadShipments } from '../../platform/db/schema.ts';
import { hsDigits, type LeadShipment } from '../enrich.ts';
import { CATEGORIES, type Category } from '../reference.ts';
import {
  dayOrderOf,
  MAX_INTEGER,
  parseDay,
  parseMeasure,
  type DayOrder,
  textProblem,
  type ImportReport,
  type ImportRow,
  type RejectedRow,
  type UnmatchedRow,
} from './cells.ts';
import { cell } from './layout.ts';
import { boundedCache } from '../../platform/cache.ts';
import { categoryProducts, matchesProduct, type Product } from '../../search/products.ts';
import { keyEntries, productKey, recordProduct } from '../../search/keys.ts';
import { storeLeads } from './companies.ts';
import { leadQuality, leadSearchText } from '../rank.ts';
import { SHIPMENT_COLUMNS } from './columns.ts';
import { companyKey, countryCode, fullCompanyKey } from './match.ts';

/**
 * Shipments files (issue 14, "real imports"; docs/imports.md): customs and bill-of-lading exports
 * (ImportGenius-, Panjiva-like), matched to stored companies by consignee name and country. Reading
 * and planning are pure; `importShipments` loads the companies of the file's countries, plans, and
 * writes the records and each company's traded categories in one transaction.
 */

const COLUMNS = SHIPMENT_COLUMNS;

/** Kilograms in one of each weight unit an export writes (in the cell or "Weight Unit"; none: kilograms). */
const KG_PER_UNIT: Record<string, number> = {
  '': 1,
  kg: 1,
  kgs: 1,
  kilo: 1,
  kilos: 1,
  kilogram: 1,
  kilograms: 1,
  千克: 1,
  公斤: 1,
  lb: 0.45359237,
  lbs: 0.45359237,
  pound: 0.45359237,
  pounds: 0.45359237,
  t: 1000,
  mt: 1000,
  ton: 1000,
  tons: 1000,
  tonne: 1000,
  tonnes: 1000,
  吨: 1000,
};

/** Longest text each column may hold. */
const MAX = { name: 200, product: 2000, unit: 20, port: 200, bol: 100, url: 500, code: 40 };

/**
 * What an export writes where a party's name is not known: a bill "to order" of a bank, a notify
 * party "same as consignee", or a placeholder. Such a cell names no company.
 */
const PLACEHOLDER =
  /^(?:to (?:the )?order(?: of\b.*)?|same as (?:consignee|above)|n\/?a|none|null|unknown|not (?:available|declared|provided)|confidential|-+|\?+)$/i;

/** A party a shipments row names: its name as written and the ISO2 of its country. */
export interface Party {
  name: string;
  country: string;
}

/** One shipments record, read and checked: the record as stored, and whom it names. */
export interface ShipmentRow {
  row: number;
  /** The buyer: the consignee, or the notify party of a bill made out "to order". */
  consignee: Party;
  /** The shipper, when the row names one with a known country. */
  shipper: Party | null;
  /** The bill-of-lading number (upper case), when the row gives one. */
  bol: string | null;
  /** Which of a bill's commodity lines this is (1, 2, …), when its row holds several; else null. */
  line: number | null;
  record: Omit<LeadShipment, 'categoryId' | 'sourceName' | 'sourceRef'>;
}

/** What reading a shipments file may be told: the day order, and the buyers' country when no column gives it. */
export interface ShipmentsOptions {
  file: string;
  today: Date;
  /** `dmy` or `mdy` for days such as 03/04/2026 (`--date-order`); else told by the file's own days. */
  dateOrder?: DayOrder;
  /** ISO2 of every consignee, for a single-country export with no country column (`--country`). */
  country?: string;
}

/** A file refused whole, before anything is imported: why, as the CLI prints it. */
export class ImportRefused extends Error {}

/** The two-letter codes of the US states, DC and the territories a US address ends with before its ZIP code. */
const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ' +
    'ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP'
  ).split(' '),
);

/** The US states' names, as a US address or port writes them after the city. */
const US_STATE_NAMES = new Set(
  (
    'alabama,alaska,arizona,arkansas,california,colorado,connecticut,delaware,florida,georgia,hawaii,' +
    'idaho,illinois,indiana,iowa,kansas,kentucky,louisiana,maine,maryland,massachusetts,michigan,' +
    'minnesota,mississippi,missouri,montana,nebraska,nevada,new hampshire,new jersey,new mexico,' +
    'new york,north carolina,north dakota,ohio,oklahoma,oregon,pennsylvania,rhode island,' +
    'south carolina,south dakota,tennessee,texas,utah,vermont,virginia,washington,west virginia,' +
    'wisconsin,wyoming,puerto rico'
  ).split(','),
);

/**
 * The country an address or a port names: a US state and ZIP code in it (`…, ONTARIO, CA 91761`,
 * `… HIGH POINT NC 27260 ATTN: PURCHASING`), or a US state's name after the place (`Savannah,
 * Georgia`); else its last part (`…, 70565 Stuttgart, Germany`), else the whole text; null when
 * none tells.
 */
export function countryInText(text: string): string | null {
  if (!text) return null;
  for (const zip of text.matchAll(/\b([A-Z]{2})[\s,]+\d{5}(?:-\d{4})?\b/g))
    if (US_STATES.has(zip[1]!)) return 'US';
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // "Savannah, Georgia" is in the US: a state's name after a place is the state, not a country.
  if (parts.length > 1 && US_STATE_NAMES.has(parts.at(-1)!.toLowerCase())) return 'US';
  for (const part of [parts.at(-1) ?? '', text]) {
    const code = countryCode(part.replace(/\b\d[\d-]*\b/g, '').trim());
    if (code) return code;
  }
  return null;
}

/**
 * Reads and checks the rows of a shipments export (docs/imports.md). The file's day order is told
 * by its days (`dayOrderOf`) or given; a file whose days read both ways, or whose days could be
 * either, is refused whole (`ImportRefused`). A row whose HS code cell holds several codes
 * (`9405.11; 9405.42`) gives one record per code, its description split the same way when it has
 * as many parts. A row is rejected, with every reason, when its date is missing, not a day or
 * after `today`; it names no buyer (consignee, else notify party) or no buyer's country; an HS
 * code is not 4 to 10 digits, or it has neither code nor description; or a cell is too long,
 * holds control characters or starts like a formula. An optional cell that cannot be read (a
 * weight of "N/A", an unknown origin) is dropped with a warning and the row kept.
 */
export function readShipments(
  rows: readonly ImportRow[],
  options: ShipmentsOptions,
): { shipments: ShipmentRow[]; rejected: RejectedRow[]; warnings: RejectedRow[] } {
  const today = options.today.toISOString().slice(0, 10);
  const dates = rows.map((row) => cell(row, ...COLUMNS.date));
  const told = dayOrderOf(dates);
  if (!options.dateOrder && told.conflict)
    throw new ImportRefused(
      `${options.file}: some days are day first ("${told.conflict[0]}") and some month first ("${told.conflict[1]}"); ` +
        'split the file, or give --date-order dmy or mdy',
    );
  const order = options.dateOrder ?? told.order;
  if (!order && told.ambiguous)
    throw new ImportRefused(
      `${options.file}: no day says whether the day or the month comes first (such as ${dates.find((d) => /^\d{1,2}[/-]\d{1,2}[/-]\d{4}$/.test(d))}); ` +
        'give --date-order dmy (day first) or mdy (month first)',
    );
  const shipments: ShipmentRow[] = [];
  const rejected: RejectedRow[] = [];
  const warnings: RejectedRow[] = [];
  // Remembered for the file: it names the same countries, addresses and ports on thousands of rows.
  const countries = boundedCache<string | null>();
  const countryOf = (text: string) => countries(`code|${text}`, () => countryCode(text));
  const countryIn = (text: string) => countries(`text|${text}`, () => countryInText(text));
  rows.forEach((row, index) => {
    const reasons: string[] = [];
    const warned: string[] = [];
    const columnOf = (names: string[]) => names.find((name) => row[name]?.trim()) ?? names[0]!;
    /** The first of `names` with a value, checked as text of at most `max` characters. */
    const read = (names: string[], max: number) => {
      const value = cell(row, ...names);
      const problem = value ? textProblem(value, max) : null;
      if (problem) reasons.push(`${columnOf(names)}: ${problem}`);
      return problem ? '' : value;
    };
    const party = (names: string[]) => {
      const value = read(names, MAX.name).replace(/\s+/g, ' ');
      return PLACEHOLDER.test(value) ? '' : value;
    };
    const written = read(COLUMNS.date, MAX.code);
    const shippedOn = written ? parseDay(written, order ?? undefined) : null;
    if (!written) reasons.push(`${columnOf(COLUMNS.date)}: missing`);
    else if (!shippedOn) reasons.push(`${columnOf(COLUMNS.date)}: not a day "${written}"`);
    else if (shippedOn < '1950-01-01' || shippedOn > today)
      reasons.push(
        `${columnOf(COLUMNS.date)}: ${shippedOn} is ${shippedOn > today ? 'in the future' : 'before 1950'}`,
      );
    const ownConsignee = party(COLUMNS.consignee);
    const consignee = ownConsignee || party(COLUMNS.notify);
    const shipper = party(COLUMNS.shipper);
    const namedConsignee = cell(row, ...COLUMNS.consignee);
    if (!consignee)
      reasons.push(
        !shipper
          ? `${columnOf(COLUMNS.consignee)}: missing (no consignee and no shipper)`
          : namedConsignee
            ? `${columnOf(COLUMNS.consignee)}: no buyer named ("${namedConsignee}", and no notify party)`
            : `${columnOf(COLUMNS.consignee)}: missing (a shipper, but no consignee or notify party)`,
      );
    /** A country column's ISO2: null when empty; a reason (required) or warning (optional) when unknown. */
    const country = (names: string[], required: boolean) => {
      const value = read(names, MAX.name);
      if (!value) return null;
      const code = countryOf(value);
      if (!code) (required ? reasons : warned).push(`${columnOf(names)}: unknown country "${value}"`);
      return code;
    };
    // The buyer's address: the notify party's when the buyer is the notify party.
    const byNotify = consignee !== '' && !ownConsignee;
    const consigneeCountry =
      country(COLUMNS.consigneeCountry, true) ??
      options.country ??
      countryIn(read(byNotify ? COLUMNS.notifyAddress : COLUMNS.consigneeAddress, MAX.port)) ??
      countryIn(read(COLUMNS.port, MAX.port));
    if (
      consignee &&
      !consigneeCountry &&
      !reasons.some((r) => r.startsWith(`${columnOf(COLUMNS.consigneeCountry)}:`))
    )
      reasons.push(
        `${columnOf(COLUMNS.consigneeCountry)}: missing (no country column, address or port tells the buyer's; give --country)`,
      );
    const origin = country(COLUMNS.origin, false);
    const shipperCountry =
      country(COLUMNS.shipperCountry, false) ?? origin ?? countryIn(read(COLUMNS.shipperAddress, MAX.port));
    const hsCell = read(COLUMNS.hs, MAX.code * 4);
    const codes = hsCell
      .split(/[;|\n]/)
      .map((code) => code.trim())
      .filter(Boolean);
    for (const code of codes) {
      const digits = code.replace(/[\s.-]/g, '');
      if (!/^\d+$/.test(digits)) reasons.push(`${columnOf(COLUMNS.hs)}: digits only, not "${code}"`);
      else if (digits.length < 4 || digits.length > 10)
        reasons.push(`${columnOf(COLUMNS.hs)}: 4 to 10 digits, not "${code}"`);
    }
    const product = read(COLUMNS.product, MAX.product).replace(/\s+/g, ' ');
    if (!codes.length && !product && !reasons.some((r) => r.startsWith(`${columnOf(COLUMNS.hs)}:`)))
      reasons.push(`${columnOf(COLUMNS.hs)}: missing (no HS code and no description)`);
    // Amount cells are read as numbers, never stored as text: junk in them ("--", "N/A") is dropped.
    const lineCount = Math.max(codes.length, 1);
    /** A cell's amounts, one per commodity line when it has one per line (`1120; 600`), else one for the row. */
    const perLine = (names: string[]) => {
      const parts = cell(row, ...names)
        .split(';')
        .map((part) => part.trim());
      return lineCount > 1 && parts.length === lineCount ? parts : [parts.join(';')];
    };
    /** An amount in `factor`s: null when empty; dropped with a warning when it is no amount. */
    const amount = (names: string[], text: string, factor: (unit: string) => number | undefined) => {
      const measure = parseMeasure(text);
      if (!measure) return { value: null, unit: '' };
      const per = factor(measure.unit);
      const value = Math.round(measure.amount * (per ?? 1));
      if (per === undefined && !Number.isNaN(measure.amount))
        warned.push(`${columnOf(names)}: kg, lb or t, not "${measure.unit}", left out`);
      else if (Number.isNaN(measure.amount) || value > MAX_INTEGER)
        warned.push(`${columnOf(names)}: not an amount "${text}", left out`);
      else return { value, unit: measure.unit };
      return { value: null, unit: '' };
    };
    const weightUnit = read(COLUMNS.weightUnit, MAX.unit).toLowerCase();
    const weights = perLine(COLUMNS.weight).map(
      (text) => amount(COLUMNS.weight, text, (unit) => KG_PER_UNIT[unit || weightUnit]).value,
    );
    const quantities = perLine(COLUMNS.quantity).map((text) => amount(COLUMNS.quantity, text, () => 1));
    const unitColumn = read(COLUMNS.quantityUnit, MAX.unit);
    const url = read(COLUMNS.url, MAX.url);
    if (url && !/^https?:\/\/[^\s/]+\.[^\s/]+/i.test(url))
      reasons.push(`${columnOf(COLUMNS.url)}: not an http(s) link`);
    const bol = read(COLUMNS.bol, MAX.bol).replace(/\s+/g, '').toUpperCase() || null;
    const port = read(COLUMNS.port, MAX.port);
    if (reasons.length) {
      rejected.push({ row: index + 1, reasons });
      return;
    }
    if (warned.length) warnings.push({ row: index + 1, reasons: warned });
    // One record per HS code; a description of as many `;` parts pairs up with them.
    const products = product.split(';').map((part) => part.trim());
    const lines = codes.length > 1 ? codes : [codes[0] ?? ''];
    lines.forEach((code, i) => {
      shipments.push({
        row: index + 1,
        consignee: { name: consignee, country: consigneeCountry! },
        shipper: shipper && shipperCountry ? { name: shipper, country: shipperCountry } : null,
        bol,
        line: lines.length > 1 ? i + 1 : null,
        record: {
          shippedOn: shippedOn!,
          hsCode: code.replace(/[\s.-]/g, ''),
          product: lines.length > 1 && products.length === lines.length ? products[i]! : product,
          // A bill's one weight or quantity is the whole bill's: no one line of several weighs it.
          quantity: quantities.length === lines.length ? quantities[i]!.value : null,
          quantityUnit:
            quantities.length === lines.length
              ? unitColumn.split(';').map((part) => part.trim())[lines.length > 1 ? i : 0] ||
                quantities[i]!.unit.toUpperCase()
              : '',
          weightKg: weights.length === lines.length ? weights[i]! : null,
          origin: origin ?? shipperCountry ?? '',
          destinationPort: port,
          supplier: shipper || null,
          sourceUrl: url || options.file,
        },
      });
    });
  });
  return { shipments, rejected, warnings };
}

const phrase = (text: string) =>
  new RegExp(
    `(?:^|[^\\p{L}\\p{N}])${text.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}\\p{N}])`,
    'u',
  );
const CATEGORY_PHRASES = new Map<number, RegExp[]>(
  CATEGORIES.map((category) => [category.id, [category.en, ...category.synonyms_en].map(phrase)]),
);

/**
 * The demo category of a shipment: of the categories whose HS code's digits start the record's
 * (the longest such codes), the only one; else the only one the company carries; else, among the
 * carried ones (or all, when it carries none), the only one the product description names by
 * English name or synonym; else null.
 * @example categoryFor('94051100', [], 'LED PANEL LIGHT 600X600')?.slug // 'led-panel-lights'
 */
export function categoryFor(hsCode: string, carried: readonly number[], product: string): Category | null {
  // Remembered: an export repeats its codes and descriptions.
  return CATEGORY_OF(`${hsCode}|${carried.join(',')}|${product}`, () => categoryOf(hsCode, carried, product));
}
const CATEGORY_OF = boundedCache<Category | null>();

/**
 * The search key of a record (search/keys.ts): its demo category (`categoryFor`) when that deals in
 * the catalogue product the record is of (`recordProduct`), or when the company lists the category
 * and the record's product covers it (a lighting importer's "LED LIGHT" under 9405.11 is of its LED
 * panels); else the product's own key. A record of dining chairs declared under the sofas'
 * subheading is of chairs, one of frozen shrimp (no demo category) of frozen shrimp. Null when
 * neither the code nor the description names a product.
 */
export function recordKey(hsCode: string, carried: readonly number[], product: string): number | null {
  const category = categoryFor(hsCode, carried, product);
  const item = RECORD_PRODUCT(`${hsCode}|${product}`, () => recordProduct(hsCode, product));
  if (!item) return category?.id ?? null;
  if (category) {
    if (categoryProducts(category.slug).includes(item)) return category.id;
    if (carried.includes(category.id) && matchesProduct(item, category.slug)) return category.id;
  }
  return productKey(item);
}
const RECORD_PRODUCT = boundedCache<Product | null>();

function categoryOf(hsCode: string, carried: readonly number[], product: string): Category | null {
  const prefixing = CATEGORIES.filter((c) => {
    const digits = hsDigits(c.hs_code);
    return digits !== '' && hsCode.startsWith(digits);
  });
  const longest = Math.max(0, ...prefixing.map((c) => hsDigits(c.hs_code).length));
  let candidates = prefixing.filter((c) => hsDigits(c.hs_code).length === longest);
  if (candidates.length <= 1) return candidates[0] ?? null;
  const own = candidates.filter((c) => carried.includes(c.id));
  if (own.length === 1) return own[0]!;
  if (own.length > 1) candidates = own;
  const text = product.toLowerCase();
  const named = candidates.filter((c) => CATEGORY_PHRASES.get(c.id)!.some((words) => words.test(text)));
  return named.length === 1 ? named[0]! : null;
}

/** A stored company as shipments matching needs it. */
export interface ConsigneeLead {
  id: string;
  name: string;
  country: string;
  categoryIds: number[];
}

/** Stored companies by country and `companyKey`. */
type ByName = Map<string, ConsigneeLead[]>;

function byNameOf(stored: readonly ConsigneeLead[]): ByName {
  const byName: ByName = new Map();
  for (const lead of stored) {
    const key = `${lead.country}|${companyKey(lead.name)}`;
    byName.set(key, [...(byName.get(key) ?? []), lead]);
  }
  return byName;
}

/**
 * The stored companies a party is: those of equal `companyKey` in its country; when several are,
 * the ones whose name equals it under `fullCompanyKey` (legal form kept), if that leaves one.
 */
function companiesNamed(byName: ByName, party: Party): ConsigneeLead[] {
  const found = byName.get(`${party.country}|${companyKey(party.name)}`) ?? [];
  if (found.length <= 1) return found;
  const full = fullCompanyKey(party.name);
  const same = found.filter((lead) => fullCompanyKey(lead.name) === full);
  return same.length === 1 ? same : found;
}

/** A name written with small letters over one in capitals ("Acme Trading Co., Ltd." over "ACME TRADING CO LTD"). */
const betterName = (a: string, b: string) => (/\p{Ll}/u.test(b) && !/\p{Ll}/u.test(a) ? b : a);

/**
 * The companies a shipments file names that are not stored (docs/imports.md): every consignee as a
 * buyer and every shipper as a supplier (a party that is both is a buyer), in the row's country,
 * one per `companyKey` however often and however spelt, named by its first spelling in small
 * letters (else its first), keyed by its records' products (`recordKey`). A party that
 * several stored companies could be is left to `planShipments` to report.
 */
export function planCompanies(rows: readonly ShipmentRow[], stored: readonly ConsigneeLead[]): NewCompany[] {
  const byName = byNameOf(stored);
  const planned = new Map<string, NewCompany>();
  for (const row of rows) {
    const searchKey = recordKey(row.record.hsCode, [], row.record.product);
    for (const [party, role] of [
      [row.consignee, 'buyer'],
      [row.shipper, 'supplier'],
    ] as const) {
      if (!party || companiesNamed(byName, party).length) continue;
      const key = `${party.country}|${companyKey(party.name)}`;
      const company = planned.get(key) ?? { name: party.name, country: party.country, role, categoryIds: [] };
      company.name = betterName(company.name, party.name);
      if (role === 'buyer') company.role = 'buyer';
      if (searchKey !== null && !company.categoryIds.includes(searchKey)) company.categoryIds.push(searchKey);
      planned.set(key, company);
    }
  }
  return [...planned.values()];
}

/** A company a shipments file names and the database lacks. */
export interface NewCompany {
  name: string;
  country: string;
  role: 'buyer' | 'supplier';
  categoryIds: number[];
}

/** The records a shipments import writes, and the rows that found no single company. */
export interface ShipmentsPlan {
  shipments: (LeadShipment & { leadId: string })[];
  /** Rows repeating an earlier row of the file. */
  repeated: number;
  /** Rows whose bill of lading an earlier row of the file gave with other details. */
  rejected: RejectedRow[];
  unmatched: UnmatchedRow[];
}

/**
 * Plans a shipments import against the stored companies: a row's company is the one lead whose
 * name equals the consignee's under `companyKey`, in the consignee's country; when several do, the
 * one whose name equals it under `fullCompanyKey` (legal form kept). The record's
 * `source_ref` is its bill-of-lading number, else a hash of its fields, so the same record
 * imported again (from this export or another) is the same row.
 */
export function planShipments(
  rows: readonly ShipmentRow[],
  stored: readonly ConsigneeLead[],
  sourceName: string,
): ShipmentsPlan {
  const byName = byNameOf(stored);
  const plan: ShipmentsPlan = { shipments: [], repeated: 0, rejected: [], unmatched: [] };
  const seen = new Map<string, { row: number; fingerprint: string }>();
  for (const row of rows) {
    const found = companiesNamed(byName, row.consignee);
    if (found.length !== 1) {
      const { name, country } = row.consignee;
      plan.unmatched.push({
        row: row.row,
        reason: found.length
          ? `${found.length} companies named "${name}" in ${country} (${found.map((lead) => lead.id).join(', ')})`
          : `no company named "${name}" in ${country}`,
      });
      continue;
    }
    const lead = found[0]!;
    const { record } = row;
    const fingerprint = JSON.stringify([
      record.shippedOn,
      record.hsCode,
      record.product.toLowerCase(),
      record.quantity,
      record.quantityUnit.toLowerCase(),
      record.weightKg,
      record.origin,
      record.destinationPort.toLowerCase(),
      record.supplier ? companyKey(record.supplier) : null,
    ]);
    const sourceRef = row.bol
      ? `${row.bol}${row.line ? `#${row.line}` : ''}`
      : `hash-${createHash('sha256').update(fingerprint).digest('hex').slice(0, 24)}`;
    const earlier = seen.get(`${lead.id}|${sourceRef}`);
    if (earlier) {
      if (earlier.fingerprint === fingerprint) plan.repeated++;
      else
        plan.rejected.push({
          row: row.row,
          reasons: [
            `bill of lading ${sourceRef}: also on row ${earlier.row} with other details (one record per bill)`,
          ],
        });
      continue;
    }
    seen.set(`${lead.id}|${sourceRef}`, { row: row.row, fingerprint });
    plan.shipments.push({
      leadId: lead.id,
      ...record,
      categoryId: recordKey(record.hsCode, lead.categoryIds, record.product),
      sourceName,
      sourceRef,
    });
  }
  return plan;
}

const CHUNK = 1000;

/** Digits of the number after the prefix in the id of a company a shipments file creates. */
const ID_DIGITS = 6;

/**
 * Imports a shipments export (docs/imports.md): reads it (`readShipments`), stores the consignees
 * and shippers no stored company is (`planCompanies`), plans the records against the companies
 * of the parties' countries, and in one transaction adds the records not stored yet (by company
 * and `source_ref`), sets each company that got one its `traded_category_ids` (the categories of
 * all its records). A stored company keeps its role: a manufacturer that imports its materials
 * is still a supplier of what it makes. Running it again adds nothing. Throws `ImportRefused` for a file it cannot read whole.
 */
export async function importShipments(
  db: Db,
  rows: readonly ImportRow[],
  options: ShipmentsOptions & { source: string; idPrefix?: string },
): Promise<ImportReport> {
  const read = readShipments(rows, options);
  const storedIn = async (countries: string[]) =>
    countries.length
      ? await db
          .select({ id: leads.id, name: leads.name, country: leads.country, categoryIds: leads.categoryIds })
          .from(leads)
          .where(inArray(leads.country, countries))
      : [];
  const countries = [
    ...new Set(read.shipments.flatMap((row) => [row.consignee.country, row.shipper?.country ?? []].flat())),
  ];
  const fresh = planCompanies(read.shipments, await storedIn(countries));
  const prefix = options.idPrefix ?? 'L9';
  const created = await storeLeads(
    db,
    fresh.map((company, i) => {
      return {
        id: `${prefix}${String(i + 1).padStart(ID_DIGITS, '0')}`,
        name: company.name,
        role: company.role,
        country: company.country,
        city: '',
        website: null,
        size: '',
        // What its records show it doing: a consignee imports, a shipper exports.
        companyType: company.role === 'buyer' ? 'importer' : 'exporter',
        descriptionEn: '',
        descriptionZh: '',
        categoryIds: [...company.categoryIds].sort((a, b) => a - b),
        searchText: leadSearchText(company.name, keyEntries(company.categoryIds), '', ''),
        quality: leadQuality([], ''),
        foundedYear: null,
        tradedCategoryIds: [],
        contacts: [],
        people: [],
        shipments: [],
      };
    }),
  );
  const stored = await storedIn(countries);
  const plan = planShipments(read.shipments, stored, options.source);
  const added: string[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < plan.shipments.length; i += CHUNK) {
      const rows = await tx
        .insert(leadShipments)
        .values(plan.shipments.slice(i, i + CHUNK))
        .onConflictDoNothing({ target: [leadShipments.leadId, leadShipments.sourceRef] })
        .returning({ leadId: leadShipments.leadId });
      added.push(...rows.map((row) => row.leadId));
    }
    const touched = [...new Set(added)];
    // The keys of all a company's records (any date, any source), read once per company. A buyer
    // also lists them (issue 32, item 2): it deals in what it imports, and is found for it. A
    // supplier's imports are its materials, not what it sells. Companies whose keys stay as they
    // were are not written.
    for (let i = 0; i < touched.length; i += CHUNK)
      await tx.execute(sql`
        UPDATE leads l
        SET traded_category_ids = t.keys,
            category_ids = CASE WHEN l.role = 'buyer'
              THEN ARRAY(SELECT DISTINCT k FROM unnest(l.category_ids || t.keys) AS k ORDER BY k)
              ELSE l.category_ids END
        FROM (SELECT lead_id,
                     coalesce(array_agg(DISTINCT category_id ORDER BY category_id)
                                FILTER (WHERE category_id IS NOT NULL), '{}'::integer[]) AS keys
              FROM ${leadShipments}
              WHERE ${inArray(leadShipments.leadId, touched.slice(i, i + CHUNK))}
              GROUP BY lead_id) AS t
        WHERE l.id = t.lead_id
          AND (l.traded_category_ids IS DISTINCT FROM t.keys
               OR (l.role = 'buyer' AND NOT l.category_ids @> t.keys))`);
  });
  return {
    rows: rows.length,
    added: added.length,
    already: plan.repeated + plan.shipments.length - added.length,
    rejected: [...read.rejected, ...plan.rejected].sort((a, b) => a.row - b.row),
    unmatched: plan.unmatched,
    warnings: read.warnings,
    created,
  };
}
