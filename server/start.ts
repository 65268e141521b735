import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from './app.ts';
import {
  ConfigurationRefused,
  embeddedDatabaseRefusal,
  featureReport,
  isLocalInstall,
  type Config,
} from './platform/config.ts';
import { openDatabase, type Database } from './platform/db/client.ts';
import {
  DEMO_ACCOUNT,
  DEMO_AGENT,
  disableDemoAccounts,
  seedDemo,
  seedRedeemCodes,
  type DisabledDemo,
} from './seed.ts';
import { createServices } from './platform/container.ts';
import { mailSettled } from './platform/mail.ts';
import { countLeads, seedLeads, type SeedProgress } from './leads/seed.ts';
import { startOutreach } from './outreach/queue.ts';
import { trackedSettled } from './platform/work.ts';
import type { SigningSecrets } from './platform/secrets.ts';
import { DATABASE_QUEUE } from './platform/limits.ts';
import { listenForOperator, operatorSocket } from './platform/operator.ts';
import { operatorTasks } from './cli/tasks.ts';
import { describeError } from './platform/errors.ts';

/** A running server (`npm start`, or a test's own on a free port). */
export interface StartedServer {
  server: Server;
  port: number;
  /** The start-up banner, as printed. */
  banner: string;
  /** Requests being answered right now. */
  inFlight(): number;
  /** Stops accepting, lets requests in flight finish, stops the outreach worker, closes the database. */
  close(): Promise<void>;
}

/**
 * The first start's seed progress: one line that updates in place on a terminal, else a line at
 * each quarter (a log file keeps four lines, not seventeen).
 * @example seedProgressPrinter(process.stdout) // "Seeding the demo leads (first start only): 9,000 of 17,100"
 */
export function seedProgressPrinter(
  out?: NodeJS.WritableStream & { isTTY?: boolean },
): SeedProgress | undefined {
  if (!out) return undefined;
  let quarter = 0;
  return ({ stage, done, total }) => {
    if (stage === 'generate') {
      out.write('Generating the demo leads (first start only, about a minute on 2 cores)…\n');
      return;
    }
    const line = `Seeding the demo leads: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
    if (out.isTTY) out.write(`\r${line}${done === total ? '\n' : ''}`);
    else if (done === total || done >= ((quarter + 1) * total) / 4) {
      quarter = Math.floor((4 * done) / total);
      out.write(`${line}\n`);
    }
  };
}

/** Headers a request may carry (Node's default is 2000); browsers send about 20. */
const MAX_HEADERS = 100;

/**
 * Opens the database, seeds a local demo, and listens with the configured timeouts and connection
 * cap. `database` is used instead of opening one (and is left open on close); `log` gets the banner.
 */
export async function startServer(
  config: Config,
  options: {
    database?: Database;
    log?: (text: string) => void;
    /** Where the first start's seed progress goes (`npm start`: the terminal); none when unset. */
    progress?: NodeJS.WritableStream & { isTTY?: boolean };
  } = {},
): Promise<StartedServer> {
  const log = options.log ?? ((text: string) => console.log(text));
  // Without a build (npm run dev, benchmarks) the server still answers /api.
  const hasSite = existsSync(config.DIST_DIR);
  if (!hasSite) console.warn(`No built site at ${config.DIST_DIR}: serving /api only (npm start builds it).`);

  // A public install without DATABASE_URL would run each instance on a database of its own.
  const refusal = options.database ? null : embeddedDatabaseRefusal(config);
  if (refusal) throw new ConfigurationRefused(refusal);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      readUrl: config.DATABASE_READ_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      dataDir: config.DATA_DIR,
    }));
  const services = await createServices(config, database.db, { replica: database.replica });
  // The outreach email queue and its worker (pg-boss on the same database).
  const outreach = await startOutreach(services, database, config);
  // Codes whose values the operator chose (browser tests, staging); never printed.
  if (config.SEED_REDEEM_CODES) await seedRedeemCodes(database.db, config.SEED_REDEEM_CODES);
  if (config.DEMO_SEED) await seedDemo(database.db);
  // A public site over a database a local start seeded: the demo logins' passwords are in the README.
  const disabledDemos =
    !config.DEMO_SEED && !isLocalInstall(config)
      ? await disableDemoAccounts(database.db, services.clock.now())
      : [];
  if (config.DEMO_SEED) await seedLeads(database.db, undefined, seedProgressPrinter(options.progress));
  const companies = await countLeads(database.db);
  // The operator's commands reach the embedded database this server holds through it (operator.ts).
  const stopOperator =
    database.kind === 'pglite' && !options.database
      ? await listenForOperator(operatorSocket(config.DATA_DIR), operatorTasks(database.db)).catch(
          (error: unknown) => {
            console.warn(`No operator socket (${describeError(error)}): stop the server to import leads.`);
            return null;
          },
        )
      : null;
  const app = createApp({
    distDir: config.DIST_DIR,
    siteUrl: services.siteUrl,
    services,
    trustProxy: config.TRUST_PROXY,
  });

  // Requests in flight, so a shutdown closes the database only after the last one answered. An
  // event stream (a search) is in flight until its last event is written, not when it starts.
  let inFlight = 0;
  const fetch = async (request: Request, env: unknown) => {
    inFlight++;
    let streaming = false;
    try {
      const response = await app.fetch(request, env);
      if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream'))
        return response;
      streaming = true;
      return new Response(
        untilDone(response.body, () => inFlight--),
        response,
      );
    } finally {
      if (!streaming) inFlight--;
    }
  };

  // Slow clients (headers or a body dribbled a byte at a time) are cut off instead of held open.
  const server = createAdaptorServer({
    fetch,
    serverOptions: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
      // Node checks the two timeouts above on this interval (30 s by default, longer than the limits).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
    },
  }) as Server;
  server.maxHeadersCount = MAX_HEADERS;
  server.maxConnections = config.MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const lines = [
    `HoneyLeads is running on http://${host}:${port}`,
    `Database: ${database.where}`,
    ...(database.kind === 'pglite'
      ? [
          `Embedded database: one statement at a time, on its own thread; a request waits at most ${DATABASE_QUEUE.firstWaitMs} ms for it, then is answered busy (503)`,
        ]
      : []),
    `Outgoing mail: ${services.mailer.describe}`,
    signingLine(services.signing.source),
    `Outreach queue: ${outreach.describe}`,
    ...featureReport(config),
  ];
  if (config.DEMO_SEED || (config.TEST_CHECKOUT && !config.STRIPE_SECRET_KEY)) {
    lines.push(
      isLocalInstall(config)
        ? 'LOCAL DEMO MODE: demo accounts with public passwords and a test checkout that takes no money. ' +
            'A public site (https SITE_URL or NODE_ENV=production) gets neither.'
        : 'WARNING: demo accounts or the test checkout are switched on (DEMO_SEED, TEST_CHECKOUT) on a public site.',
    );
  }
  if (config.DEMO_SEED) {
    lines.push(
      companies.demo
        ? `Demo leads: ${companies.demo.toLocaleString('en-US')} fictional companies (generated on first start)`
        : 'Demo leads: none (the database had companies before its first start, so no demo was generated)',
    );
    lines.push(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
    lines.push(`Demo agent: ${DEMO_AGENT.email} / ${DEMO_AGENT.password}`);
  }
  if (companies.imported)
    lines.push(
      `Imported leads: ${companies.imported.toLocaleString('en-US')} companies (npm run leads:import)`,
    );
  if (disabledDemos.length) lines.push(demoDisabledLine(disabledDemos));
  lines.push(
    database.kind === 'pglite' && stopOperator
      ? `Redeem codes and imports: \`npm run codes -- --beans 50 --count 10\` and \`npm run leads:import -- <file>\` reach this server's embedded database through ${operatorSocket(config.DATA_DIR)}`
      : database.kind === 'pglite'
        ? 'Redeem codes: stop the server, then mint and print them with `npm run codes -- --beans 50 --count 10` (the embedded database is one process’s at a time)'
        : 'Redeem codes: mint and print them with `npm run codes -- --beans 50 --count 10` (safe beside the running server on PostgreSQL)',
  );
  const banner = lines.join('\n');
  log(banner);

  return {
    server,
    port,
    banner,
    inFlight: () => inFlight,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // A search stream ends within its LLM deadlines; a client that stopped reading is not waited for.
      const giveUp = Date.now() + 15_000;
      while (inFlight > 0 && Date.now() < giveUp) await new Promise((resolve) => setTimeout(resolve, 20));
      // Searches whose client left go on to their end (stored, or their search given back).
      await trackedSettled(15_000);
      // Queued account mail (codes sent after the answer) gets a few seconds before the database closes.
      await Promise.race([
        mailSettled(services),
        new Promise((resolve) => setTimeout(resolve, 3_000).unref()),
      ]);
      // An email in flight gets a few seconds; an unfinished one is retried by the next start.
      await outreach.stop({ timeoutMs: 5_000 });
      // An import the operator sent finishes first: nothing is cut off half-written.
      await stopOperator?.();
      if (!options.database) await database.close();
      // Connections still open (a slow client, an idle keep-alive) do not hold the shutdown.
      server.closeAllConnections();
      await closed;
    },
  };
}

/** What the banner says about demo logins a public start disabled (disableDemoAccounts). */
function demoDisabledLine(disabled: DisabledDemo[]): string {
  const emails = disabled.map((demo) => demo.email).join(', ');
  if (!disabled.some((demo) => demo.changed))
    return `Demo accounts stay disabled on this public site: ${emails}`;
  const sessions = disabled.reduce((sum, demo) => sum + demo.sessions, 0);
  const codes = disabled.reduce((sum, demo) => sum + demo.invitationCodes, 0);
  return (
    `Demo accounts disabled on this public site (their passwords are in the README): ${emails}; ` +
    `no password, ${sessions} session(s) revoked, agent rights and ${codes} unused invitation code(s) removed. ` +
    'DEMO_SEED=1 keeps them (staging).'
  );
}

/** The same body, calling `done` once when it ends, fails or is cancelled by the client. */
function untilDone(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  let called = false;
  const finish = () => {
    if (called) return;
    called = true;
    done();
  };
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          finish();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
}

/** Where the link-signing secrets come from (never their values). */
function signingLine(source: SigningSecrets['source']): string {
  const fromEnv = [
    source.fileLinks === 'env' ? 'FILE_URL_SECRET' : '',
    source.unsubscribe === 'env' ? 'UNSUBSCRIBE_SECRET' : '',
  ].filter(Boolean);
  const kept = 'kept in the database, the same for every instance';
  if (fromEnv.length === 2)
    return 'Link signing: FILE_URL_SECRET and UNSUBSCRIBE_SECRET (set them alike on every instance)';
  if (fromEnv.length === 1)
    return `Link signing: ${fromEnv[0]} (set it alike on every instance); the other secret ${kept}`;
  return `Link signing: secrets ${kept}`;
}
