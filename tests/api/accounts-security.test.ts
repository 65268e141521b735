import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailCodes, emails, invitationCodes, users } from '../../server/platform/db/schema.ts';
import { sha256 } from '../../server/platform/crypto.ts';
import type { Mailer, OutgoingMail } from '../../server/platform/mail.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import type { Db } from '../../server/platform/db/client.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi({ outreach: false });
});
afterAll(() => api.close());

const login = async (email: string, password: string, ip = '203.0.113.50') =>
  (await api.call('POST', '/user/login', { body: { email, password }, ip })).body;
const userRows = async (email: string) =>
  (await api.database.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n;
/** A register answer with its (random) sign-up token reduced to the token's length. */
const withoutToken = (body: Answer) => ({
  ...body,
  data: body.data && { signup_token: String(body.data.signup_token).length },
});
const mailCount = async (email: string) => {
  await api.settled();
  return (await api.database.db.select({ n: count() }).from(emails).where(eq(emails.to, email)))[0]!.n;
};

describe('re-registering a pending address (account takeover)', () => {
  it("a second sign-up for an unverified address never sets the owner's password", async () => {
    const victim = await api.call('POST', '/user/register', {
      body: { email: 'pending@example.com', password: 'Victim#2024' },
      ip: '198.51.100.1',
    });
    const ownCode = await api.lastCode('pending@example.com');
    const attacker = await api.call('POST', '/user/register', {
      body: { email: 'pending@example.com', password: 'Attack#2024' },
      ip: '198.51.100.2',
    });
    expect(withoutToken(attacker.body)).toEqual(withoutToken(victim.body));
    const verified = await api.call('POST', '/user/register_verification', {
      body: { email: 'pending@example.com', code: ownCode, signup_token: victim.body.data?.signup_token },
    });
    expect(verified.body.code).toBe(0);
    expect((await login('pending@example.com', 'Attack#2024')).code).toBe(40101);
    expect((await login('pending@example.com', 'Victim#2024')).code).toBe(0);
  });

  it("an attacker's earlier sign-up is not activated by the owner's verification", async () => {
    await api.call('POST', '/user/register', {
      body: { email: 'prehijack@example.com', password: 'Attack#2024' },
      ip: '198.51.100.3',
    });
    const owner = await api.call('POST', '/user/register', {
      body: { email: 'prehijack@example.com', password: 'Owner#2024x' },
      ip: '198.51.100.4',
    });
    const verified = await api.call('POST', '/user/register_verification', {
      body: {
        email: 'prehijack@example.com',
        code: await api.lastCode('prehijack@example.com'),
        signup_token: owner.body.data?.signup_token,
      },
    });
    expect(verified.body.code).toBe(0);
    expect((await login('prehijack@example.com', 'Attack#2024')).code).toBe(40101);
    expect((await login('prehijack@example.com', 'Owner#2024x')).code).toBe(0);
  });

  it('a re-register cannot move or consume the invitation code of another sign-up', async () => {
    await api.signUp('inviter@example.com');
    await api.database.db.update(users).set({ isAgent: 1 }).where(eq(users.email, 'inviter@example.com'));
    const agent = await login('inviter@example.com', 'Secret123');
    const codes = (
      await api.call('POST', '/user/generate_invitation_code', {
        token: agent.data,
        body: { prefix: 'INVT', quantity: 2 },
      })
    ).body.data as { code: string }[];
    const victim = await api.call('POST', '/user/register', {
      body: { email: 'invited@example.com', password: 'Victim#2024', invitation_code: codes[0]!.code },
      ip: '198.51.100.5',
    });
    const ownCode = await api.lastCode('invited@example.com');
    await api.call('POST', '/user/register', {
      body: { email: 'invited@example.com', password: 'Attack#2024', invitation_code: codes[1]!.code },
      ip: '198.51.100.6',
    });
    // Nothing is consumed before a verification.
    const unused = await api.database.db.select().from(invitationCodes);
    expect(unused.every((row) => row.usedBy === null)).toBe(true);
    await api.call('POST', '/user/register_verification', {
      body: { email: 'invited@example.com', code: ownCode, signup_token: victim.body.data?.signup_token },
    });
    const [user] = await api.database.db.select().from(users).where(eq(users.email, 'invited@example.com'));
    expect(user!.invitationCode).toBe(codes[0]!.code);
    const rows = await api.database.db.select().from(invitationCodes);
    expect(rows.find((row) => row.code === codes[0]!.code)!.usedBy).toBe(user!.id);
    expect(rows.find((row) => row.code === codes[1]!.code)!.usedBy).toBeNull();
  });
});

describe('no user enumeration (answers and timing)', () => {
  let release: (() => void)[] = [];
  const real = () => api.services.mailer;
  let original: Mailer;
  beforeAll(() => {
    original = real();
  });
  afterEach(() => {
    for (const done of release) done();
    release = [];
    api.services.mailer = original;
  });

  /** A mailer whose sends wait until the test lets them go. */
  function stalledMailer(sent: OutgoingMail[]): { mailer: Mailer; started: Promise<void> } {
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    return {
      started: startedPromise,
      mailer: {
        transport: 'smtp',
        describe: 'stalled',
        send: (mail) =>
          new Promise<void>((resolve) => {
            sent.push(mail);
            started();
            release.push(resolve);
          }),
      },
    };
  }

  it.each(['/user/reset_token', '/user/reverify_email'])(
    '%s answers a real account while its email is still being sent, exactly as an unknown one',
    async (path) => {
      await api.call('POST', '/user/register', {
        body: { email: `slow${path.length}@example.com`, password: 'Secret123' },
        ip: '198.51.100.20',
      });
      api.clock.advance(61_000);
      const sent: OutgoingMail[] = [];
      const { mailer, started } = stalledMailer(sent);
      api.services.mailer = mailer;
      const known = await api.call('POST', path, {
        body: { email: `slow${path.length}@example.com` },
        lang: 'en',
      });
      await started;
      expect(sent[0]!.to).toBe(`slow${path.length}@example.com`);
      const unknown = await api.call('POST', path, {
        body: { email: 'nobody-here@example.com' },
        lang: 'en',
      });
      expect(known).toEqual(unknown);
      expect(known.body).toEqual({ code: 0, msg: 'OK', data: null });
    },
  );

  /**
   * The database with every statement on `table` held until `release()` (the others run): a write
   * the answer waited for would hold the answer too.
   */
  function holding(db: Db, table: unknown): { db: Db; release: () => void; held: () => number } {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    const wrap = <T extends object>(builder: T, hold: boolean): T =>
      new Proxy(builder, {
        get(target, prop) {
          const value = Reflect.get(target, prop) as unknown;
          if (typeof value !== 'function') return value;
          if (prop === 'then' && hold) {
            held++;
            return (ok: never, fail: never) => gate.then(() => value.call(target, ok, fail));
          }
          return (...args: unknown[]) => {
            const out = value.apply(target, args) as unknown;
            const onTable = hold || (prop === 'from' && args[0] === table);
            return out && typeof out === 'object' ? wrap(out, onTable) : out;
          };
        },
      });
    const proxy = new Proxy(db, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== 'function' || !['insert', 'update', 'delete', 'select'].includes(String(prop)))
          return value;
        return (...args: unknown[]) => wrap(value.apply(target, args), args[0] === table);
      },
    });
    return { db: proxy, release, held: () => held };
  }

  it.each(['/user/reset_token', '/user/reverify_email'])(
    "%s answers while the account's code is still held in the database, exactly as for an unknown address",
    async (path) => {
      const email = `held${path.length}@example.com`;
      if (path === '/user/reset_token') await api.signUp(email);
      else await api.call('POST', '/user/register', { body: { email, password: 'Secret123' } });
      await api.settled();
      api.clock.advance(61_000);
      const real = api.services.db;
      const hold = holding(real, emailCodes);
      api.services.db = hold.db;
      try {
        const answered = (email: string) =>
          Promise.race([
            api.call('POST', path, { body: { email }, lang: 'en', ip: '198.51.100.30' }),
            new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 3_000)),
          ]);
        const known = await answered(email);
        const unknown = await answered('nobody-held@example.com');
        expect(known).not.toBe('held');
        expect(known).toEqual(unknown);
        expect(known).toEqual({ status: 200, body: { code: 0, msg: 'OK', data: null } });
        // The code's write was waiting behind the gate while the answer went out.
        await vi.waitFor(() => expect(hold.held()).toBeGreaterThan(0));
      } finally {
        hold.release();
        await api.settled();
        api.services.db = real;
      }
      // Released, the work goes on: the account gets its code.
      expect((await api.lastEmail(email))?.subject).toMatch(/\d{6}/);
    },
  );

  it('register with a bad invitation code answers a verified account like a new address', async () => {
    await api.signUp('verified-enum@example.com');
    const verified = await api.call('POST', '/user/register', {
      body: { email: 'verified-enum@example.com', password: 'Secret123', invitation_code: 'NOPE000000' },
      lang: 'en',
    });
    const fresh = await api.call('POST', '/user/register', {
      body: { email: 'fresh-enum@example.com', password: 'Secret123', invitation_code: 'NOPE000000' },
      lang: 'en',
    });
    expect(verified).toEqual(fresh);
    expect(fresh.body).toEqual({
      code: 40001,
      msg: 'The invitation code is invalid or already used.',
      data: { field: 'invitation_code' },
    });
  });
});

describe('common passwords', () => {
  it.each(['password1', 'qwerty123', 'abc12345', '1q2w3e4r', 'PassWord1'])(
    'register refuses the common password %s in both languages and stores nothing',
    async (password) => {
      const email = `common-${password.toLowerCase()}@example.com`;
      const en = await api.call('POST', '/user/register', { body: { email, password }, lang: 'en' });
      expect(en.status).toBe(400);
      expect(en.body).toEqual({
        code: 40001,
        msg: 'This password is too common. Choose one that is harder to guess.',
        data: { field: 'password' },
      });
      const zh = await api.call('POST', '/user/register', { body: { email, password } });
      expect(zh.body).toEqual({
        code: 40001,
        msg: '该密码过于常见，请换一个更难猜的密码',
        data: { field: 'password' },
      });
      expect(await userRows(email)).toBe(0);
      expect(await mailCount(email)).toBe(0);
    },
  );

  it('reset_password refuses a common password and keeps the old one and the code', async () => {
    await api.signUp('common-reset@example.com');
    await api.call('POST', '/user/reset_token', { body: { email: 'common-reset@example.com' } });
    const code = await api.lastCode('common-reset@example.com');
    const res = await api.call('POST', '/user/reset_password', {
      body: { email: 'common-reset@example.com', code, password: 'Qwerty123' },
    });
    expect(res.body).toEqual({
      code: 40001,
      msg: '该密码过于常见，请换一个更难猜的密码',
      data: { field: 'password' },
    });
    expect((await login('common-reset@example.com', 'Secret123')).code).toBe(0);
    const ok = await api.call('POST', '/user/reset_password', {
      body: { email: 'common-reset@example.com', code, password: 'Uncommon#77' },
    });
    expect(ok.body.code).toBe(0);
  });

  it('a 14-character password is accepted and a 15-character one refused (spec: 8-14)', async () => {
    const tooLong = await api.call('POST', '/user/register', {
      body: { email: 'len15@example.com', password: 'Abcdefgh12345#x' },
    });
    expect(tooLong.body).toMatchObject({ code: 40001, data: { field: 'password' } });
    expect(await userRows('len15@example.com')).toBe(0);
    await api.signUp('len14@example.com', 'Abcdefgh12345#');
    expect((await login('len14@example.com', 'Abcdefgh12345#')).code).toBe(0);

    await api.call('POST', '/user/reset_token', { body: { email: 'len14@example.com' } });
    const code = await api.lastCode('len14@example.com');
    const refused = await api.call('POST', '/user/reset_password', {
      body: { email: 'len14@example.com', code, password: 'Zyxwvuts98765#q' },
    });
    expect(refused.body).toMatchObject({ code: 40001, data: { field: 'password' } });
    const accepted = await api.call('POST', '/user/reset_password', {
      body: { email: 'len14@example.com', code, password: 'Zyxwvuts98765#' },
    });
    expect(accepted.body.code).toBe(0);
  });
});

describe('targeted lockout', () => {
  it("an attacker's failures never lock the owner out, and the attacker is throttled", async () => {
    await api.signUp('target@example.com');
    const attacker = [];
    for (let i = 0; i < 15; i++)
      attacker.push((await login('target@example.com', `Guess#${1000 + i}`, '192.0.2.66')).code);
    expect(attacker.slice(0, 5)).toEqual(Array(5).fill(40101));
    expect(attacker.slice(5)).toEqual(Array(10).fill(42900));
    // Locked out attacker: even the right password is refused from there.
    expect((await login('target@example.com', 'Secret123', '192.0.2.66')).code).toBe(42900);
    expect((await login('target@example.com', 'Secret123', '192.0.2.77')).code).toBe(0);
  });

  it('successful logins do not count toward the per-account limits', async () => {
    await api.signUp('frequent@example.com');
    const codes = [];
    for (let i = 0; i < 12; i++)
      codes.push((await login('frequent@example.com', 'Secret123', '192.0.2.88')).code);
    expect(codes).toEqual(Array(12).fill(0));
  });

  it('a locked-out pair backs off and is let through again later', async () => {
    await api.signUp('backoff@example.com');
    for (let i = 0; i < 5; i++) await login('backoff@example.com', `Guess#${2000 + i}`, '192.0.2.99');
    const locked = await api.call('POST', '/user/login', {
      body: { email: 'backoff@example.com', password: 'Secret123' },
      ip: '192.0.2.99',
    });
    expect(locked.body).toMatchObject({ code: 42900, data: { retry_after: 60 } });
    api.clock.advance(61_000);
    expect((await login('backoff@example.com', 'Guess#3000', '192.0.2.99')).code).toBe(40101);
    // A further failure doubles the wait.
    const longer = await api.call('POST', '/user/login', {
      body: { email: 'backoff@example.com', password: 'Secret123' },
      ip: '192.0.2.99',
    });
    expect(longer.body).toMatchObject({ code: 42900, data: { retry_after: 120 } });
    api.clock.advance(121_000);
    expect((await login('backoff@example.com', 'Secret123', '192.0.2.99')).code).toBe(0);
  });
});

describe('concurrent sign-ups for one address', () => {
  // The per-address limit (5 sign-ups an hour) would refuse half of them: raised for the race.
  let wide: Api;
  beforeAll(async () => {
    wide = await startApi({ outreach: false, env: { RATE_LIMIT_SCALE: '10' } });
  });
  afterAll(() => wide.close());

  it('all answer 0, make one user, and log neither the email nor a hash', async () => {
    const spies = (['error', 'warn', 'log'] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation(() => {}),
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          wide.call('POST', '/user/register', {
            body: { email: 'race-signup@example.com', password: 'Secret123' },
            ip: `198.51.100.${100 + i}`,
          }),
        ),
      );
      expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(0));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(
        (
          await wide.database.db
            .select({ n: count() })
            .from(users)
            .where(eq(users.email, 'race-signup@example.com'))
        )[0]!.n,
      ).toBe(1);
      const printed = spies.flatMap((spy) => spy.mock.calls.map((call) => call.join(' '))).join('\n');
      expect(printed).not.toContain('race-signup@example.com');
      expect(printed).not.toContain('$argon2');
      const logged = wide.logs.filter((line) => !line.startsWith('[outbox]')).join('\n');
      expect(logged).not.toContain('race-signup@example.com');
      expect(logged).not.toContain('$argon2');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('error logs', () => {
  it('a failing database write is logged without its parameters (no email, no hash)', async () => {
    const broken = await startApi({ outreach: false });
    try {
      // A real driver error on the users insert, whatever its cause (here a trigger).
      await broken.database.db.execute(sql`
        CREATE FUNCTION refuse_users() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = '23505'; END $$`);
      await broken.database.db.execute(
        sql`CREATE TRIGGER refuse_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_users()`,
      );
      const res = await broken.call('POST', '/user/register', {
        body: { email: 'logged@example.com', password: 'Secret123' },
        lang: 'en',
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: 50000,
        msg: 'The server is busy. Please try again later.',
        data: null,
      });
      const logged = broken.logs.join('\n');
      expect(logged).toContain('SQLSTATE 23505');
      expect(logged).not.toContain('logged@example.com');
      expect(logged).not.toContain('$argon2');
    } finally {
      await broken.close();
    }
  });
});

describe('emailed codes', () => {
  it('concurrent wrong guesses never pass five, and the right code is then refused', async () => {
    const wide = await startApi({ outreach: false, env: { RATE_LIMIT_SCALE: '10' } });
    try {
      await wide.call('POST', '/user/register', {
        body: { email: 'guess@example.com', password: 'Secret123' },
      });
      const code = await wide.lastCode('guess@example.com');
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          wide.call('POST', '/user/register_verification', {
            body: { email: 'guess@example.com', code: wrong(i) },
            ip: `198.51.100.${150 + i}`,
          }),
        ),
      );
      expect(answers.every((a) => a.body.code === 40103)).toBe(true);
      const rows = await wide.database.db
        .select()
        .from(emailCodes)
        .where(eq(emailCodes.email, 'guess@example.com'));
      expect(Math.max(...rows.map((row) => row.attempts))).toBeLessThanOrEqual(5);
      const right = await wide.call('POST', '/user/register_verification', {
        body: { email: 'guess@example.com', code },
      });
      expect(right.body.code).toBe(40103);
    } finally {
      await wide.close();
    }
  });

  it('an intercepted verification code is dead once the owner has reset the password', async () => {
    await api.call('POST', '/user/register', {
      body: { email: 'intercept@example.com', password: 'Secret123' },
    });
    const stolen = await api.lastCode('intercept@example.com');
    await api.call('POST', '/user/reset_token', { body: { email: 'intercept@example.com' } });
    const reset = await api.call('POST', '/user/reset_password', {
      body: {
        email: 'intercept@example.com',
        code: await api.lastCode('intercept@example.com'),
        password: 'Owner#2024x',
      },
    });
    expect(reset.body.code).toBe(0);
    const replay = await api.call('POST', '/user/register_verification', {
      body: { email: 'intercept@example.com', code: stolen },
    });
    expect(replay.body).toMatchObject({ code: 40103, data: null });
  });

  it('of two reset codes asked for at once, only the newest works, and not after use', async () => {
    await api.signUp('twice@example.com');
    await Promise.all(
      ['198.51.100.201', '198.51.100.202'].map((ip) =>
        api.call('POST', '/user/reset_token', { body: { email: 'twice@example.com' }, ip }),
      ),
    );
    await api.settled();
    const rows = await api.database.db.select().from(emails).where(eq(emails.to, 'twice@example.com'));
    const codes = rows.filter((r) => r.kind === 'password-reset').map((r) => /\d{6}/.exec(r.subject)![0]);
    expect(codes).toHaveLength(2);
    // The two requests race, and their emails may be queued in either order: the newest code is
    // the one stored last (its row's id), recognised by its hash as the server stores it.
    const issued = await api.database.db
      .select({ codeHash: emailCodes.codeHash })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, 'twice@example.com'), eq(emailCodes.purpose, 'reset')))
      .orderBy(emailCodes.id);
    const newest = codes.find(
      (code) => sha256(`reset:twice@example.com:${code}`) === issued.at(-1)!.codeHash,
    );
    const older = codes.find((code) => code !== newest)!;
    expect(newest).toBeDefined();
    const stale = await api.call('POST', '/user/reset_password', {
      body: { email: 'twice@example.com', code: older, password: 'Attack#2024' },
    });
    expect(stale.body.code).toBe(40103);
    const used = await api.call('POST', '/user/reset_password', {
      body: { email: 'twice@example.com', code: newest, password: 'Owner#2024x' },
    });
    expect(used.body.code).toBe(0);
    const again = await api.call('POST', '/user/reset_password', {
      body: { email: 'twice@example.com', code: newest, password: 'Attack#2024' },
    });
    expect(again.body.code).toBe(40103);
    expect((await login('twice@example.com', 'Owner#2024x')).code).toBe(0);
  });

  it('sends at most five reset emails an hour to one address, then again after the hour', async () => {
    await api.signUp('hourly@example.com');
    const before = await mailCount('hourly@example.com');
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (
          await api.call('POST', '/user/reset_token', {
            body: { email: 'hourly@example.com' },
            ip: `198.51.100.${210 + i}`,
            lang: 'en',
          })
        ).body,
      );
    expect(answers.slice(0, 5).every((a) => a.code === 0)).toBe(true);
    expect(answers[5]).toMatchObject({ code: 42900, data: { retry_after: expect.any(Number) } });
    expect(answers[5]!.msg).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(await mailCount('hourly@example.com')).toBe(before + 5);
    api.clock.advance(3_601_000);
    expect(
      (await api.call('POST', '/user/reset_token', { body: { email: 'hourly@example.com' } })).body.code,
    ).toBe(0);
    expect(await mailCount('hourly@example.com')).toBe(before + 6);
  });
});

describe('the activated password is always chosen by the mailbox holder', () => {
  const register = (email: string, password: string, ip: string, extra: Record<string, unknown> = {}) =>
    api.call('POST', '/user/register', { body: { email, password, ...extra }, ip });
  const verify = (body: Record<string, unknown>, lang?: 'zh' | 'en') =>
    api.call('POST', '/user/register_verification', { body, ...(lang ? { lang } : {}) });
  /** Every code mailed to `email`, oldest first. */
  const mailedCodes = async (email: string) => {
    await api.settled();
    const rows = await api.database.db.select().from(emails).where(eq(emails.to, email)).orderBy(emails.id);
    return rows.flatMap((row) => /\b(\d{6})\b/.exec(row.subject)?.[1] ?? []);
  };
  const liveCodes = async (email: string) =>
    (await api.database.db.select().from(emailCodes).where(eq(emailCodes.email, email))).filter(
      (row) => row.usedAt === null,
    ).length;
  const PASSWORD_REQUIRED = { code: 40104, msg: '请设置密码以完成验证', data: null };

  it("the victim who types the code of the attacker's later sign-up never activates the attacker's password", async () => {
    const email = 'later-attack@example.com';
    const victim = await register(email, 'Victim#2024', '198.51.100.31');
    const tokenV = victim.body.data?.signup_token;
    await register(email, 'Attack#2024', '198.51.100.32');
    // The newest mail holds the code of the attacker's sign-up.
    const newest = await api.lastCode(email);
    const asked = await verify({ email, code: newest, signup_token: tokenV });
    expect(asked.body).toEqual(PASSWORD_REQUIRED);
    const done = await verify({ email, code: newest, signup_token: tokenV, password: 'Chosen#2024' });
    expect(done.body.code).toBe(0);
    expect((await login(email, 'Attack#2024')).code).toBe(40101);
    expect((await login(email, 'Chosen#2024')).code).toBe(0);
  });

  it("an attacker's earlier sign-up cannot be activated by the owner's code either", async () => {
    const email = 'early-attack@example.com';
    const attacker = await register(email, 'Attack#2024', '198.51.100.33');
    const owner = await register(email, 'Owner#2024x', '198.51.100.34');
    const [attackerCode, ownerCode] = await mailedCodes(email);
    // The owner types the attacker's (older) code: never the attacker's password.
    expect(
      (await verify({ email, code: attackerCode, signup_token: owner.body.data?.signup_token })).body,
    ).toEqual(PASSWORD_REQUIRED);
    // The attacker's token with the owner's code (were it ever learned) does not activate either.
    expect(
      (await verify({ email, code: ownerCode, signup_token: attacker.body.data?.signup_token })).body,
    ).toEqual(PASSWORD_REQUIRED);
    const done = await verify({ email, code: ownerCode, signup_token: owner.body.data?.signup_token });
    expect(done.body.code).toBe(0);
    expect((await login(email, 'Attack#2024')).code).toBe(40101);
    expect((await login(email, 'Owner#2024x')).code).toBe(0);
  });

  it('the browser that signed up verifies in one step', async () => {
    const email = 'one-step@example.com';
    const reg = await register(email, 'OneStep#2024', '198.51.100.35');
    expect(reg.body).toEqual({
      code: 0,
      msg: '成功',
      data: { signup_token: expect.stringMatching(/^[\w-]{43}$/) },
    });
    const done = await verify({
      email,
      code: await api.lastCode(email),
      signup_token: reg.body.data.signup_token,
    });
    expect(done.body).toMatchObject({ code: 0, data: expect.stringMatching(/^[\w-]{43}$/) });
    expect((await api.call('GET', '/user/user_info', { token: done.body.data })).body.data.email).toBe(email);
    expect((await login(email, 'OneStep#2024')).code).toBe(0);
  });

  it('a verification link opened elsewhere asks for a password and sets it', async () => {
    const email = 'elsewhere@example.com';
    await register(email, 'SignUp#2024', '198.51.100.36');
    const code = await api.lastCode(email);
    expect((await verify({ email, code })).body).toEqual(PASSWORD_REQUIRED);
    expect((await verify({ email, code }, 'en')).body).toEqual({
      code: 40104,
      msg: 'Choose a password to finish verifying',
      data: null,
    });
    // Not consumed: the same code still finishes the verification.
    expect(await liveCodes(email)).toBe(1);
    expect((await verify({ email, code, password: 'short1' })).body).toEqual({
      code: 40001,
      msg: '密码需为 8-14 个字符，包含字母、数字、符号中的至少两种，且不能有中文或空格',
      data: { field: 'password' },
    });
    expect((await verify({ email, code, password: 'Abcdefgh12345#x' })).body).toMatchObject({
      code: 40001,
      data: { field: 'password' },
    });
    expect((await verify({ email, code, password: 'Password1' })).body).toEqual({
      code: 40001,
      msg: '该密码过于常见，请换一个更难猜的密码',
      data: { field: 'password' },
    });
    expect(await liveCodes(email)).toBe(1);
    const done = await verify({ email, code, password: 'Elsewhere#24' });
    expect(done.body).toMatchObject({ code: 0, data: expect.stringMatching(/^[\w-]{43}$/) });
    expect(await liveCodes(email)).toBe(0);
    expect((await login(email, 'SignUp#2024')).code).toBe(40101);
    expect((await login(email, 'Elsewhere#24')).code).toBe(0);
    // Single use still.
    expect((await verify({ email, code, password: 'Elsewhere#24' })).body.code).toBe(40103);
  });

  it('a correct code without its sign-up token still uses up one of the five tries', async () => {
    const email = 'oracle@example.com';
    await register(email, 'Oracle#2024', '198.51.100.37');
    const code = await api.lastCode(email);
    for (let i = 0; i < 5; i++) expect((await verify({ email, code })).body.code).toBe(40104);
    expect((await verify({ email, code, password: 'Oracle#2025' })).body.code).toBe(40103);
  });

  it("a password set without the sign-up's token takes none of that sign-up's invitation code", async () => {
    await api.signUp('inviter2@example.com');
    await api.database.db.update(users).set({ isAgent: 1 }).where(eq(users.email, 'inviter2@example.com'));
    const agent = await login('inviter2@example.com', 'Secret123');
    const [invitation] = (
      await api.call('POST', '/user/generate_invitation_code', {
        token: agent.data,
        body: { prefix: 'INVX', quantity: 1 },
      })
    ).body.data as { code: string }[];
    const email = 'invited-elsewhere@example.com';
    await register(email, 'Invited#2024', '198.51.100.38', { invitation_code: invitation!.code });
    const done = await verify({ email, code: await api.lastCode(email), password: 'Holder#2024' });
    expect(done.body.code).toBe(0);
    const [user] = await api.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.invitationCode).toBeNull();
    const [row] = await api.database.db
      .select()
      .from(invitationCodes)
      .where(eq(invitationCodes.code, invitation!.code));
    expect(row!.usedBy).toBeNull();
  });

  it('a code resent from the browser that signed up keeps the one-step verification', async () => {
    const email = 'resent@example.com';
    const reg = await register(email, 'Resent#2024', '198.51.100.39');
    expect(reg.body.data?.signup_token).toMatch(/^[\w-]{43}$/);
    api.clock.advance(61_000);
    const resent = await api.call('POST', '/user/reverify_email', {
      body: { email, signup_token: reg.body.data?.signup_token },
    });
    expect(resent.body).toEqual({ code: 0, msg: '成功', data: null });
    const done = await verify({
      email,
      code: await api.lastCode(email),
      signup_token: reg.body.data?.signup_token,
    });
    expect(done.body.code).toBe(0);
    expect((await login(email, 'Resent#2024')).code).toBe(0);
  });

  it('answers to register are indistinguishable for new, pending and verified addresses', async () => {
    await api.signUp('shape-verified@example.com');
    await register('shape-pending@example.com', 'Pending#2024', '198.51.100.40');
    const answers = [];
    for (const email of [
      'shape-new@example.com',
      'shape-pending@example.com',
      'shape-verified@example.com',
    ]) {
      const res = await register(email, 'Another#2024', '198.51.100.41');
      expect(res.body.data).toEqual({ signup_token: expect.stringMatching(/^[\w-]{43}$/) });
      answers.push({ status: res.status, body: withoutToken(res.body) });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});
