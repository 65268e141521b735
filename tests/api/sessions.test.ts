import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/platform/db/schema.ts';
import { sha256 } from '../../server/platform/crypto.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { startApi, type Api } from './harness.ts';

/**
 * Sessions (docs/api.md "Sessions"): 30 days from login at most, 7 days unused at most, and a token
 * replaced once it is a day old, the old one working for two minutes after.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let api: Api;
beforeAll(async () => {
  api = await startApi({
    outreach: false,
    leads: generateLeads({ perMajor: 1, perOther: 0 }).filter((lead) => lead.country === 'DE'),
  });
});
afterAll(() => api.close());

/** user_info with exactly this token, as a client that did not pick up a new one sends it. */
async function infoWith(token: string) {
  const res = await api.raw('GET', '/user/user_info', { token, exactToken: true, lang: 'en' });
  return { code: (await res.json()).code as number, newToken: res.headers.get('new-token') };
}
const lastUsed = async (token: string) =>
  (
    await api.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)))
  )[0]!.lastUsedAt;

describe('idle timeout and absolute lifetime', () => {
  it('a session unused for 7 days ends: 40100, and the client is told to log in again', async () => {
    const token = await api.signUp('idle@example.com');
    api.clock.advance(7 * DAY - HOUR);
    expect((await api.call('GET', '/user/user_info', { token })).body.code).toBe(0);
    api.clock.advance(7 * DAY);
    const res = await api.call('GET', '/user/user_info', { token, lang: 'en' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 40100,
      msg: 'Your session has expired. Please log in again.',
      data: null,
    });
    expect((await api.call('GET', '/user/user_info', { token })).body.code).toBe(40100);
  });

  it('a session used every 6 days lives until 30 days after login, then ends', async () => {
    const token = await api.signUp('weekly@example.com');
    for (let day = 6; day <= 24; day += 6) {
      api.clock.advance(6 * DAY);
      expect((await api.call('GET', '/user/user_info', { token })).body.code, `day ${day}`).toBe(0);
    }
    api.clock.advance(6 * DAY - 2 * HOUR);
    expect((await api.call('GET', '/user/user_info', { token })).body.code, 'day 29.9').toBe(0);
    api.clock.advance(3 * HOUR);
    expect((await api.call('GET', '/user/user_info', { token })).body.code, 'day 30').toBe(40100);
    // Logging in again starts a new session.
    const again = await api.call('POST', '/user/login', {
      body: { email: 'weekly@example.com', password: 'Secret123' },
    });
    expect((await api.call('GET', '/user/user_info', { token: again.body.data })).body.code).toBe(0);
  });

  it('records the last use at most every 5 minutes, not on every request', async () => {
    const token = await api.signUp('touch@example.com');
    const first = await lastUsed(token);
    api.clock.advance(MINUTE);
    await infoWith(token);
    await infoWith(token);
    expect(await lastUsed(token)).toEqual(first);
    api.clock.advance(5 * MINUTE);
    await infoWith(token);
    expect(await lastUsed(token)).toEqual(api.clock.now());
  });
});

describe('token rotation', () => {
  it('a token younger than a day is kept: no new token', async () => {
    const token = await api.signUp('young@example.com');
    api.clock.advance(23 * HOUR);
    expect(await infoWith(token)).toEqual({ code: 0, newToken: null });
  });

  it('a day-old token is replaced: the answer carries the new one, which works; the old one works 2 minutes more', async () => {
    const old = await api.signUp('rotate@example.com');
    api.clock.advance(DAY + MINUTE);
    const rotated = await infoWith(old);
    expect(rotated.code).toBe(0);
    expect(rotated.newToken).toMatch(/^[\w-]{43}$/);
    const fresh = rotated.newToken!;
    expect(await infoWith(fresh)).toEqual({ code: 0, newToken: null });
    // A request already on its way with the old token, another tab: still answered, nothing new.
    api.clock.advance(110_000);
    expect(await infoWith(old)).toEqual({ code: 0, newToken: null });
    api.clock.advance(11_000);
    expect((await infoWith(old)).code).toBe(40100);
    expect(await infoWith(fresh)).toEqual({ code: 0, newToken: null });
    // The next day the new token is replaced in turn; logging out ends the session for both.
    api.clock.advance(DAY);
    const next = (await infoWith(fresh)).newToken!;
    expect(next).toMatch(/^[\w-]{43}$/);
    expect((await api.raw('POST', '/user/logout', { token: next, exactToken: true, body: {} })).status).toBe(
      200,
    );
    expect((await infoWith(next)).code).toBe(40100);
    expect((await infoWith(fresh)).code).toBe(40100);
  });

  it('a refused request still hands out the new token', async () => {
    const old = await api.signUp('refused-rotate@example.com');
    api.clock.advance(DAY + MINUTE);
    const res = await api.raw('POST', '/user/redeem_point', {
      token: old,
      exactToken: true,
      body: { code: '' },
      lang: 'en',
    });
    expect((await res.json()).code).toBe(40001);
    const fresh = res.headers.get('new-token');
    expect(fresh).toMatch(/^[\w-]{43}$/);
    expect((await infoWith(fresh!)).code).toBe(0);
  });

  it('the search stream hands out the new token too', async () => {
    const old = await api.signUp('stream-rotate@example.com');
    api.clock.advance(DAY + MINUTE);
    const res = await api.raw('POST', '/chat/search', {
      token: old,
      exactToken: true,
      body: { query: 'LED panel buyers in Germany' },
      lang: 'en',
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const fresh = res.headers.get('new-token');
    await res.text();
    expect(fresh).toMatch(/^[\w-]{43}$/);
    expect((await infoWith(fresh!)).code).toBe(0);
  });

  it('concurrent requests with a day-old token: all answered, one new token', async () => {
    const old = await api.signUp('concurrent-rotate@example.com');
    api.clock.advance(DAY + MINUTE);
    const answers = await Promise.all(Array.from({ length: 6 }, () => infoWith(old)));
    expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const handedOut = answers.flatMap((answer) => answer.newToken ?? []);
    expect(handedOut).toHaveLength(1);
    expect((await infoWith(handedOut[0]!)).code).toBe(0);
  });

  it("one user's rotation, idle end and logout leave another user's session as it was", async () => {
    const alice = await api.signUp('alice-rotate@example.com');
    const bob = await api.signUp('bob-rotate@example.com');
    api.clock.advance(DAY + MINUTE);
    const bobBefore = await api.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(bob)));
    const aliceNew = (await infoWith(alice)).newToken!;
    expect(aliceNew).toMatch(/^[\w-]{43}$/);
    await api.raw('POST', '/user/logout', { token: aliceNew, exactToken: true, body: {} });
    expect((await infoWith(aliceNew)).code).toBe(40100);
    expect(
      await api.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(bob))),
    ).toEqual(bobBefore);
    const bobAnswer = await infoWith(bob);
    expect(bobAnswer.code).toBe(0);
    expect(bobAnswer.newToken).toMatch(/^[\w-]{43}$/);
  });
});

describe('the boundaries, to the second (docs/api.md "Sessions")', () => {
  it('a token exactly a day old is replaced on that request', async () => {
    const token = await api.signUp('day-exact@example.com');
    api.clock.advance(DAY);
    expect((await infoWith(token)).newToken).toMatch(/^[\w-]{43}$/);
  });

  it('a replaced token works until its 2 minutes are up, and not at the second they end', async () => {
    const old = await api.signUp('grace-exact@example.com');
    api.clock.advance(DAY);
    expect((await infoWith(old)).newToken).toMatch(/^[\w-]{43}$/);
    api.clock.advance(119_999);
    expect((await infoWith(old)).code).toBe(0);
    api.clock.advance(1);
    expect((await infoWith(old)).code).toBe(40100);
  });

  it('a use exactly 5 minutes after the last is recorded: the 7 idle days count from it', async () => {
    const token = await api.signUp('touch-exact@example.com');
    api.clock.advance(5 * MINUTE);
    await infoWith(token);
    expect(await lastUsed(token)).toEqual(api.clock.now());
    // 7 days after the recorded use less a minute: 7 days and 4 minutes after login, still signed in.
    api.clock.advance(7 * DAY - MINUTE);
    expect((await infoWith(token)).code).toBe(0);
  });
});
