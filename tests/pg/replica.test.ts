/**
 * Issue 36, item 6: the search statement reads from a read replica (DATABASE_READ_URL) and every
 * read of what a user wrote stays on the primary (read-your-writes). The "replica" here is a second
 * database with the same leads, connected read-only, that never receives a write: a replica whose
 * lag never ends. Its companies carry a mark in their names, so a card says where it was read.
 * The bench measures a real streaming replica (`npm run bench:api -- --pg --replica`).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../scripts/lib/local.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { insertLeads } from '../../server/leads/seed.ts';
import { openDatabase, rowsOf, type Database } from '../../server/platform/db/client.ts';
import { freshDatabase, readEvents, startApi, type Api } from '../api/harness.ts';

const LEADS = generateLeads().filter((lead) => lead.country === 'DE');
const MARK = ' (read on the replica)';

let primary: Database & { url?: string };
let replica: Database;
let replicaName: string;
let api: Api;
let token: string;

/** The same database, connected so that every transaction is read-only: a write there fails. */
function readOnly(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', '-c default_transaction_read_only=on');
  return u.href;
}

beforeAll(async () => {
  const base = process.env.DATABASE_URL!;
  primary = await freshDatabase();
  await insertLeads(primary.db, LEADS);
  // The replica's copy of the leads, marked.
  const url = await createDatabase(base, 'hl_replica');
  replicaName = new URL(url).pathname.slice(1);
  const filling = await openDatabase({ databaseUrl: url });
  await insertLeads(filling.db, LEADS);
  await filling.db.execute(sql`UPDATE leads SET name = name || ${MARK}`);
  await filling.close();
  replica = await openDatabase({ databaseUrl: primary.url!, readUrl: readOnly(url) });
  api = await startApi({ database: { ...primary, replica: replica.replica }, outreach: false });
  token = await api.signUp('replica@example.com');
});
afterAll(async () => {
  await replica?.close();
  await api?.close();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${replicaName} WITH (FORCE)`);
  await admin.end();
});

async function search(query: string) {
  const res = await api.raw('POST', '/chat/search', { token, body: { query }, lang: 'en' });
  const events = await readEvents(res);
  expect(events.at(-1)!.event).toBe('summary');
  return events.filter((e) => e.event === 'lead').map((e) => e.data);
}

describe('searches read from the replica, what the user wrote from the primary (issue 36)', () => {
  it('the search statement reads the leads on the replica, ranked as on the primary', async () => {
    const cards = await search('LED panel buyers in Germany');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => card.name.endsWith(MARK))).toBe(true);
    // The same leads in the same order as the primary's own statement finds them.
    const onPrimary = await startApi({
      database: { ...primary, replica: null, close: async () => {} },
      outreach: false,
    });
    try {
      const other = await onPrimary.signUp('primary-only@example.com');
      const res = await onPrimary.raw('POST', '/chat/search', {
        token: other,
        body: { query: 'LED panel buyers in Germany' },
      });
      const ids = (await readEvents(res)).filter((e) => e.event === 'lead').map((e) => e.data.id);
      expect(cards.map((card) => card.id)).toEqual(ids);
    } finally {
      await onPrimary.close();
    }
  });

  it('a lead a search showed unlocks and saves right after, and the next search shows it unlocked and saved', async () => {
    const [first] = await search('LED panel buyers in Germany');
    expect(first.unlocked).toBe(false);
    // Recorded as shown on the primary before the card was sent: the unlock finds it.
    const unlocked = await api.call('POST', '/leads/unlock', { token, body: { lead_id: first.id } });
    expect(unlocked.body.code).toBe(0);
    expect((await api.call('POST', '/leads/collect', { token, body: { lead_id: first.id } })).body.code).toBe(
      0,
    );
    // The replica never sees that unlock and save (it receives no writes at all); the card does.
    const again = (await search('Find LED panel buyers in Germany')).find((card) => card.id === first.id);
    expect(again).toMatchObject({ unlocked: true, collected: true });
    expect(again.contacts).not.toBeNull();
  });

  it('nothing is written on the replica', async () => {
    const counts = rowsOf<{ shown: number; unlocks: number }>(
      await replica.replica!.execute(
        sql`SELECT (SELECT count(*)::int FROM shown_leads) AS shown, (SELECT count(*)::int FROM unlocks) AS unlocks`,
      ),
    );
    expect(counts[0]).toEqual({ shown: 0, unlocks: 0 });
  });

  it('a replica that fails leaves the search to the primary', async () => {
    const down = await openDatabase({
      databaseUrl: primary.url!,
      readUrl: 'postgres://honeyleads:honeyleads@127.0.0.1:9/nowhere',
    });
    const fallback = await startApi({
      database: { ...primary, replica: down.replica, close: async () => {} },
      outreach: false,
    });
    try {
      const other = await fallback.signUp('fallback@example.com');
      const res = await fallback.raw('POST', '/chat/search', {
        token: other,
        body: { query: 'LED panel buyers in Germany' },
      });
      const cards = (await readEvents(res)).filter((e) => e.event === 'lead').map((e) => e.data);
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.some((card) => card.name.endsWith(MARK))).toBe(false);
      const unlocked = await fallback.call('POST', '/leads/unlock', {
        token: other,
        body: { lead_id: cards[0].id },
      });
      expect(unlocked.body.code).toBe(0);
    } finally {
      await fallback.close();
      await down.close();
    }
  });
});
