import { ConfigurationRefused, loadConfig } from './platform/config.ts';
import { startServer } from './start.ts';

let started: Awaited<ReturnType<typeof startServer>>;
try {
  started = await startServer(loadConfig(), { progress: process.stdout });
} catch (error) {
  if (!(error instanceof ConfigurationRefused)) throw error;
  // A setup the server refuses to start with (a public install without DATABASE_URL): why, no stack.
  console.error(error.message);
  process.exit(1);
}

// SIGTERM/SIGINT: stop accepting connections, let requests in flight finish, close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    console.log(`${signal}: draining ${started.inFlight()} request(s)…`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await started.close();
    process.exit(0);
  });
}
