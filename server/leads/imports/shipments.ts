import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { leads, leadShipments } from '../../platform/db/schema.ts';
import { hsDigits, type LeadShipment } from '../enrich.ts';
import { CATEGORIES, type Category } from '../reference.ts';
import {
  MAX_INTEGER,
  parseAmount,
  parseDay,
  textProblem,
  type ImportReport,
  type ImportRow,
  type RejectedRow,
  type UnmatchedRow,
} from './cells.ts';
import { cell } from './layout.ts';
import { companyKey, countryCode, fullCompanyKey } from './match.ts';

/**
 * Shipments files (issue 14, "real imports"; docs/imports.md): customs and bill-of-lading exports
 * (ImportGenius-, Panjiva-like), matched to stored companies by consignee name and country. Reading
 * and planning are pure; `importShipments` loads the companies of the file's countries, plans, and
 * writes the records and each company's traded categories in one transaction.
 */

/** Where the export keeps each fact (trimmed, lower case; the first column with a value counts). */
const COLUMNS = {
  date: ['arrival date', 'date'],
  consignee: ['consignee', 'consignee name'],
  country: ['consignee country', 'country'],
  shipper: ['shipper', 'shipper name'],
  hs: ['hs code'],
  product: ['product description', 'description', 'product'],
  weight: ['weight (kg)', 'weight kg', 'weight'],
  weightUnit: ['weight unit'],
  quantity: ['quantity'],
  quantityUnit: ['quantity unit', 'unit'],
  origin: ['country of origin', 'origin'],
  port: ['port of unlading', 'port of discharge', 'port'],
  bol: ['bill of lading', 'bill of lading number', 'bol'],
  url: ['url', 'source url', 'link'],
};

/** Kilograms in one of each weight unit an export writes ("Weight Unit"; none: kilograms). */
const KG_PER_UNIT: Record<string, number> = {
  '': 1,
  kg: 1,
  kgs: 1,
  kilogram: 1,
  kilograms: 1,
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
};

/** Longest text each column may hold. */
const MAX = { name: 200, product: 2000, unit: 20, port: 200, bol: 100, url: 500, code: 40 };

/** One shipments row, read and checked: the record as stored, and whom it names. */
export interface ShipmentRow {
  row: number;
  consignee: string;
  /** ISO2 of the consignee's country. */
  country: string;
  /** The bill-of-lading number (upper case), when the row gives one. */
  bol: string | null;
  record: Omit<LeadShipment, 'categoryId' | 'sourceName' | 'sourceRef'>;
}

/**
 * Reads and checks the rows of a shipments export. A row is rejected, with every reason, when its
 * arrival date is missing, not a day or after `today`; its consignee or HS code is missing; the HS
 * code holds anything but digits (dots and spaces aside) or not 4 to 10 of them; a country is
 * unknown; a weight or quantity is not a number; or a cell is too long, holds control characters
 * or starts like a formula.
 */
export function readShipments(
  rows: readonly ImportRow[],
  options: { file: string; today: Date },
): { shipments: ShipmentRow[]; rejected: RejectedRow[] } {
  const today = options.today.toISOString().slice(0, 10);
  const shipments: ShipmentRow[] = [];
  const rejected: RejectedRow[] = [];
  rows.forEach((row, index) => {
    const reasons: string[] = [];
    const columnOf = (names: string[]) => names.find((name) => row[name]?.trim()) ?? names[0]!;
    /** The first of `names` with a value, checked as text of at most `max` characters. */
    const read = (names: string[], max: number) => {
      const value = cell(row, ...names);
      const problem = value ? textProblem(value, max) : null;
      if (problem) reasons.push(`${columnOf(names)}: ${problem}`);
      return problem ? '' : value;
    };
    const required = (names: string[], max: number) => {
      const value = read(names, max);
      if (!value && !reasons.some((r) => r.startsWith(`${columnOf(names)}:`)))
        reasons.push(`${columnOf(names)}: missing`);
      return value;
    };
    const written = required(COLUMNS.date, MAX.code);
    const shippedOn = written ? parseDay(written) : null;
    if (written && !shippedOn)
      reasons.push(
        `${columnOf(COLUMNS.date)}: not a day "${written}" (YYYY-MM-DD, MM/DD/YYYY or DD.MM.YYYY)`,
      );
    else if (shippedOn && (shippedOn < '1950-01-01' || shippedOn > today))
      reasons.push(
        `${columnOf(COLUMNS.date)}: ${shippedOn} is ${shippedOn > today ? 'in the future' : 'before 1950'}`,
      );
    const consignee = required(COLUMNS.consignee, MAX.name).replace(/\s+/g, ' ');
    const country = (names: string[]) => {
      const value = required(names, MAX.name);
      const code = value ? countryCode(value) : null;
      if (value && !code) reasons.push(`${columnOf(names)}: unknown country "${value}"`);
      return code ?? '';
    };
    const consigneeCountry = country(COLUMNS.country);
    const origin = country(COLUMNS.origin);
    const hs = required(COLUMNS.hs, MAX.code);
    const hsCode = hs.replace(/[\s.-]/g, '');
    if (hs && !/^\d+$/.test(hsCode)) reasons.push(`${columnOf(COLUMNS.hs)}: digits only, not "${hs}"`);
    else if (hs && (hsCode.length < 4 || hsCode.length > 10))
      reasons.push(`${columnOf(COLUMNS.hs)}: 4 to 10 digits, not "${hs}"`);
    const amount = (names: string[], factor = 1) => {
      const value = read(names, MAX.code);
      const number = value ? parseAmount(value) : null;
      if (number === null) return null;
      const rounded = Math.round(number * factor);
      if (Number.isNaN(number) || rounded > MAX_INTEGER) {
        reasons.push(`${columnOf(names)}: not an amount "${value}"`);
        return null;
      }
      return rounded;
    };
    const unit = read(COLUMNS.weightUnit, MAX.unit).toLowerCase();
    const kgPerUnit = KG_PER_UNIT[unit];
    if (kgPerUnit === undefined) reasons.push(`${columnOf(COLUMNS.weightUnit)}: kg, lb or t, not "${unit}"`);
    const weightKg = amount(COLUMNS.weight, kgPerUnit ?? 1);
    const quantity = amount(COLUMNS.quantity);
    const url = read(COLUMNS.url, MAX.url);
    if (url && !/^https?:\/\/[^\s/]+\.[^\s/]+/i.test(url))
      reasons.push(`${columnOf(COLUMNS.url)}: not an http(s) link`);
    const record = {
      shippedOn: shippedOn ?? '',
      hsCode,
      product: read(COLUMNS.product, MAX.product).replace(/\s+/g, ' '),
      quantity,
      quantityUnit: read(COLUMNS.quantityUnit, MAX.unit),
      weightKg,
      origin,
      destinationPort: read(COLUMNS.port, MAX.port),
      supplier: read(COLUMNS.shipper, MAX.name).replace(/\s+/g, ' ') || null,
      sourceUrl: url || options.file,
    };
    const bol = read(COLUMNS.bol, MAX.bol).replace(/\s+/g, '').toUpperCase() || null;
    if (reasons.length) rejected.push({ row: index + 1, reasons });
    else shipments.push({ row: index + 1, consignee, country: consigneeCountry, bol, record });
  });
  return { shipments, rejected };
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
  const byName = new Map<string, ConsigneeLead[]>();
  for (const lead of stored) {
    const key = `${lead.country}|${companyKey(lead.name)}`;
    byName.set(key, [...(byName.get(key) ?? []), lead]);
  }
  const plan: ShipmentsPlan = { shipments: [], repeated: 0, rejected: [], unmatched: [] };
  const seen = new Map<string, { row: number; fingerprint: string }>();
  for (const row of rows) {
    let found = byName.get(`${row.country}|${companyKey(row.consignee)}`) ?? [];
    // Several companies by that name: the one whose name is the consignee's, legal form and all.
    if (found.length > 1) {
      const full = fullCompanyKey(row.consignee);
      const same = found.filter((lead) => fullCompanyKey(lead.name) === full);
      if (same.length === 1) found = same;
    }
    if (found.length !== 1) {
      plan.unmatched.push({
        row: row.row,
        reason: found.length
          ? `${found.length} companies named "${row.consignee}" in ${row.country} (${found.map((lead) => lead.id).join(', ')})`
          : `no company named "${row.consignee}" in ${row.country}`,
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
    const sourceRef =
      row.bol ?? `hash-${createHash('sha256').update(fingerprint).digest('hex').slice(0, 24)}`;
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
      categoryId: categoryFor(record.hsCode, lead.categoryIds, record.product)?.id ?? null,
      sourceName,
      sourceRef,
    });
  }
  return plan;
}

const CHUNK = 1000;

/**
 * Imports a shipments export (docs/imports.md): loads the companies of the consignees' countries,
 * plans, and in one transaction adds the records not stored yet (by company and `source_ref`) and
 * sets each company that got one its `traded_category_ids` (the categories of all its records).
 * Running it again adds nothing.
 */
export async function importShipments(
  db: Db,
  rows: readonly ImportRow[],
  options: { source: string; file: string; today: Date },
): Promise<ImportReport> {
  const read = readShipments(rows, options);
  const countries = [...new Set(read.shipments.map((row) => row.country))];
  const stored = countries.length
    ? await db
        .select({ id: leads.id, name: leads.name, country: leads.country, categoryIds: leads.categoryIds })
        .from(leads)
        .where(inArray(leads.country, countries))
    : [];
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
    for (let i = 0; i < touched.length; i += CHUNK)
      await tx
        .update(leads)
        .set({
          tradedCategoryIds: sql`coalesce((SELECT array_agg(DISTINCT s.category_id ORDER BY s.category_id) FROM ${leadShipments} s WHERE s.lead_id = ${leads.id} AND s.category_id IS NOT NULL), '{}'::integer[])`,
        })
        .where(inArray(leads.id, touched.slice(i, i + CHUNK)));
  });
  return {
    rows: rows.length,
    added: added.length,
    already: plan.repeated + plan.shipments.length - added.length,
    rejected: [...read.rejected, ...plan.rejected].sort((a, b) => a.row - b.row),
    unmatched: plan.unmatched,
  };
}
