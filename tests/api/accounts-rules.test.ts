import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hash } from '@node-rs/argon2';
import { emailCodes, emails, users } from '../../server/platform/db/schema.ts';
import { sha256 } from '../../server/platform/crypto.ts';
import { startApi, type Api } from './harness.ts';

/**
 * The account rules of docs/api.md ("Accounts", the rate-limit table, "Login failures") that the
 * other account files leave to chance: each email says what its purpose says, the per-IP and
 * per-account limits of the table, an account under attack, a reset that verifies the address, and
 * two sign-ups or two uses of one code racing each other.
 */

let api: Api;
beforeAll(async () => {
  api = await startApi({ outreach: false });
});
afterAll(() => api.close());

const MINUTE = 60_000;
let ips = 0;
/** A client address of its own, so one test's calls never count against another's per-IP limits. */
const nextIp = () => `198.18.${Math.floor(++ips / 250)}.${ips % 250}`;
const register = (email: string, ip = nextIp(), lang?: 'zh' | 'en', password = 'Secret123') =>
  api.call('POST', '/user/register', { body: { email, password }, ip, ...(lang ? { lang } : {}) });
const login = async (email: string, password: string, ip: string) =>
  (await api.call('POST', '/user/login', { body: { email, password }, ip })).body.code as number;
/** The emails sent to `to`, oldest first. */
const mailsTo = async (to: string) => {
  await api.settled();
  return api.database.db
    .select({ subject: emails.subject, text: emails.text })
    .from(emails)
    .where(eq(emails.to, to))
    .orderBy(emails.id);
};

describe('each account email says what it is for', () => {
  it("a sign-up's code lives 30 minutes, as its email says: still good after 29", async () => {
    const { body } = await register('thirty@example.com');
    const mail = await api.lastEmail('thirty@example.com');
    expect(mail?.text).toContain('30 分钟内有效');
    api.clock.advance(29 * MINUTE);
    const verified = await api.call('POST', '/user/register_verification', {
      body: {
        email: 'thirty@example.com',
        code: await api.lastCode('thirty@example.com'),
        signup_token: body.data.signup_token,
      },
      ip: nextIp(),
    });
    expect(verified.body.code).toBe(0);
  });

  it("a first sign-up's email carries no warning about other sign-ups", async () => {
    await register('first-only@example.com', nextIp(), 'en');
    const mail = await api.lastEmail('first-only@example.com');
    expect(mail?.subject).toMatch(/^Your HoneyLeads verification code: \d{6}$/);
    expect(mail?.text).toMatch(/^Your code is \d{6}\. It expires in 30 minutes and works once\./);
  });

  it('a reset email is titled as a reset and links to the reset page, not the sign-up page', async () => {
    const token = await api.signUp('reset-mail@example.com');
    await api.call('POST', '/user/modify_language', { token, body: { language: 'en' } });
    await api.call('POST', '/user/reset_token', { body: { email: 'reset-mail@example.com' }, ip: nextIp() });
    const mail = await api.lastEmail('reset-mail@example.com');
    const code = await api.lastCode('reset-mail@example.com');
    expect(mail?.subject).toBe(`Your HoneyLeads password reset code: ${code}`);
    expect(mail?.text).toContain('It expires in 15 minutes');
    expect(mail?.text).toContain(
      `http://localhost:4321/en/pages/reset-password/reset-password?email=reset-mail%40example.com&code=${code}`,
    );
  });

  it("a reset email is written in the account's language, whatever the page asking for it", async () => {
    const token = await api.signUp('reset-en@example.com');
    await api.call('POST', '/user/modify_language', { token, body: { language: 'en' } });
    await api.call('POST', '/user/reset_token', {
      body: { email: 'reset-en@example.com' },
      ip: nextIp(),
      lang: 'zh',
    });
    expect((await api.lastEmail('reset-en@example.com'))?.subject).toMatch(
      /^Your HoneyLeads password reset code: \d{6}$/,
    );
  });

  it("a resent code is written in the sign-up's language, whatever the page asking for it", async () => {
    await register('resend-en@example.com', nextIp(), 'en');
    await register('resend-zh@example.com', nextIp(), 'zh');
    await api.call('POST', '/user/reverify_email', {
      body: { email: 'resend-en@example.com' },
      ip: nextIp(),
      lang: 'zh',
    });
    await api.call('POST', '/user/reverify_email', {
      body: { email: 'resend-zh@example.com' },
      ip: nextIp(),
      lang: 'en',
    });
    const en = await mailsTo('resend-en@example.com');
    const zh = await mailsTo('resend-zh@example.com');
    expect(en).toHaveLength(2);
    expect(zh).toHaveLength(2);
    expect(en[1]!.subject).toMatch(/^Your HoneyLeads verification code: \d{6}$/);
    expect(zh[1]!.subject).toMatch(/^蜜探验证码：\d{6}$/);
  });

  it('a verified address asking for a new sign-up code gets no email', async () => {
    await api.signUp('done@example.com');
    const before = (await mailsTo('done@example.com')).length;
    const answer = await api.call('POST', '/user/reverify_email', {
      body: { email: 'done@example.com' },
      ip: nextIp(),
    });
    expect(answer.body.code).toBe(0);
    expect(await mailsTo('done@example.com')).toHaveLength(before);
  });

  it('a registered address signed up again gets the "already registered" notice, in its language', async () => {
    await api.signUp('notice@example.com', 'Secret123', { language: 'en' });
    await register('notice@example.com', nextIp(), 'en', 'Other1234');
    const mail = await api.lastEmail('notice@example.com');
    expect(mail?.subject).toBe('You already have a HoneyLeads account');
    expect(mail?.text).toContain('http://localhost:4321/en/pages/forgot-password/forgot-password');
  });
});

describe('codes for addresses that have no account', () => {
  it('a code typed for an address that never signed up is a wrong code, not an error', async () => {
    const answer = await api.call('POST', '/user/register_verification', {
      body: { email: 'never@example.com', code: '123456', signup_token: 'a'.repeat(43) },
      ip: nextIp(),
    });
    expect(answer.body.code).toBe(40103);
    const reset = await api.call('POST', '/user/reset_password', {
      body: { email: 'never@example.com', code: '123456', password: 'NewPass456' },
      ip: nextIp(),
    });
    expect(reset.body.code).toBe(40103);
  });

  it('a reset asked for an unknown address sends nothing and logs no failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await api.call('POST', '/user/reset_token', { body: { email: 'nobody@example.com' }, ip: nextIp() });
      expect(await mailsTo('nobody@example.com')).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('a reset whose code cannot be written is still answered 0, and the failure is logged', async () => {
    const broken = await startApi({ outreach: false });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await broken.signUp('unwritten@example.com');
      await broken.database.db.execute(sql`
        CREATE FUNCTION refuse_codes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = '53100'; END $$`);
      await broken.database.db.execute(
        sql`CREATE TRIGGER refuse_codes BEFORE INSERT ON email_codes FOR EACH ROW EXECUTE FUNCTION refuse_codes()`,
      );
      const answer = await broken.call('POST', '/user/reset_token', {
        body: { email: 'unwritten@example.com' },
      });
      expect(answer.body.code).toBe(0);
      await broken.settled();
      const printed = errors.mock.calls.map((call) => call.join(' ')).join('\n');
      expect(printed).toContain('[accounts] reset failed');
      expect(printed).toContain('53100');
      expect(printed).not.toContain('unwritten@example.com');
    } finally {
      errors.mockRestore();
      await broken.close();
    }
  });
});

describe('a reset verifies the address', () => {
  it('a sign-up never verified, reset with the emailed code, logs in with the new password', async () => {
    await register('pending-reset@example.com');
    await api.call('POST', '/user/reset_token', {
      body: { email: 'pending-reset@example.com' },
      ip: nextIp(),
    });
    const reset = await api.call('POST', '/user/reset_password', {
      body: {
        email: 'pending-reset@example.com',
        code: await api.lastCode('pending-reset@example.com'),
        password: 'NewPass456',
      },
      ip: nextIp(),
    });
    expect(reset.body.code).toBe(0);
    expect(await login('pending-reset@example.com', 'NewPass456', nextIp())).toBe(0);
  });
});

describe('the rate limits of docs/api.md', () => {
  it('login: 30 tries in 10 minutes from one IP, then 42900; another IP still logs in', async () => {
    await api.signUp('busy-login@example.com');
    const ip = nextIp();
    const codes = [];
    for (let i = 0; i < 31; i++) codes.push(await login('busy-login@example.com', 'Secret123', ip));
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(0));
    expect(codes[30]).toBe(42900);
    expect(await login('busy-login@example.com', 'Secret123', nextIp())).toBe(0);
  });

  it('register_verification: 10 code tries for one address in 10 minutes, then 42900', async () => {
    await register('guessed@example.com');
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await api.call('POST', '/user/register_verification', {
            body: { email: 'guessed@example.com', code: String(100000 + i), password: 'Secret123' },
            ip: nextIp(),
          })
        ).body.code,
      );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(40103));
    expect(codes[10]).toBe(42900);
  });

  it('reset_password: 10 code tries for one address in 10 minutes, then 42900', async () => {
    await api.signUp('reset-guessed@example.com');
    await api.call('POST', '/user/reset_token', {
      body: { email: 'reset-guessed@example.com' },
      ip: nextIp(),
    });
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await api.call('POST', '/user/reset_password', {
            body: { email: 'reset-guessed@example.com', code: String(100000 + i), password: 'NewPass456' },
            ip: nextIp(),
          })
        ).body.code,
      );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(40103));
    expect(codes[10]).toBe(42900);
  });

  it('change_password: 10 changes an hour for one user, then 42900 and the password stays', async () => {
    const token = await api.signUp('changer@example.com', 'Pass0000x');
    const codes = [];
    for (let i = 0; i < 11; i++) {
      const answer = await api.call('POST', '/user/change_password', {
        token,
        body: {
          old_password: `Pass${String(i).padStart(4, '0')}x`,
          password: `Pass${String(i + 1).padStart(4, '0')}x`,
        },
      });
      codes.push(answer.body.code);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(codes[10]).toBe(42900);
    expect(await login('changer@example.com', 'Pass0010x', nextIp())).toBe(0);
  });

  it('after 20 failures on an account in an hour, a new IP gets one free failure, not five', async () => {
    await api.signUp('attacked@example.com');
    for (let source = 0; source < 4; source++) {
      const ip = nextIp();
      for (let i = 0; i < 5; i++)
        expect(await login('attacked@example.com', `Wrong#${source}${i}x`, ip)).toBe(40101);
    }
    const fresh = nextIp();
    expect(await login('attacked@example.com', 'Wrong#fresh1', fresh)).toBe(40101);
    expect(await login('attacked@example.com', 'Wrong#fresh2', fresh)).toBe(42900);
  });

  it('the 20th failure is the one that counts: an IP with one failure before it gets no second', async () => {
    await api.signUp('twentieth@example.com');
    const early = nextIp();
    expect(await login('twentieth@example.com', 'Wrong#early1', early)).toBe(40101);
    // 19 more from other addresses: 20 on the account in all.
    for (let n = 0; n < 19; n++) {
      const ip = n < 15 ? `203.0.113.${100 + Math.floor(n / 5)}` : '203.0.113.110';
      expect(await login('twentieth@example.com', `Wrong#${n}x`, ip)).toBe(40101);
    }
    expect(await login('twentieth@example.com', 'Wrong#early2', early)).toBe(42900);
  });
});

describe('user info (spec §3)', () => {
  it('a Chinese account reads zh, an agent reads is_agent 1, a member 0', async () => {
    const member = await api.signUp('info-zh@example.com', 'Secret123', { language: 'zh' });
    const agent = await api.signUp('info-agent@example.com', 'Secret123', { language: 'en' });
    await api.database.db.update(users).set({ isAgent: 1 }).where(eq(users.email, 'info-agent@example.com'));
    expect((await api.call('GET', '/user/user_info', { token: member })).body.data).toMatchObject({
      language: 'zh',
      is_agent: 0,
    });
    expect((await api.call('GET', '/user/user_info', { token: agent })).body.data).toMatchObject({
      language: 'en',
      is_agent: 1,
    });
  });

  it("user_name is the address's part before the @, cut to 40 characters", async () => {
    const local = 'a-very-long-mailbox-name-that-goes-on-and-on-for-ever';
    const token = await api.signUp(`${local}@example.com`);
    expect((await api.call('GET', '/user/user_info', { token })).body.data.user_name).toBe(
      local.slice(0, 40),
    );
  });

  it('with SIGNUP_BONUS_BEANS=0 a verified sign-up has no ledger row and no beans', async () => {
    const plain = await startApi({ outreach: false, env: { SIGNUP_BONUS_BEANS: '0' } });
    try {
      const token = await plain.signUp('no-bonus@example.com');
      expect((await plain.call('GET', '/user/user_info', { token })).body.data).toMatchObject({
        point: 0,
        bp_used: 0,
      });
      expect(
        (await plain.call('GET', '/user/bean_history?page=1&page_size=10', { token })).body.data,
      ).toMatchObject({
        total: 0,
      });
    } finally {
      await plain.close();
    }
  });
});

describe('codes issued before the sign-up token existed (docs/api.md)', () => {
  it('verify like a code opened elsewhere: 40104 without a password, then the password given', async () => {
    const { body } = await register('legacy@example.com');
    // A verification code as the server wrote it before sign-up tokens: a password, no token.
    const now = api.clock.now();
    await api.database.db.insert(emailCodes).values({
      email: 'legacy@example.com',
      purpose: 'verify',
      codeHash: sha256('verify:legacy@example.com:246810'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 30 * MINUTE),
      passwordHash: await hash('Legacy1234'),
      signupTokenHash: null,
    });
    const ip = nextIp();
    const asked = await api.call('POST', '/user/register_verification', {
      body: { email: 'legacy@example.com', code: '246810', signup_token: body.data.signup_token },
      ip,
    });
    expect(asked.body.code).toBe(40104);
    const set = await api.call('POST', '/user/register_verification', {
      body: { email: 'legacy@example.com', code: '246810', password: 'Chosen5678' },
      ip,
    });
    expect(set.body.code).toBe(0);
    expect(await login('legacy@example.com', 'Chosen5678', nextIp())).toBe(0);
  });
});

describe('races (one interleaving made certain)', () => {
  /**
   * Another sign-up for the same address creates the user row between this sign-up's look-up and
   * its insert: the look-up is made to miss the row the other sign-up wrote.
   */
  const lookupMisses = () => {
    const db = api.services.db;
    const select = db.select.bind(db);
    let missed = false;
    return vi.spyOn(db, 'select').mockImplementation(((...args: Parameters<typeof db.select>) => {
      const query = select(...args);
      const from = query.from.bind(query);
      return Object.assign(query, {
        from: (table: unknown) => {
          if (table !== users || missed) return from(table as typeof users);
          missed = true;
          return { where: () => ({ limit: async () => [] }) };
        },
      });
    }) as never);
  };

  it('a sign-up that loses the insert to a pending one is a second sign-up: its email warns, its code works', async () => {
    await register('lost-race@example.com', nextIp(), 'en');
    const spy = lookupMisses();
    let answer;
    try {
      answer = await register('lost-race@example.com', nextIp(), 'en', 'Second789');
    } finally {
      spy.mockRestore();
    }
    expect(answer.body.code).toBe(0);
    const mail = await api.lastEmail('lost-race@example.com');
    expect(mail?.text).toMatch(/^This address was signed up more than once\./);
    const verified = await api.call('POST', '/user/register_verification', {
      body: {
        email: 'lost-race@example.com',
        code: await api.lastCode('lost-race@example.com'),
        signup_token: answer.body.data.signup_token,
      },
      ip: nextIp(),
    });
    expect(verified.body.code).toBe(0);
    expect(await login('lost-race@example.com', 'Second789', nextIp())).toBe(0);
  });

  it('a sign-up that loses the insert to a verified account only sends the "already registered" notice', async () => {
    await api.signUp('won-race@example.com', 'Secret123', { language: 'en' });
    const before = (await mailsTo('won-race@example.com')).length;
    const spy = lookupMisses();
    let answer;
    try {
      answer = await register('won-race@example.com', nextIp(), 'en', 'Second789');
    } finally {
      spy.mockRestore();
    }
    expect(answer.body.code).toBe(0);
    const mails = await mailsTo('won-race@example.com');
    expect(mails.slice(before).map((m) => m.subject)).toEqual(['You already have a HoneyLeads account']);
    expect(await login('won-race@example.com', 'Secret123', nextIp())).toBe(0);
  });

  it('one reset code sent twice at once sets one password: the other answer is 40103', async () => {
    await api.signUp('twice@example.com');
    await api.call('POST', '/user/reset_token', { body: { email: 'twice@example.com' }, ip: nextIp() });
    const code = await api.lastCode('twice@example.com');
    const answers = await Promise.all(
      ['First1234', 'Second5678'].map((password) =>
        api.call('POST', '/user/reset_password', {
          body: { email: 'twice@example.com', code, password },
          ip: nextIp(),
        }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 40103]);
  });

  it('two sign-ups of one address verified at once: one is logged in, the other told its code is used', async () => {
    const first = await register('both@example.com');
    const firstCode = await api.lastCode('both@example.com');
    const second = await register('both@example.com', nextIp(), undefined, 'Second789');
    const secondCode = await api.lastCode('both@example.com');
    const answers = await Promise.all(
      [
        [firstCode, first.body.data.signup_token],
        [secondCode, second.body.data.signup_token],
      ].map(([code, token]) =>
        api.call('POST', '/user/register_verification', {
          body: { email: 'both@example.com', code, signup_token: token },
          ip: nextIp(),
        }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 40103]);
  });
});
