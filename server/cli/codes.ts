/**
 * `npm run codes -- --beans 50 --count 10`: mints single-use redeem codes into the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR) and prints them, one a line.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { DataDirBusyError, lockDataDir } from '../platform/dataDirLock.ts';
import { mintCodes } from '../billing/redeem.ts';

const { values } = parseArgs({
  options: { beans: { type: 'string', default: '50' }, count: { type: 'string', default: '10' } },
});
const beans = Number(values.beans);
const count = Number(values.count);
if (
  !Number.isInteger(beans) ||
  beans < 1 ||
  beans > 100_000 ||
  !Number.isInteger(count) ||
  count < 1 ||
  count > 10_000
) {
  console.error('Usage: npm run codes -- --beans <1-100000> --count <1-10000>');
  process.exit(2);
}
const config = loadConfig();
// Beside a running server only on PostgreSQL: the embedded database is one process's at a time.
let lock: ReturnType<typeof lockDataDir> | undefined;
try {
  if (!config.DATABASE_URL) lock = lockDataDir(config.DATA_DIR, 'npm run codes');
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exit(3);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const codes = await mintCodes(database.db, beans, count);
  console.error(`Minted ${codes.length} codes worth ${beans} beans each in ${database.where}:`);
  console.log(codes.join('\n'));
} finally {
  await database.close();
  lock?.release();
}
