/**
 * `npm run codes -- --beans 50 --count 10`: mints single-use redeem codes into the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR, through the running server when one
 * holds it) and prints them, one a line.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigurationRefused, loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { mintCodes } from '../billing/redeem.ts';
import { callOperator, operatorSocket } from '../platform/operator.ts';

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
  if (error instanceof ConfigurationRefused) return error;
  throw error;
});
let codes: string[];
let where: string;
if (database instanceof ConfigurationRefused) {
  // The server holding it mints them, over its operator socket (server/platform/operator.ts).
  const socket = operatorSocket(config.DATA_DIR);
  if (!existsSync(socket)) {
    console.error(database.message);
    process.exit(2);
  }
  where = `the running server's database (through ${socket})`;
  codes = (await callOperator(socket, 'codes', { beans, count })) as string[];
} else {
  where = database.where;
  try {
    codes = await mintCodes(database.db, beans, count);
  } finally {
    await database.close();
  }
}
console.error(`Minted ${codes.length} codes worth ${beans} beans each in ${where}:`);
console.log(codes.join('\n'));
