import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../server/platform/db/client.ts';
import { emailSuppressions } from '../../server/platform/db/schema.ts';
import { sharedSecret } from '../../server/platform/secrets.ts';
import { unsubscribeUrl } from '../../server/outreach/unsubscribe.ts';
import { mintCodes } from '../../server/billing/redeem.ts';
import { freshDatabase, startApi, type Api } from '../api/harness.ts';

/**
 * Two server instances (separate connection pools, no shared memory, each its own DATA_DIR, no
 * signing secret set) on one PostgreSQL, started together.
 */
let a: Api;
let b: Api;
beforeAll(async () => {
  const database = await freshDatabase();
  const own = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'hl-instance-')) });
  [a, b] = await Promise.all([
    startApi({ database, env: own() }),
    openDatabase({ databaseUrl: database.url }).then((second) => startApi({ database: second, env: own() })),
  ]);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('several instances behave as one (docs/deploy.md)', () => {
  it('a token issued by one instance works on the other, and a logout on one ends it on both', async () => {
    const token = await a.signUp('shared@example.com');
    expect((await b.call('GET', '/user/user_info', { token })).body.data.email).toBe('shared@example.com');
    await b.call('POST', '/user/logout', { token });
    expect((await a.call('GET', '/user/user_info', { token })).body.code).toBe(40100);
  });

  it('a rate limit counts attempts made on either instance', async () => {
    await a.signUp('limit@example.com');
    const codes = [];
    // Failed logins from one address on one account: five are free, then it waits (docs/api.md).
    for (let i = 0; i < 6; i++) {
      const instance = i % 2 ? a : b;
      codes.push(
        (
          await instance.call('POST', '/user/login', {
            body: { email: 'limit@example.com', password: 'Wrong1234' },
            ip: '203.0.113.7',
          })
        ).body.code,
      );
    }
    expect(codes.slice(0, 5)).toEqual([40101, 40101, 40101, 40101, 40101]);
    expect(codes[5]).toBe(42900);
  });

  it('a code redeemed on one instance is refused on the other', async () => {
    const [code] = await mintCodes(a.database.db, 25, 1);
    const first = await a.signUp('first@example.com');
    const second = await b.signUp('second@example.com');
    expect((await a.call('POST', '/user/redeem_point', { token: first, body: { code } })).body.code).toBe(0);
    expect((await b.call('POST', '/user/redeem_point', { token: second, body: { code } })).body.code).toBe(
      40901,
    );
  });
});

describe('links signed on one instance are honoured on the other (issue 36)', () => {
  it('a download link made by one instance passes the other’s check', async () => {
    const now = a.services.clock.now();
    const file = { id: 'f'.repeat(32), name: 'catalogue.pdf', mime: 'application/pdf' };
    const link = new URL(
      await a.services.storage.signedUrl('a'.repeat(32), file, new Date(now.getTime() + 600_000), now),
      'http://localhost',
    );
    const [exp, sig] = [link.searchParams.get('exp')!, link.searchParams.get('sig')!];
    expect(b.services.storage.verifyLink(file.id, exp, sig, now)).toBe(true);
    expect(b.services.storage.verifyLink(file.id, exp, `${sig.slice(0, -2)}xx`, now)).toBe(false);
  });

  it('an unsubscribe link from an email one instance sent unsubscribes on the other', async () => {
    const to = 'leave-me@example.com';
    const link = new URL(unsubscribeUrl(a.services.siteUrl, a.services.outreach!.secret(), to));
    const res = await b.raw('POST', `/outreach/unsubscribe${link.search}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    const rows = await b.database.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, to));
    expect(rows).toHaveLength(1);
  });

  it('instances starting together make each secret once and agree on it', async () => {
    const database = await freshDatabase();
    const handles = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: database.url })),
    );
    try {
      // Twenty starts at once, five on each of four pools, each with a value of its own to offer.
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          sharedSecret(handles[i % 4]!.db, 'file_links', () => `offered-by-start-${i}-`.padEnd(40, 'x')),
        ),
      );
      expect(new Set(made).size).toBe(1);
      const rows = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`SELECT count(*)::int AS n FROM server_secrets WHERE name = 'file_links'`,
        ),
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.close();
    }
  });
});
