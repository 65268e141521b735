import { loadConfig } from './platform/config.ts';
import { DataDirBusyError, lockDataDir } from './platform/dataDirLock.ts';
import { startServer } from './start.ts';

const config = loadConfig();
// The embedded database is one process's at a time (server/platform/dataDirLock.ts).
let lock: ReturnType<typeof lockDataDir> | undefined;
try {
  if (!config.DATABASE_URL) lock = lockDataDir(config.DATA_DIR, 'the server (npm start)');
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
}
process.once('exit', () => lock?.release());

const started = await startServer(config, { progress: process.stdout });

// SIGTERM/SIGINT: stop accepting connections, let requests in flight finish, close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    console.log(`${signal}: draining ${started.inFlight()} request(s)…`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await started.close();
    process.exit(0);
  });
}
