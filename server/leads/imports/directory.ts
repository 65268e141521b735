import { eq, inArray } from 'drizzle-orm';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { LeadCompanyType } from '../../../contract/companies.ts';
import type { Db } from '../../platform/db/client.ts';
import { leadContacts, leads } from '../../platform/db/schema.ts';
import { EMPLOYEE_RANGES, rangeBounds } from '../../search/conditions.ts';
import { broaderProducts, findProducts } from '../../search/products.ts';
import { keyEntries, listingKeys } from '../../search/keys.ts';
import { hasChinese } from '../../search/script.ts';
import type { GeneratedLead } from '../generate.ts';
import { leadQuality, leadSearchText, type LeadContact } from '../rank.ts';
import {
  EMAIL_ADDRESS,
  isPhone,
  parseAmount,
  textProblem,
  type ImportReport,
  type ImportRow,
  type RejectedRow,
} from './cells.ts';
import { DIRECTORY_COLUMNS as COLUMNS } from './columns.ts';
import { storeLeads } from './companies.ts';
import { cell } from './layout.ts';
import { companyKey, countryCode, fullCompanyKey, hostOf } from './match.ts';
import { countryInText } from './shipments.ts';

/**
 * Directory files (issue 32, docs/imports.md): company lists as Europages, Kompass and the Canton
 * Fair (广交会) export them, with free-text products and activities. Reading is pure; the import
 * adds the companies not stored and gives stored ones the facts they lack.
 */

/** One directory row, read: a company and what the row says of it. */
export interface DirectoryRow {
  row: number;
  /** The name shown: the English one when the row gives both. */
  name: string;
  /** Other names the row gives the company (a Canton Fair exhibitor's Chinese name). */
  otherNames: string[];
  country: string;
  city: string;
  website: string | null;
  /** The activity read: null when the row does not say whether it buys or sells. */
  role: 'buyer' | 'supplier' | null;
  companyType: LeadCompanyType | '';
  size: string;
  foundedYear: number | null;
  descriptionEn: string;
  descriptionZh: string;
  categoryIds: number[];
  emails: string[];
  phones: string[];
}

/** What reading a directory file may be told: the country and role of rows that do not say. */
export interface DirectoryOptions {
  /** ISO2 for rows with no country column or value (`--country`). */
  country?: string;
  /** The role of rows whose activity says neither (`--role`). */
  role?: 'buyer' | 'supplier';
}

/**
 * Activities as directories write them, most particular first, and the kind of company and role
 * each is: importers, distributors, wholesalers and retailers buy to resell; manufacturers and
 * exporters sell. "Importer/Exporter" is an importer (the first it names).
 */
const ACTIVITIES: [RegExp, LeadCompanyType, 'buyer' | 'supplier'][] = [
  [/import|进口|輸入/i, 'importer', 'buyer'],
  [
    /distribut|dealer|经销|分销|代理商|vertrieb|distribuidor|distributeur|distributore/i,
    'distributor',
    'buyer',
  ],
  [/wholesal|批发|großhandel|grosshandel|mayorista|grossiste|ingrosso|hurt/i, 'wholesaler', 'buyer'],
  [/retail|零售|einzelhandel|minorista|détaillant|dettaglio/i, 'retailer', 'buyer'],
  [/contractor|承包|installer/i, 'contractor', 'buyer'],
  [
    /manufactur|producer|production|factory|maker|生产|制造|工厂|厂家|hersteller|fabricante|fabricant|produttore|producent/i,
    'manufacturer',
    'supplier',
  ],
  [/export|出口|trading company|贸易/i, 'exporter', 'supplier'],
];

/** The kind of company and role an activity cell says; null when it says neither ("Service provider"). */
export function activityOf(
  text: string,
): { companyType: LeadCompanyType; role: 'buyer' | 'supplier' } | null {
  // The first activity named decides: "Importer/Exporter" imports.
  let best: { at: number; companyType: LeadCompanyType; role: 'buyer' | 'supplier' } | null = null;
  for (const [pattern, companyType, role] of ACTIVITIES) {
    const at = text.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { at, companyType, role };
  }
  return best && { companyType: best.companyType, role: best.role };
}

/**
 * Our employee range for a directory's band (`10-49`, `50-249`, `250 - 499`, `1000+`, `85`): the
 * range holding the band's middle (just above its number when open-ended); '' when it has no number.
 */
export function sizeOf(band: string): string {
  const numbers = [...band.replace(/(\d)[,.'](\d{3})/g, '$1$2').matchAll(/\d+/g)].map((m) => Number(m[0]));
  if (!numbers.length) return '';
  const low = numbers[0]!;
  // "1000+", "more than 500": just above the number.
  const middle = /\+|more|over|above|以上/i.test(band) ? low + 1 : (low + (numbers[1] ?? low)) / 2;
  return (
    EMPLOYEE_RANGES.find((range) => {
      const [from, to] = rangeBounds(range)!;
      return middle >= from && middle < to + 1;
    }) ?? ''
  );
}

/**
 * The search keys a free-text product list gives a company (search/keys.ts), read with the
 * search's own product reader (`findProducts`, Chinese and English): for each product named, the
 * demo category that is that product, else the catalogue product itself (`listingKeys`), a broader
 * product named beside a narrower one left out. A company that lists "LED lights" is found for
 * LED lights and lighting, not for LED panel lights.
 * Text it does not know stays in the description only.
 */
export function keysOf(text: string): number[] {
  const named = text.split(/[;；、,，/|\n]+/).flatMap((part) => findProducts(part).products);
  // A broader product beside a narrower one says nothing more ("luminaires LED, LED panel lights").
  const specific = named.filter((p) => !named.some((q) => q !== p && broaderProducts(q).includes(p)));
  return [...new Set(specific.flatMap(listingKeys))];
}

const MAX = { name: 200, city: 100, text: 2000, code: 100, url: 500 };

/** A website as stored: `https://` and the host (and path) as written, for a `www.` or bare host. */
function websiteOf(value: string): string | null {
  // A link of another scheme (ftp:, javascript:) is no website.
  if (/^[a-z][a-z\d+.-]*:/i.test(value) && !/^https?:\/\//i.test(value)) return null;
  if (!hostOf(value)) return null;
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

/**
 * Reads and checks the rows of a directory file. The country is the row's (any spelling
 * `countryCode` reads), else `--country`, else what its city or province names (`香港` is Hong
 * Kong), else China for a Canton Fair list (its exhibitors are Chinese unless the row says
 * otherwise). A row is rejected, with every reason, when it has no name, no country, a cell that
 * is too long, holds control characters or starts like a formula; a phone, email or website that
 * cannot be read, an unknown employee band or year are left out with a warning.
 */
export function readDirectory(
  rows: readonly ImportRow[],
  options: DirectoryOptions,
): { companies: DirectoryRow[]; rejected: RejectedRow[]; warnings: RejectedRow[] } {
  const cantonFair = rows.some((row) => COLUMNS.session.some((column) => row[column]?.trim()));
  const companies: DirectoryRow[] = [];
  const rejected: RejectedRow[] = [];
  const warnings: RejectedRow[] = [];
  rows.forEach((row, index) => {
    const reasons: string[] = [];
    const warned: string[] = [];
    // The file's own name of a column: the one with a value, else the one its header has.
    const columnOf = (names: string[]) =>
      names.find((name) => row[name]?.trim()) ?? names.find((name) => name in row) ?? names[0]!;
    const read = (names: string[], max: number) => {
      const value = cell(row, ...names);
      const problem = value ? textProblem(value, max) : null;
      if (problem) reasons.push(`${columnOf(names)}: ${problem}`);
      return problem ? '' : value;
    };
    const english = read(COLUMNS.englishName, MAX.name);
    const native = read(COLUMNS.name, MAX.name);
    const names = [english, native].filter(Boolean);
    if (!names.length && !reasons.length)
      reasons.push(`${columnOf([...COLUMNS.name, ...COLUMNS.englishName])}: missing`);
    const countryCell = read(COLUMNS.country, MAX.name);
    const city = read(COLUMNS.city, MAX.city);
    const province = read(COLUMNS.province, MAX.city);
    let country = countryCell ? countryCode(countryCell) : null;
    if (countryCell && !country)
      reasons.push(`${columnOf(COLUMNS.country)}: unknown country "${countryCell}"`);
    if (!countryCell)
      country =
        options.country ?? countryInText(city) ?? countryInText(province) ?? (cantonFair ? 'CN' : null);
    if (!country && !reasons.length)
      reasons.push(
        `${columnOf(COLUMNS.country)}: missing (no country column, and the city does not say; give --country)`,
      );
    const activity = read(COLUMNS.activity, MAX.text);
    const kind = activity ? activityOf(activity) : null;
    const products = read(COLUMNS.products, MAX.text);
    const description = [read(COLUMNS.description, MAX.text), products].filter(Boolean).join('\n');
    const websiteCell = read(COLUMNS.website, MAX.url);
    const website = websiteCell ? websiteOf(websiteCell) : null;
    if (websiteCell && !website)
      warned.push(`${columnOf(COLUMNS.website)}: not a website "${websiteCell}", left out`);
    const phones = COLUMNS.phones.flatMap((column) => {
      const value = read([column], MAX.code).replace(/^'/, '');
      if (!value) return [];
      if (isPhone(value)) return [value];
      warned.push(`${column}: not a phone number "${value}", left out`);
      return [];
    });
    const emails = COLUMNS.emails.flatMap((column) =>
      read([column], MAX.url)
        .split(/[;,\s]+/)
        .filter(Boolean)
        .flatMap((address) => {
          if (EMAIL_ADDRESS.test(address)) return [address.toLowerCase()];
          warned.push(`${column}: not an email address "${address}", left out`);
          return [];
        }),
    );
    const band = read(COLUMNS.employees, MAX.code);
    const size = band ? sizeOf(band) : '';
    if (band && !size)
      warned.push(`${columnOf(COLUMNS.employees)}: not a number of employees "${band}", left out`);
    const year = read(COLUMNS.founded, MAX.code);
    const founded = year ? parseAmount(year) : null;
    const foundedYear =
      founded !== null && Number.isInteger(founded) && founded >= 1800 && founded <= 2100 ? founded : null;
    if (year && foundedYear === null)
      warned.push(`${columnOf(COLUMNS.founded)}: not a year "${year}", left out`);
    if (reasons.length) {
      rejected.push({ row: index + 1, reasons });
      return;
    }
    if (warned.length) warnings.push({ row: index + 1, reasons: warned });
    const chinese = hasChinese(description);
    companies.push({
      row: index + 1,
      name: names[0]!,
      otherNames: names.slice(1),
      country: country!,
      city: city || province,
      website,
      // A Canton Fair exhibitor sells: that is what the fair is.
      role: kind?.role ?? (cantonFair ? 'supplier' : (options.role ?? null)),
      companyType: kind?.companyType ?? (cantonFair ? 'manufacturer' : ''),
      size,
      foundedYear,
      descriptionEn: chinese ? '' : description,
      descriptionZh: chinese ? description : '',
      categoryIds: keysOf(description),
      emails: [...new Set(emails)],
      phones: phones.filter(
        (phone, i) =>
          phones.findIndex((other) => phoneKey(other, country!) === phoneKey(phone, country!)) === i,
      ),
    });
  });
  return { companies, rejected, warnings };
}

/** A stored company as a directory import compares and completes it. */
type StoredCompany = Pick<
  GeneratedLead,
  | 'id'
  | 'name'
  | 'country'
  | 'role'
  | 'city'
  | 'website'
  | 'size'
  | 'companyType'
  | 'descriptionEn'
  | 'descriptionZh'
  | 'categoryIds'
  | 'foundedYear'
>;

/**
 * One phone number however written: international (E.164) as the company's country dials it, so
 * `0421 555 0100` in Germany is `+49 421 555 0100`; else its digits.
 */
export function phoneKey(phone: string, country: string): string {
  return parsePhoneNumberFromString(phone, country as CountryCode)?.number ?? phone.replace(/\D/g, '');
}

/** Rows of one company merged: the first value of each fact, every category, email and phone. */
function merge(into: DirectoryRow, row: DirectoryRow): void {
  into.otherNames = [...new Set([...into.otherNames, row.name, ...row.otherNames])].filter(
    (n) => n !== into.name,
  );
  into.city ||= row.city;
  into.website ??= row.website;
  into.role ??= row.role;
  into.companyType ||= row.companyType;
  into.size ||= row.size;
  into.foundedYear ??= row.foundedYear;
  if (row.descriptionEn && !into.descriptionEn.includes(row.descriptionEn))
    into.descriptionEn = [into.descriptionEn, row.descriptionEn].filter(Boolean).join('\n');
  if (row.descriptionZh && !into.descriptionZh.includes(row.descriptionZh))
    into.descriptionZh = [into.descriptionZh, row.descriptionZh].filter(Boolean).join('\n');
  into.categoryIds = [...new Set([...into.categoryIds, ...row.categoryIds])];
  into.emails = [...new Set([...into.emails, ...row.emails])];
  for (const phone of row.phones)
    if (!into.phones.some((known) => phoneKey(known, into.country) === phoneKey(phone, into.country)))
      into.phones.push(phone);
}

/**
 * Imports a directory file (docs/imports.md): the rows of one company (one normalized name, or one
 * of its other names, in one country) are merged; a company no stored one is becomes a new company
 * (a row whose activity says neither buyer nor supplier, with no `--role`, is rejected then);
 * a stored one keeps what it has and gets the facts it lacks: city, website, size, kind, founding
 * year, description, the categories the row names, emails and phones. Running it again adds nothing.
 */
export async function importDirectory(
  db: Db,
  rows: readonly ImportRow[],
  options: DirectoryOptions & { idPrefix: string },
): Promise<ImportReport> {
  const read = readDirectory(rows, options);
  const rejected = [...read.rejected];
  // One entry per company of the file.
  const byKey = new Map<string, DirectoryRow>();
  const rowsOf = new Map<DirectoryRow, number[]>();
  for (const row of read.companies) {
    const keys = [row.name, ...row.otherNames].map((name) => `${row.country}|${companyKey(name)}`);
    const found = keys.map((key) => byKey.get(key)).find(Boolean);
    const company = found ?? { ...row };
    if (found) merge(found, row);
    for (const key of [
      ...keys,
      ...[company.name, ...company.otherNames].map((n) => `${row.country}|${companyKey(n)}`),
    ])
      byKey.set(key, company);
    rowsOf.set(company, [...(rowsOf.get(company) ?? []), row.row]);
  }
  const companies = [...new Set(byKey.values())];
  const countries = [...new Set(companies.map((company) => company.country))];
  const stored: StoredCompany[] = countries.length
    ? await db
        .select({
          id: leads.id,
          name: leads.name,
          country: leads.country,
          role: leads.role,
          city: leads.city,
          website: leads.website,
          size: leads.size,
          companyType: leads.companyType,
          descriptionEn: leads.descriptionEn,
          descriptionZh: leads.descriptionZh,
          categoryIds: leads.categoryIds,
          foundedYear: leads.foundedYear,
        })
        .from(leads)
        .where(inArray(leads.country, countries))
    : [];
  const storedByKey = new Map<string, StoredCompany[]>();
  for (const lead of stored) {
    const key = `${lead.country}|${companyKey(lead.name)}`;
    storedByKey.set(key, [...(storedByKey.get(key) ?? []), lead]);
  }
  const report: ImportReport = {
    rows: rows.length,
    added: 0,
    already: 0,
    rejected,
    unmatched: [],
    warnings: read.warnings,
    created: 0,
  };
  const fresh: DirectoryRow[] = [];
  const updates: { lead: StoredCompany; company: DirectoryRow; rows: number[] }[] = [];
  for (const company of companies) {
    const numbers = rowsOf.get(company)!;
    const names = [company.name, ...company.otherNames];
    let found = [
      ...new Set(names.flatMap((name) => storedByKey.get(`${company.country}|${companyKey(name)}`) ?? [])),
    ];
    if (found.length > 1) {
      const full = new Set(names.map(fullCompanyKey));
      const same = found.filter((lead) => full.has(fullCompanyKey(lead.name)));
      if (same.length === 1) found = same;
    }
    if (found.length > 1) {
      for (const row of numbers)
        report.unmatched.push({
          row,
          reason: `${found.length} companies named "${company.name}" in ${company.country} (${found.map((lead) => lead.id).join(', ')})`,
        });
      continue;
    }
    if (found.length === 1) updates.push({ lead: found[0]!, company, rows: numbers });
    else if (company.role) fresh.push(company);
    else
      for (const row of numbers)
        rejected.push({
          row,
          reasons: [
            `${COLUMNS.activity[0]}: says neither buyer (importer, distributor, wholesaler, retailer) nor supplier (manufacturer, exporter); give --role buyer or supplier`,
          ],
        });
  }
  report.created = await storeLeads(
    db,
    fresh.map((company, i) => {
      const contacts: LeadContact[] = [
        ...company.emails.map((value, position) => ({
          kind: 'email' as const,
          value,
          label: 'unknown',
          position,
        })),
        ...company.phones.map((value, position) => ({ kind: 'phone' as const, value, label: '', position })),
      ];
      return {
        id: `${options.idPrefix}${String(i + 1).padStart(6, '0')}`,
        name: company.name,
        role: company.role!,
        country: company.country,
        city: company.city,
        website: company.website,
        size: company.size,
        companyType: company.companyType,
        descriptionEn: company.descriptionEn,
        descriptionZh: company.descriptionZh,
        categoryIds: [...company.categoryIds].sort((a, b) => a - b),
        searchText: leadSearchText(
          [company.name, ...company.otherNames].join(' '),
          keyEntries(company.categoryIds),
          company.descriptionEn,
          company.descriptionZh,
        ),
        quality: leadQuality(contacts, company.size),
        foundedYear: company.foundedYear,
        tradedCategoryIds: [],
        contacts,
        people: [],
        shipments: [],
      };
    }),
  );
  report.added += fresh.reduce((n, company) => n + rowsOf.get(company)!.length, 0);
  await db.transaction(async (tx) => {
    for (const { lead, company, rows: numbers } of updates) {
      const categoryIds = [...new Set([...lead.categoryIds, ...company.categoryIds])].sort((a, b) => a - b);
      const change: Partial<StoredCompany> = {};
      if (!lead.city && company.city) change.city = company.city;
      if (!lead.website && company.website) change.website = company.website;
      if (!lead.size && company.size) change.size = company.size;
      if (!lead.companyType && company.companyType) change.companyType = company.companyType;
      if (!lead.descriptionEn && company.descriptionEn) change.descriptionEn = company.descriptionEn;
      if (!lead.descriptionZh && company.descriptionZh) change.descriptionZh = company.descriptionZh;
      if (lead.foundedYear === null && company.foundedYear !== null) change.foundedYear = company.foundedYear;
      if (categoryIds.length > lead.categoryIds.length) change.categoryIds = categoryIds;
      const have = await tx
        .select({ kind: leadContacts.kind, value: leadContacts.value, position: leadContacts.position })
        .from(leadContacts)
        .where(eq(leadContacts.leadId, lead.id));
      const newContacts = [
        ...company.emails.map((value) => ({ kind: 'email' as const, value, label: 'unknown' })),
        ...company.phones.map((value) => ({ kind: 'phone' as const, value, label: '' })),
      ].filter(
        (contact) =>
          !have.some(
            (c) =>
              c.kind === contact.kind &&
              (contact.kind === 'phone'
                ? phoneKey(c.value, lead.country) === phoneKey(contact.value, lead.country)
                : c.value.toLowerCase() === contact.value),
          ),
      );
      const positions = new Map<string, number>();
      for (const c of have) positions.set(c.kind, Math.max(positions.get(c.kind) ?? -1, c.position));
      const values = newContacts.map((contact) => {
        const position = (positions.get(contact.kind) ?? -1) + 1;
        positions.set(contact.kind, position);
        return { ...contact, leadId: lead.id, position };
      });
      if (values.length) await tx.insert(leadContacts).values(values);
      if (Object.keys(change).length || values.length) {
        const merged = { ...lead, ...change };
        await tx
          .update(leads)
          .set({
            ...change,
            searchText: leadSearchText(
              [lead.name, company.name, ...company.otherNames].join(' '),
              keyEntries(merged.categoryIds),
              merged.descriptionEn,
              merged.descriptionZh,
            ),
            quality: leadQuality([...have, ...values], merged.size),
          })
          .where(eq(leads.id, lead.id));
        report.added += numbers.length;
      } else report.already += numbers.length;
    }
  });
  report.rejected.sort((a, b) => a.row - b.row);
  return report;
}
