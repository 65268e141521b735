import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db/client.ts';
import { mintCodes } from '../../server/billing/redeem.ts';
import { freshDatabase, startApi, type Api } from '../api/harness.ts';

/** Two server instances (separate connection pools, no shared memory) on one PostgreSQL. */
let a: Api;
let b: Api;
beforeAll(async () => {
  const database = await freshDatabase();
  a = await startApi({ database });
  b = await startApi({ database: await openDatabase({ databaseUrl: database.url }) });
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
