import { loadConfig } from './platform/config.ts';
import { startServer } from './start.ts';

const started = await startServer(loadConfig());

// SIGTERM/SIGINT: stop accepting connections, let requests in flight finish, close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    console.log(`${signal}: draining ${started.inFlight()} request(s)…`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await started.close();
    process.exit(0);
  });
}
