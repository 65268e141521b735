/**
 * `npm run codes -- --beans 50 --count 10`: mints single-use redeem codes into the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR) and prints them, one a line.
 */
import { parseArgs } from 'node:util';
import { ConfigurationRefused, loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
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
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  poolSize: config.DATABASE_POOL_SIZE,
  dataDir: config.DATA_DIR,
}).catch((error: unknown) => {
  // The embedded database held by a running server (server/platform/db/client.ts lockDataDir).
  if (!(error instanceof ConfigurationRefused)) throw error;
  console.error(error.message);
  process.exit(2);
});
try {
  const codes = await mintCodes(database.db, beans, count);
  console.error(`Minted ${codes.length} codes worth ${beans} beans each in ${database.where}:`);
  console.log(codes.join('\n'));
} finally {
  await database.close();
}
