/**
 * `npm run leads:import -- file.csv|file.json [--id-prefix L9]`: validates and imports leads into
 * the configured database, then reports every rejected row and why. Exits 1 when rows were rejected.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { parseCsv, validateImport, type ImportRow } from '../leads/importer.ts';
import { insertLeads } from '../leads/seed.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'id-prefix': { type: 'string', default: 'L9' } },
});
const file = positionals[0];
if (!file || !/\.(csv|json)$/i.test(file) || !/^L\d{0,3}$/.test(values['id-prefix']!)) {
  console.error('Usage: npm run leads:import -- <file.csv|file.json> [--id-prefix L9]');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
let rows: ImportRow[];
try {
  rows = file.toLowerCase().endsWith('.json') ? (JSON.parse(text) as ImportRow[]) : parseCsv(text);
} catch (error) {
  // A file that is not CSV (or JSON) at all: nothing is imported; say where it breaks.
  console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const { accepted, rejected } = validateImport(rows, values['id-prefix']);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await insertLeads(database.db, accepted);
} finally {
  await database.close();
}
console.log(`Imported ${accepted.length} of ${rows.length} rows into ${database.where}.`);
for (const r of rejected) console.log(`Row ${r.row} rejected: ${r.reasons.join('; ')}`);
process.exit(rejected.length ? 1 : 0);
