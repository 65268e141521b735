/**
 * `npm run leads:import -- <file.csv|file.json> [--contacts apollo|hunter | --shipments | --companies]
 * [--source "<name>"] [--id-prefix L9]` (docs/imports.md): imports companies, an Apollo or Hunter
 * contacts export, or a customs shipments export into the configured database. The kind of file is
 * told by its header unless a flag names it. Prints what was added, already there, rejected and
 * unmatched, each rejected or unmatched row with why; exits 1 when any row was rejected or
 * unmatched, 2 when the file cannot be read (nothing is imported then).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigurationRefused, loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import type { ImportReport, ImportRow } from '../leads/imports/cells.ts';
import { importRows } from '../leads/imports/importRows.ts';
import { LAYOUT_NAMES, readImportFile, type Layout } from '../leads/imports/layout.ts';

const USAGE =
  'Usage: npm run leads:import -- <file.csv|file.json> [--contacts apollo|hunter | --shipments | --companies] [--source "<name>"] [--id-prefix L9]';

/** Stops before anything is imported. */
function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const parse = () =>
  parseArgs({
    allowPositionals: true,
    options: {
      'id-prefix': { type: 'string', default: 'L9' },
      contacts: { type: 'string' },
      shipments: { type: 'boolean' },
      companies: { type: 'boolean' },
      source: { type: 'string' },
    },
  });
let args: ReturnType<typeof parse>;
try {
  args = parse();
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const { values, positionals } = args;
const file = positionals[0];
const flagged: Layout[] = [
  ...(values.contacts !== undefined ? [values.contacts as Layout] : []),
  ...(values.shipments ? ['shipments' as const] : []),
  ...(values.companies ? ['companies' as const] : []),
];
if (
  !file ||
  positionals.length > 1 ||
  !/\.(csv|json)$/i.test(file) ||
  !/^L\d{0,3}$/.test(values['id-prefix']!) ||
  flagged.length > 1 ||
  (values.contacts !== undefined && !['apollo', 'hunter'].includes(values.contacts))
)
  fail(USAGE);

let layout: Layout;
let rows: ImportRow[];
try {
  ({ layout, rows } = readImportFile(file, readFileSync(file, 'utf8'), flagged[0]));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  poolSize: config.DATABASE_POOL_SIZE,
  dataDir: config.DATA_DIR,
}).catch((error: unknown) => {
  // The embedded database held by a running server (server/platform/db/client.ts lockDataDir).
  if (error instanceof ConfigurationRefused) fail(error.message);
  throw error;
});
const source = values.source?.trim() || basename(file);
let report: ImportReport;
try {
  report = await importRows(database.db, layout, rows, {
    source,
    file: basename(file),
    today: new Date(),
    idPrefix: values['id-prefix']!,
  });
} finally {
  await database.close();
}
console.log(
  `${LAYOUT_NAMES[layout]} from ${file} into ${database.where}: ${report.added} added, ${report.already} already there, ` +
    `${report.rejected.length} rejected, ${report.unmatched.length} unmatched (of ${report.rows} rows).`,
);
for (const r of report.rejected) console.log(`Row ${r.row} rejected: ${r.reasons.join('; ')}`);
for (const r of report.unmatched) console.log(`Row ${r.row} unmatched: ${r.reason}`);
process.exit(report.rejected.length || report.unmatched.length ? 1 : 0);
