/**
 * `npm run bench:import [-- --rows N] [--only pg|pglite]`: how fast a customs export imports
 * (issue 32's goal: 1,000,000 shipment rows in under 5 minutes on PostgreSQL on 2 cores), and how
 * fast search answers over what it imported. Writes a Panjiva-like CSV of N rows (default
 * 1,000,000; deterministic; with the mess real exports have: names in several spellings, days in
 * two formats, weights with units or junk), imports it with `npm run leads:import`'s own path
 * (readImportFile, importRows) into a fresh PostgreSQL database (TEST_DATABASE_URL, or the local
 * server of scripts/pg-local.sh) and a fresh embedded PGlite, and times reading and importing;
 * then understands and finds leads for sentences about the imported products, 20 times each, and
 * reports the median and p95. Writes bench-results/import.json. Not part of `npm test`.
 * `--write <file>` only writes the export.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../server/platform/db/client.ts';
import { importRows } from '../server/leads/imports/importRows.ts';
import { readImportFile } from '../server/leads/imports/layout.ts';
import { CATEGORIES } from '../server/leads/reference.ts';
import { findLeads } from '../server/leads/search.ts';
import { understandQuery } from '../server/search/llm.ts';
import { createDatabase, postgresUrl } from './lib/local.ts';
import { prng } from '../server/leads/random.ts';

const args = process.argv.slice(2);
const ROWS = Number(args[args.indexOf('--rows') + 1]) || 1_000_000;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;

const BUYER_COUNTRIES = [
  'Germany',
  'United States',
  'France',
  'Spain',
  'Italy',
  'Poland',
  'Mexico',
  'Brazil',
  'India',
  'United Kingdom',
  'Netherlands',
  'Türkiye',
  'Viet Nam',
  'Australia',
  'United Arab Emirates',
  'Chile',
];
const SUPPLIER_COUNTRIES = [
  'China (Mainland)',
  'Viet Nam',
  'India',
  'Korea (South)',
  'Taiwan',
  'Hong Kong SAR',
];
const WORDS =
  'Alder Birch Cedar Delta Ember Falcon Granite Harbor Iris Juniper Kestrel Lumen Maple Nova Orion Pine Quartz Raven Summit Tidal Umber Vale Willow Zenith'.split(
    ' ',
  );
const TRADES = 'Trading Imports Supply Distribution Industries Wholesale Sourcing Group'.split(' ');
const FORMS: Record<string, string[]> = {
  Germany: ['GmbH', 'GMBH', 'G.m.b.H.'],
  'United States': ['Inc', 'Inc.', 'Incorporated', 'LLC'],
  France: ['SARL', 'S.A.R.L.', 'SAS'],
  Spain: ['S.L.', 'SL'],
  Italy: ['S.r.l.', 'SRL'],
  Poland: ['Sp. z o.o.', 'SP Z O O'],
  Mexico: ['S.A. de C.V.', 'SA DE CV'],
  Brazil: ['Ltda.', 'LTDA'],
  India: ['Pvt. Ltd.', 'Private Limited'],
  'United Kingdom': ['Ltd', 'Limited'],
  Netherlands: ['B.V.', 'BV'],
  Türkiye: ['A.Ş.', 'Anonim Şirketi'],
  'Viet Nam': ['JSC', 'Joint Stock Company'],
  Australia: ['Pty Ltd'],
  'United Arab Emirates': ['LLC', 'L.L.C.'],
  Chile: ['SpA', 'Limitada'],
};
const SUPPLIER_FORMS = ['Co., Ltd.', 'CO.,LTD', 'Company Limited', 'CO LTD'];
const CODED = CATEGORIES.filter((category) => /^\d{4}\.\d{2}$/.test(category.hs_code));

/** The CSV of `rows` shipment rows: ~rows/20 buyers, ~rows/100 suppliers, each spelt several ways. */
function customsFile(rows: number): string {
  const random = prng(32);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const buyers = Array.from({ length: Math.max(10, Math.round(rows / 20)) }, (_, i) => {
    const country = pick(BUYER_COUNTRIES);
    return {
      base: `${pick(WORDS)} ${pick(WORDS)} ${pick(TRADES)} ${i}`,
      country,
      forms: FORMS[country] ?? ['Ltd'],
    };
  });
  const suppliers = Array.from({ length: Math.max(5, Math.round(rows / 100)) }, (_, i) => ({
    base: `Ningbo ${pick(WORDS)} ${pick(WORDS)} Manufacturing ${i}`,
    country: pick(SUPPLIER_COUNTRIES),
  }));
  const lines = [
    'Bill of Lading Number,Arrival Date,Consignee,Consignee Country,Shipper,Shipper Country,HS Code,Goods Shipped,Quantity,Measure,Weight (kg)',
  ];
  const start = Date.UTC(2024, 11, 1);
  for (let i = 0; i < rows; i++) {
    const buyer = pick(buyers);
    const supplier = pick(suppliers);
    const category = pick(CODED);
    const day = new Date(start + Math.floor(random() * 700) * 86_400_000).toISOString().slice(0, 10);
    const name = `${random() < 0.5 ? buyer.base.toUpperCase() : buyer.base} ${pick(buyer.forms)}`;
    const weight =
      random() < 0.05
        ? 'N/A'
        : random() < 0.3
          ? `"${Math.round(random() * 20_000).toLocaleString('en-US')} KG"`
          : String(Math.round(random() * 20_000));
    lines.push(
      [
        `BL${String(i).padStart(10, '0')}`,
        random() < 0.5 ? day : day.replaceAll('-', ''),
        `"${name}"`,
        buyer.country,
        `"${supplier.base} ${pick(SUPPLIER_FORMS)}"`,
        supplier.country,
        random() < 0.5 ? category.hs_code : category.hs_code.replace('.', ''),
        `"${category.en.toUpperCase()}"`,
        String(1 + Math.floor(random() * 5000)),
        'PCS',
        weight,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

const SENTENCES = [
  'LED panel buyers in Germany',
  '帮我找西班牙的太阳能逆变器买家',
  'ceramic tile importers in Poland',
  'lithium battery suppliers in China',
];

interface Run {
  database: string;
  rows: number;
  readMs: number;
  importMs: number;
  rowsPerSecond: number;
  added: number;
  companiesCreated: number;
  rejected: number;
  search: { medianMs: number; p95Ms: number; runs: number; found: Record<string, number> };
}

async function run(kind: 'pg' | 'pglite', file: string): Promise<Run> {
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'honeyleads-bench-import-')) : '';
  const database: Database = await openDatabase(
    kind === 'pg' ? { databaseUrl: await createDatabase(postgresUrl(), 'hl_bench_import') } : { dataDir },
  );
  try {
    let at = performance.now();
    const { layout, rows } = readImportFile(file, readFileSync(file, 'utf8'));
    const readMs = performance.now() - at;
    at = performance.now();
    const report = await importRows(database.db, layout, rows, {
      source: 'Bench customs export',
      file: 'bench.csv',
      today: new Date(),
      idPrefix: 'L8',
    });
    const importMs = performance.now() - at;
    const took: number[] = [];
    const found: Record<string, number> = {};
    for (const sentence of SENTENCES)
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const leads = await findLeads(
          database.db,
          (await understandQuery(null, sentence)).understood,
          new Date(),
        );
        took.push(performance.now() - started);
        found[sentence] = leads.rows.length;
      }
    took.sort((a, b) => a - b);
    return {
      database: database.where,
      rows: rows.length,
      readMs: Math.round(readMs),
      importMs: Math.round(importMs),
      rowsPerSecond: Math.round(rows.length / ((readMs + importMs) / 1000)),
      added: report.added,
      companiesCreated: report.created ?? 0,
      rejected: report.rejected.length,
      search: {
        medianMs: Math.round(took[Math.floor(took.length / 2)]! * 10) / 10,
        p95Ms: Math.round(took[Math.floor(took.length * 0.95)]! * 10) / 10,
        runs: took.length,
        found,
      },
    };
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// `--write <file>`: only write the export (to profile the importer on it).
if (args.includes('--write')) {
  writeFileSync(args[args.indexOf('--write') + 1]!, customsFile(ROWS));
  process.exit(0);
}
const folder = mkdtempSync(join(tmpdir(), 'honeyleads-bench-file-'));
const file = join(folder, `customs-${ROWS}.csv`);
let at = performance.now();
writeFileSync(file, customsFile(ROWS));
console.log(
  `wrote ${ROWS.toLocaleString('en-US')} rows in ${Math.round(performance.now() - at)} ms: ${file}`,
);
const runs: Run[] = [];
try {
  for (const kind of ['pg', 'pglite'] as const) {
    if (only && only !== kind) continue;
    at = performance.now();
    const result = await run(kind, file);
    runs.push(result);
    console.log(
      `${result.database}: ${result.rows.toLocaleString('en-US')} rows read in ${(result.readMs / 1000).toFixed(1)} s, ` +
        `imported in ${(result.importMs / 1000).toFixed(1)} s (${result.rowsPerSecond.toLocaleString('en-US')} rows/s); ` +
        `${result.added.toLocaleString('en-US')} records, ${result.companiesCreated.toLocaleString('en-US')} new companies, ${result.rejected} rejected; ` +
        `search after it: median ${result.search.medianMs} ms, p95 ${result.search.p95Ms} ms over ${result.search.runs} searches`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/import.json',
  JSON.stringify({ generated: new Date().toISOString(), cores: cpus().length, rows: ROWS, runs }, null, 2),
);
console.log('bench:import: bench-results/import.json');
