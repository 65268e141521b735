import { LEAD_COMPANY_TYPES } from '../../contract/companies.ts';
import { EMPLOYEE_RANGES } from '../search/conditions.ts';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { CATEGORIES, COUNTRIES } from './reference.ts';
import type { GeneratedLead } from './generate.ts';
import { verifyMedia } from './media.ts';
import { leadQuality, leadSearchText, type LeadContact } from './rank.ts';
import {
  EMAIL_ADDRESS,
  headerName,
  isPhone,
  looksLikeFormula,
  textProblem,
  type ImportRow,
} from './imports/cells.ts';

export type { ImportRow } from './imports/cells.ts';
const STATUSES = new Set(['valid', 'risky', 'unknown', 'invalid']);
const SIZES = new Set<string>([...EMPLOYEE_RANGES, '']);
/** The kinds of company a row may give (company_type); empty when not known. */
const TYPES = new Set<string>([...LEAD_COMPANY_TYPES, '']);

/** Splits a semicolon list, trimming and dropping empties. */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);

function findCountry(value: string) {
  const v = value.trim().toLowerCase();
  return COUNTRIES.find(
    (c) =>
      c.iso2.toLowerCase() === v ||
      c.iso3.toLowerCase() === v ||
      c.en.toLowerCase() === v ||
      c.zh === value.trim() ||
      c.aliases_en.includes(v),
  );
}

function findCategory(value: string) {
  const v = value.trim().toLowerCase();
  return CATEGORIES.find(
    (c) => c.slug === v || c.en.toLowerCase() === v || c.zh === value.trim() || c.synonyms_en.includes(v),
  );
}

/**
 * Validates import rows (`npm run leads:import`): every rejected row says which fields are wrong;
 * accepted rows become leads with ids `<prefix><row number>`.
 * Columns: name, role (buyer|supplier), country (ISO code or name), city, website, size, company_type, founded_year,
 * description_en, description_zh, products (category slugs or names, `;`-separated),
 * emails (`address` or `address:status`, `;`-separated), phones, socials (URLs).
 */
export function validateImport(
  rows: ImportRow[],
  idPrefix = 'L9',
): { accepted: GeneratedLead[]; rejected: { row: number; reasons: string[] }[] } {
  const accepted: GeneratedLead[] = [];
  const rejected: { row: number; reasons: string[] }[] = [];
  rows.forEach((row, index) => {
    const reasons: string[] = [];
    const name = row.name?.trim() ?? '';
    if (name.length < 2 || name.length > 200) reasons.push('name: 2 to 200 characters');
    // Text shown on cards and exported again: no formula starts, no control characters.
    for (const [field, max] of [
      ['name', Infinity],
      ['city', 100],
      ['description_en', 2000],
      ['description_zh', 2000],
    ] as const) {
      const problem = textProblem(row[field]?.trim() ?? '', max);
      if (problem) reasons.push(`${field}: ${problem}`);
    }
    const role = row.role?.trim().toLowerCase();
    if (role !== 'buyer' && role !== 'supplier') reasons.push('role: buyer or supplier');
    const country = row.country ? findCountry(row.country) : undefined;
    if (!country) reasons.push(`country: unknown "${row.country ?? ''}"`);
    const products = list(row.products).map((p) => ({ p, c: findCategory(p) }));
    const unknown = products.filter((x) => !x.c).map((x) => x.p);
    if (products.length === 0) reasons.push('products: at least one');
    if (unknown.length) reasons.push(`products: unknown ${unknown.map((u) => `"${u}"`).join(', ')}`);
    const size = row.size?.trim() ?? '';
    if (!SIZES.has(size)) reasons.push(`size: one of ${EMPLOYEE_RANGES.join(', ')}`);
    const companyType = row.company_type?.trim().toLowerCase() ?? '';
    if (!TYPES.has(companyType))
      reasons.push(`company_type: one of ${[...TYPES].filter(Boolean).join(', ')}, or empty`);
    const founded = row.founded_year?.trim() ?? '';
    const foundedYear = founded ? Number(founded) : null;
    if (
      foundedYear !== null &&
      !(Number.isInteger(foundedYear) && foundedYear >= 1800 && foundedYear <= 2100)
    )
      reasons.push('founded_year: a year such as 1998, or empty');
    const website = row.website?.trim() || null;
    if (website && !/^https?:\/\/[^\s/]+\.[^\s/]+/.test(website)) reasons.push('website: an http(s) URL');
    const emails = list(row.emails).map((entry) => {
      const [address = '', status = 'unknown'] = entry.split(':');
      return { address: address.trim(), status: status.trim().toLowerCase() };
    });
    for (const e of emails) {
      if (!EMAIL_ADDRESS.test(e.address) || looksLikeFormula(e.address))
        reasons.push(`emails: invalid "${e.address}"`);
      if (!STATUSES.has(e.status))
        reasons.push(`emails: status of "${e.address}" must be valid, risky, unknown or invalid`);
    }
    const socials = list(row.socials).map((url) => verifyMedia(url));
    for (const s of socials) if (!s.valid) reasons.push(`socials: not a profile link "${s.url}"`);
    const phones = list(row.phones);
    for (const p of phones) if (!isPhone(p)) reasons.push(`phones: invalid "${p}"`);
    if (reasons.length) {
      rejected.push({ row: index + 1, reasons });
      return;
    }
    const categories = products.map((x) => x.c!);
    const descriptionEn = row.description_en?.trim() ?? '';
    const descriptionZh = row.description_zh?.trim() ?? '';
    const contacts: LeadContact[] = [
      ...emails.map((e, i) => ({
        kind: 'email' as const,
        value: e.address.toLowerCase(),
        label: e.status,
        position: i,
      })),
      ...phones.map((p, i) => ({ kind: 'phone' as const, value: p, label: '', position: i })),
      ...socials.map((s, i) => ({ kind: 'social' as const, value: s.url, label: s.platform, position: i })),
    ];
    accepted.push({
      id: `${idPrefix}${String(index + 1).padStart(6, '0')}`,
      name,
      role: role as 'buyer' | 'supplier',
      country: country!.iso2,
      city: row.city?.trim() ?? '',
      website,
      size,
      companyType,
      descriptionEn,
      descriptionZh,
      categoryIds: [...new Set(categories.map((c) => c.id))],
      searchText: leadSearchText(name, categories, descriptionEn, descriptionZh),
      quality: leadQuality(contacts, size),
      foundedYear,
      tradedCategoryIds: [],
      contacts,
      people: [],
      shipments: [],
    });
  });
  return { accepted, rejected };
}

/** The 1-based line where the record starting at byte `offset` begins (blank lines before it skipped). */
function lineAt(input: Buffer, offset: number): number {
  let start = offset;
  while (input[start] === 0x0a || input[start] === 0x0d) start++;
  let line = 1;
  for (let i = 0; i < start; i++) {
    if (input[i] === 0x0a || (input[i] === 0x0d && input[i + 1] !== 0x0a)) line++;
  }
  return line;
}

/**
 * Parses CSV into rows by header (csv-parse: `,`, `;` or tab as the header shows, RFC 4180 quoting, doubled quotes, newlines inside
 * quotes, a BOM, CRLF or LF). Header names are trimmed and lower-cased; blank lines and rows of
 * empty fields are skipped. A row with more or fewer fields than the header, or a quote left open,
 * throws an error naming its line.
 */
export function parseCsv(text: string): ImportRow[] {
  return readCsv(text).rows;
}

/**
 * The separator of a CSV file, told by its first line: `;` (European spreadsheets) or a tab when
 * the header has more of them outside quotes than commas, else `,`.
 */
function delimiterOf(input: Buffer): string {
  const end = input.indexOf(0x0a);
  const header = input
    .subarray(0, end < 0 ? input.length : end)
    .toString('utf8')
    .replace(/"[^"]*"/g, '');
  const count = (separator: string) => header.split(separator).length - 1;
  return [';', '\t'].find((separator) => count(separator) > count(',')) ?? ',';
}

/** `parseCsv` with the header it read (trimmed, lower case): an import tells its layout by the header. */
export function readCsv(text: string): { header: string[]; rows: ImportRow[] } {
  const input = Buffer.from(text.replace(/^\uFEFF/, ''));
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(input, {
      delimiter: delimiterOf(input),
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      throw new Error(`CSV line ${String(error.lines)}: ${error.message}`, { cause: error });
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { header: [], rows: [] };
  const keys = header.record.map(headerName);
  const rows: ImportRow[] = [];
  let start = header.info.bytes;
  for (const { record, info } of body) {
    // A row of empty fields (`,,,` left by a spreadsheet) is skipped like a blank line.
    if (record.some((value) => value !== '')) {
      if (record.length !== keys.length)
        throw new Error(
          `CSV line ${lineAt(input, start)}: ${record.length} fields where the header has ${keys.length}`,
        );
      rows.push(Object.fromEntries(keys.map((key, i) => [key, record[i]])));
    }
    start = info.bytes;
  }
  return { header: keys, rows };
}
