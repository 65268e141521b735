import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { featureReport, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNT, DEMO_AGENT, seedDemo } from './db/seed.ts';
import { createServices } from './services/index.ts';
import { seedLeads } from './leads/seed.ts';
import { startOutreach } from './outreach/queue.ts';

const config = loadConfig();
// Without a build (npm run dev, benchmarks) the server still answers /api.
const hasSite = existsSync(config.DIST_DIR);
if (!hasSite) console.warn(`No built site at ${config.DIST_DIR}: serving /api only (npm start builds it).`);

const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const services = await createServices(config, database.db);
// The outreach email queue and its worker (pg-boss on the same database).
const outreach = await startOutreach(services, database, config);
const demo = config.DEMO_SEED ? await seedDemo(database.db, config.SEED_REDEEM_CODES) : undefined;
const leadCount = config.DEMO_SEED ? await seedLeads(database.db) : 0;
const app = createApp({
  distDir: config.DIST_DIR,
  siteUrl: services.siteUrl,
  services,
  trustProxy: config.TRUST_PROXY,
});

// Requests in flight, so a shutdown closes the database only after the last one answered.
let inFlight = 0;
const fetch = async (request: Request, env: unknown) => {
  inFlight++;
  try {
    return await app.fetch(request, env);
  } finally {
    inFlight--;
  }
};

const server = serve({ fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const lines = [
    `HoneyLeads is running on http://${host}:${info.port}`,
    `Database: ${database.where}`,
    `Outgoing mail: ${services.mailer.describe}`,
    `Outreach queue: ${outreach.describe}`,
    ...featureReport(config),
  ];
  if (demo) {
    lines.push(`Demo leads: ${leadCount} fictional companies (generated on first start)`);
    lines.push(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
    lines.push(`Demo agent: ${DEMO_AGENT.email} / ${DEMO_AGENT.password}`);
    if (demo.codes.length) lines.push(`Redeem codes: ${demo.codes.join(', ')}`);
  }
  console.log(lines.join('\n'));
});

// SIGTERM/SIGINT: stop accepting connections, let requests in flight finish, close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    console.log(`${signal}: draining ${inFlight} request(s)…`);
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close();
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // An email in flight gets a few seconds; an unfinished one is retried by the next start.
    await outreach.stop({ timeoutMs: 5_000 });
    await database.close();
    process.exit(0);
  });
}
