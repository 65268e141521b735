import { CATEGORIES, COUNTRIES } from './reference.ts';
import type { GeneratedLead } from './generate.ts';
import { verifyMedia } from './media.ts';

/** One input row: CSV columns or JSON keys of the same names. */
export type ImportRow = Record<string, string | undefined>;

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[a-z]{2,}$/i;
const STATUSES = new Set(['valid', 'risky', 'unknown', 'invalid']);
const SIZES = new Set(['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+', '']);

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
 * Columns: name, role (buyer|supplier), country (ISO code or name), city, website, size,
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
    const role = row.role?.trim().toLowerCase();
    if (role !== 'buyer' && role !== 'supplier') reasons.push('role: buyer or supplier');
    const country = row.country ? findCountry(row.country) : undefined;
    if (!country) reasons.push(`country: unknown "${row.country ?? ''}"`);
    const products = list(row.products).map((p) => ({ p, c: findCategory(p) }));
    const unknown = products.filter((x) => !x.c).map((x) => x.p);
    if (products.length === 0) reasons.push('products: at least one');
    if (unknown.length) reasons.push(`products: unknown ${unknown.map((u) => `"${u}"`).join(', ')}`);
    const size = row.size?.trim() ?? '';
    if (!SIZES.has(size)) reasons.push('size: one of 1-10, 11-50, 51-200, 201-500, 501-1000, 1000+');
    const website = row.website?.trim() || null;
    if (website && !/^https?:\/\/[^\s/]+\.[^\s/]+/.test(website)) reasons.push('website: an http(s) URL');
    const emails = list(row.emails).map((entry) => {
      const [address = '', status = 'unknown'] = entry.split(':');
      return { address: address.trim(), status: status.trim().toLowerCase() };
    });
    for (const e of emails) {
      if (!EMAIL.test(e.address)) reasons.push(`emails: invalid "${e.address}"`);
      if (!STATUSES.has(e.status))
        reasons.push(`emails: status of "${e.address}" must be valid, risky, unknown or invalid`);
    }
    const socials = list(row.socials).map((url) => verifyMedia(url));
    for (const s of socials) if (!s.valid) reasons.push(`socials: not a profile link "${s.url}"`);
    const phones = list(row.phones);
    for (const p of phones) if (!/^\+?[\d\s()-]{6,25}$/.test(p)) reasons.push(`phones: invalid "${p}"`);
    if (reasons.length) {
      rejected.push({ row: index + 1, reasons });
      return;
    }
    const categories = products.map((x) => x.c!);
    const descriptionEn = row.description_en?.trim() ?? '';
    const descriptionZh = row.description_zh?.trim() ?? '';
    accepted.push({
      id: `${idPrefix}${String(index + 1).padStart(6, '0')}`,
      name,
      role: role as 'buyer' | 'supplier',
      country: country!.iso2,
      city: row.city?.trim() ?? '',
      website,
      size,
      descriptionEn,
      descriptionZh,
      categoryIds: [...new Set(categories.map((c) => c.id))],
      searchText: [
        name,
        ...categories.flatMap((c) => [c.en, c.zh, ...c.synonyms_en, ...c.synonyms_zh]),
        descriptionEn,
        descriptionZh,
      ]
        .join(' ')
        .toLowerCase(),
      quality: Math.min(100, emails.length * 12 + (phones.length + socials.length) * 4),
      contacts: [
        ...emails.map((e, i) => ({
          kind: 'email' as const,
          value: e.address.toLowerCase(),
          label: e.status,
          position: i,
        })),
        ...phones.map((p, i) => ({ kind: 'phone' as const, value: p, label: '', position: i })),
        ...socials.map((s, i) => ({ kind: 'social' as const, value: s.url, label: s.platform, position: i })),
      ],
    });
  });
  return { accepted, rejected };
}

/** Parses CSV (RFC 4180: quoted fields, doubled quotes, newlines inside quotes) into rows by header. */
export function parseCsv(text: string): ImportRow[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      record.push(field);
      if (record.some((v) => v !== '')) records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  record.push(field);
  if (record.some((v) => v !== '')) records.push(record);
  const [header = [], ...body] = records;
  const keys = header.map((h) => h.trim().toLowerCase());
  return body.map((values) => Object.fromEntries(keys.map((key, i) => [key, values[i]])));
}
