import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
if (!existsSync(config.DIST_DIR)) {
  console.error(`No built site at ${config.DIST_DIR}: run \`npm run build\` first (npm start does).`);
  process.exit(1);
}

const app = createApp({ distDir: config.DIST_DIR, siteUrl: config.SITE_URL });
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`HoneyLeads is running on http://${host}:${info.port}`);
});

// SIGTERM/SIGINT: stop accepting connections, finish the requests in flight, then exit.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: draining requests…`);
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
