/**
 * `npm run leads:import -- <file.csv|file.json> [--contacts apollo|hunter | --shipments | --companies | --directory]
 * [--source "<name>"] [--id-prefix L9] [--date-order dmy|mdy] [--country DE] [--role buyer] [--map map.json]`
 * (docs/imports.md): imports companies, a directory (Europages, Kompass, Canton Fair), an Apollo or
 * Hunter contacts export, or a customs shipments export into the configured database. The kind of
 * file is told by its header (its columns renamed first by a `--map` file) unless a flag names it. Prints what
 * was added, already there, rejected and unmatched, each rejected or unmatched row with why, and
 * each cell left out; exits 1 when any row was rejected or unmatched, 2 when the file cannot be
 * read (nothing is imported then).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigurationRefused, loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import type { ImportReport, ImportRow } from '../leads/imports/cells.ts';
import { LAYOUT_NAMES, readColumnMap, readImportFile, type Layout } from '../leads/imports/layout.ts';
import type { DayOrder } from '../leads/imports/cells.ts';
import { countryCode } from '../leads/imports/match.ts';
import { describeError } from '../platform/errors.ts';
import { callOperator, OperatorRefused, operatorSocket } from '../platform/operator.ts';
import { runImport, type ImportTask } from './tasks.ts';

const USAGE =
  'Usage: npm run leads:import -- <file.csv|file.json> [--contacts apollo|hunter | --shipments | --companies | --directory] [--source "<name>"] [--id-prefix L9] [--date-order dmy|mdy] [--country <ISO2 or name>] [--role buyer|supplier] [--map <map.json>]';

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
      directory: { type: 'boolean' },
      role: { type: 'string' },
      source: { type: 'string' },
      'date-order': { type: 'string' },
      country: { type: 'string' },
      map: { type: 'string' },
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
  ...(values.directory ? ['directory' as const] : []),
];
if (
  !file ||
  positionals.length > 1 ||
  !/\.(csv|json)$/i.test(file) ||
  !/^L\d{1,3}$/.test(values['id-prefix']!) ||
  flagged.length > 1 ||
  (values.contacts !== undefined && !['apollo', 'hunter'].includes(values.contacts)) ||
  (values['date-order'] !== undefined && !['dmy', 'mdy'].includes(values['date-order'])) ||
  (values.role !== undefined && !['buyer', 'supplier'].includes(values.role))
)
  fail(USAGE);
const country = values.country === undefined ? undefined : countryCode(values.country);
if (country === null) fail(`--country: unknown country "${values.country}"\n${USAGE}`);

let layout: Layout;
let rows: ImportRow[];
try {
  const columnMap = values.map === undefined ? undefined : readColumnMap(readFileSync(values.map, 'utf8'));
  ({ layout, rows } = readImportFile(file, readFileSync(file, 'utf8'), flagged[0], columnMap));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const task: ImportTask = {
  layout,
  rows,
  source: values.source?.trim() || basename(file),
  file: basename(file),
  idPrefix: values['id-prefix']!,
  ...(values['date-order'] ? { dateOrder: values['date-order'] as DayOrder } : {}),
  ...(country ? { country } : {}),
  ...(values.role ? { role: values.role as 'buyer' | 'supplier' } : {}),
};
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  poolSize: config.DATABASE_POOL_SIZE,
  dataDir: config.DATA_DIR,
}).catch((error: unknown) => {
  // The embedded database held by a running server (server/platform/db/client.ts lockDataDir).
  if (error instanceof ConfigurationRefused) return error;
  throw error;
});
let report: ImportReport | undefined;
let refused: string | null = null;
let where: string;
if (database instanceof ConfigurationRefused) {
  // The server holding it imports the rows itself, over its operator socket (server/platform/operator.ts).
  const socket = operatorSocket(config.DATA_DIR);
  if (!existsSync(socket)) fail(database.message);
  where = `the running server's database (through ${socket})`;
  try {
    report = (await callOperator(socket, 'import', task)) as ImportReport;
  } catch (error) {
    if (!(error instanceof OperatorRefused)) fail(`${socket}: ${describeError(error)}`);
    refused = error.message;
  }
} else {
  where = database.where;
  try {
    report = await runImport(database.db, task);
  } catch (error) {
    // Refused whole (days that read both ways): nothing was written; say why once the database is closed.
    if (!(error instanceof OperatorRefused)) throw error;
    refused = error.message;
  } finally {
    await database.close();
  }
}
if (!report) fail(refused ?? `${file}: not imported`);
console.log(
  `${LAYOUT_NAMES[layout]} from ${file} into ${where}: ${report.added} added, ${report.already} already there, ` +
    `${report.rejected.length} rejected, ${report.unmatched.length} unmatched (of ${report.rows} rows)` +
    (report.created ? `; ${report.created} new ${report.created === 1 ? 'company' : 'companies'}.` : '.'),
);
for (const r of report.warnings ?? []) console.log(`Row ${r.row} imported without: ${r.reasons.join('; ')}`);
for (const r of report.rejected) console.log(`Row ${r.row} rejected: ${r.reasons.join('; ')}`);
for (const r of report.unmatched) console.log(`Row ${r.row} unmatched: ${r.reason}`);
process.exit(report.rejected.length || report.unmatched.length ? 1 : 0);
