/**
 * `npm run grade:imports [-- <folder>]`: imports the held-out export files of
 * tests/fixtures/imports-blind, or of another folder of the same layout (imports-dev), each written
 * blind by someone who never read the importer (issue 32), into an empty embedded database, the way
 * `npm run leads:import` does, and grades what a user would then have against the writer's
 * expected.json: every company once (spellings merged, look-alikes apart) with its country and role,
 * every shipment record with its day, weight and HS subheading, every contact on its company, no
 * company made of a placeholder. Prints the score per file and overall and writes
 * bench-results/imports-blind.json. A measurement, not a test: it is never tuned to, and its misses
 * are the importer's work list.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openDatabase } from '../server/platform/db/client.ts';
import { leadContacts, leads, leadShipments } from '../server/platform/db/schema.ts';
import type { ImportReport } from '../server/leads/imports/cells.ts';
import { importRows } from '../server/leads/imports/importRows.ts';
import { readImportFile } from '../server/leads/imports/layout.ts';

/** The fixture folder (`npm run grade:imports -- tests/fixtures/imports-dev`); the first blind set by default. */
const DIR = process.argv[2] ?? 'tests/fixtures/imports-blind';
const OUT = `bench-results/${basename(DIR).replace(/^imports-/, 'imports-')}.json`;

interface ExpectedCompany {
  id: string;
  canonical_name: string;
  country: string | null;
  role: 'buyer' | 'supplier' | null;
}
interface ExpectedRecord {
  row: number;
  bill_of_lading: string | null;
  date?: string;
  hs6?: string | null;
  weight_kg?: number | null;
}
interface ExpectedContact {
  row: number;
  email: string | null;
  company: string | null;
}
interface ExpectedFile {
  kind: 'customs' | 'directory' | 'contacts';
  data_rows: number;
  companies: { count: number; list: ExpectedCompany[] };
  merged_groups: { id: string; spellings: string[] }[];
  must_not_merge: string[][];
  records?: ExpectedRecord[];
  contacts?: { firm: ExpectedContact[] };
  must_not_create_company_named?: string[];
}
interface Expected {
  files: Record<string, ExpectedFile>;
  all_files: { import_order: string[]; companies: { count: number; list: ExpectedCompany[] } };
}

const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Expected;

/** A company name as the grade compares it: letters and digits, accents folded, legal forms left out. */
const LEGAL =
  /\b(co|company|corp|corporation|inc|incorporated|ltd|limited|llc|l l c|gmbh|ag|kg|sa|sas|sarl|sl|srl|s r l|spa|bv|b v|nv|jsc|pte|sdn bhd|sp z o o|as|a s|oy|ab|plc|pty)\b/g;
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/ı/g, 'i')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(LEGAL, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const database = await openDatabase({});
const reports: Record<string, { read: string | null; report: ImportReport | null }> = {};
for (const name of expected.all_files.import_order) {
  const text = readFileSync(join(DIR, name), 'utf8');
  let report: ImportReport | null = null;
  let read: string | null = null;
  try {
    // As a user runs `npm run leads:import -- <file>`: the kind of file told by its header.
    const { layout, rows } = readImportFile(name, text);
    report = await importRows(database.db, layout, rows, {
      source: name,
      file: name,
      today: new Date(),
      idPrefix: 'L8',
    });
  } catch (error) {
    read = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  }
  reports[name] = { read, report };
}

const stored = await database.db
  .select({ id: leads.id, name: leads.name, country: leads.country, role: leads.role })
  .from(leads);
const shipments = await database.db
  .select({
    leadId: leadShipments.leadId,
    shippedOn: leadShipments.shippedOn,
    hsCode: leadShipments.hsCode,
    weightKg: leadShipments.weightKg,
    sourceRef: leadShipments.sourceRef,
  })
  .from(leadShipments);
const contacts = await database.db
  .select({ leadId: leadContacts.leadId, kind: leadContacts.kind, value: leadContacts.value })
  .from(leadContacts);
await database.close();

// Every spelling of each expected company, from every file.
const spellings = new Map<string, Set<string>>();
const companies = new Map<string, ExpectedCompany>();
for (const file of Object.values(expected.files)) {
  for (const c of file.companies.list) {
    companies.set(c.id, { ...companies.get(c.id), ...c });
    (spellings.get(c.id) ?? spellings.set(c.id, new Set()).get(c.id)!).add(nameKey(c.canonical_name));
  }
  for (const g of file.merged_groups)
    for (const s of g.spellings)
      (spellings.get(g.id) ?? spellings.set(g.id, new Set()).get(g.id)!).add(nameKey(s));
}
const leadsOf = (id: string) => stored.filter((l) => spellings.get(id)?.has(nameKey(l.name)));

interface Grade {
  passed: number;
  of: number;
  misses: string[];
}
const grade = (): Grade => ({ passed: 0, of: 0, misses: [] });
const check = (g: Grade, ok: boolean, miss: string) => {
  g.of++;
  if (ok) g.passed++;
  else if (g.misses.length < 12) g.misses.push(miss);
};

const result: Record<string, Record<string, Grade>> = {};
for (const name of expected.all_files.import_order) {
  const file = expected.files[name]!;
  const g = { read: grade(), companies: grade(), records: grade(), contacts: grade(), placeholders: grade() };
  check(g.read, reports[name]!.read === null, `${name}: ${reports[name]!.read}`);
  for (const c of file.companies.list) {
    const found = leadsOf(c.id);
    check(
      g.companies,
      found.length === 1 &&
        (c.country === null || found[0]!.country === c.country) &&
        (c.role === null || found[0]!.role === c.role),
      `${c.canonical_name} (${c.country ?? '?'}, ${c.role ?? '?'}): ${
        found.length === 0
          ? 'not created'
          : found.length > 1
            ? `${found.length} companies`
            : `stored as ${found[0]!.country}, ${found[0]!.role}`
      }`,
    );
  }
  for (const r of file.records ?? []) {
    // A record without a bill of lading is found by its day (and checked on the rest).
    const bol = r.bill_of_lading?.toUpperCase() ?? null;
    const got = shipments.filter((s) =>
      bol ? s.sourceRef.toUpperCase().includes(bol) : s.shippedOn === r.date,
    );
    const ok =
      got.length > 0 &&
      got.some(
        (s) =>
          (r.date === undefined || s.shippedOn === r.date) &&
          (r.hs6 === undefined || r.hs6 === null || s.hsCode.replace(/\D/g, '').startsWith(r.hs6)) &&
          (r.weight_kg === undefined ||
            (r.weight_kg === null
              ? s.weightKg === null
              : s.weightKg !== null && Math.abs(s.weightKg - r.weight_kg) <= 1)),
      );
    check(
      g.records,
      ok,
      `row ${r.row} ${bol ?? r.date}: ${
        got.length === 0
          ? 'not stored'
          : `stored ${got.map((s) => `${s.shippedOn} ${s.hsCode} ${s.weightKg ?? '-'} kg`).join(', ')}`
      } (expected ${r.date ?? ''} ${r.hs6 ?? ''} ${r.weight_kg ?? '-'} kg)`,
    );
  }
  for (const c of file.contacts?.firm ?? []) {
    if (!c.email) continue;
    const on = contacts.filter((x) => x.kind === 'email' && x.value.toLowerCase() === c.email!.toLowerCase());
    const company = c.company ? leadsOf(c.company).map((l) => l.id) : [];
    check(
      g.contacts,
      c.company ? on.some((x) => company.includes(x.leadId)) : on.length === 0,
      `row ${c.row} ${c.email}: ${on.length ? 'on another company' : 'not stored'}`,
    );
  }
  for (const placeholder of file.must_not_create_company_named ?? [])
    check(
      g.placeholders,
      !stored.some((l) => nameKey(l.name) === nameKey(placeholder)),
      `a company named ${placeholder}`,
    );
  result[name] = g;
}

const total = grade();
for (const file of Object.values(result))
  for (const g of Object.values(file)) {
    total.passed += g.passed;
    total.of += g.of;
  }
const pct = (g: Grade) => (g.of ? `${((100 * g.passed) / g.of).toFixed(1)}%` : '–');
console.log('file                 read  companies        records          contacts         placeholders');
for (const [name, g] of Object.entries(result))
  console.log(
    `${name.padEnd(20)} ${g.read!.passed ? 'yes ' : 'no  '}  ${`${g.companies!.passed}/${g.companies!.of}`.padEnd(16)} ${`${g.records!.passed}/${g.records!.of}`.padEnd(16)} ${`${g.contacts!.passed}/${g.contacts!.of}`.padEnd(16)} ${g.placeholders!.passed}/${g.placeholders!.of}`,
  );
console.log(
  `\nAll checks: ${total.passed} of ${total.of} (${pct(total)}); companies stored: ${stored.length}`,
);
for (const [name, g] of Object.entries(result))
  for (const [what, grade] of Object.entries(g))
    for (const miss of grade.misses) console.log(`  ${name} ${what}: ${miss}`);

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  OUT,
  JSON.stringify(
    {
      generated: new Date().toISOString(),
      fixtures: basename(DIR),
      total: { passed: total.passed, of: total.of },
      files: Object.fromEntries(
        Object.entries(result).map(([name, g]) => [
          name,
          {
            report: reports[name]!.report && {
              rows: reports[name]!.report!.rows,
              added: reports[name]!.report!.added,
              rejected: reports[name]!.report!.rejected.length,
              unmatched: reports[name]!.report!.unmatched.length,
            },
            read: reports[name]!.read,
            ...Object.fromEntries(
              Object.entries(g).map(([k, v]) => [k, { passed: v.passed, of: v.of, misses: v.misses }]),
            ),
          },
        ]),
      ),
    },
    null,
    2,
  ),
);
console.log(`\n${OUT}`);
