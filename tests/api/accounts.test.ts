import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { users, sessions } from '../../server/platform/db/schema.ts';
import { mailSettled } from '../../server/platform/mail.ts';
import { startApi, type Api } from './harness.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const userCount = async () => (await api.database.db.select({ n: count() }).from(users))[0]!.n;

describe('register and verify (spec §4 "Signup")', () => {
  it('registers, emails a single-use code, and a verified sign-up is logged in', async () => {
    const reg = await api.call('POST', '/user/register', {
      body: { email: 'Buyer.One@Example.com', password: 'Secret123' },
    });
    expect(reg.body).toMatchObject({ code: 0, data: { signup_token: expect.stringMatching(/^[\w-]{43}$/) } });
    const mail = await api.lastEmail('buyer.one@example.com');
    expect(mail?.subject).toMatch(/^蜜探验证码：\d{6}$/);
    expect(mail?.text).toContain('/pages/signup/verify-email?email=buyer.one%40example.com&code=');
    expect(api.logs.some((line) => line.startsWith('[outbox] verification to buyer.one@example.com'))).toBe(
      true,
    );

    const code = await api.lastCode('buyer.one@example.com');
    const verified = await api.call('POST', '/user/register_verification', {
      body: { email: 'buyer.one@example.com', code, signup_token: reg.body.data.signup_token },
    });
    expect(verified.body.code).toBe(0);
    const info = await api.call('GET', '/user/user_info', { token: verified.body.data });
    expect(info.body.data).toMatchObject({
      email: 'buyer.one@example.com',
      point: 5,
      bp_used: 0,
      is_agent: 0,
    });

    const again = await api.call('POST', '/user/register_verification', {
      body: { email: 'buyer.one@example.com', code, signup_token: reg.body.data.signup_token },
    });
    expect(again.body).toMatchObject({ code: 40103, msg: '验证码不正确或已过期' });
  });

  it('writes the email in English for an English sign-up', async () => {
    await api.call('POST', '/user/register', {
      body: { email: 'en@example.com', password: 'Secret123' },
      lang: 'en',
    });
    expect((await api.lastEmail('en@example.com'))?.subject).toMatch(
      /^Your HoneyLeads verification code: \d{6}$/,
    );
  });

  it.each([
    [{ email: 'not-an-email', password: 'Secret123' }, 'email', '请输入有效的邮箱地址'],
    [
      { email: 'a@example.com', password: 'short1' },
      'password',
      '密码需为 8-14 个字符，包含字母、数字、符号中的至少两种，且不能有中文或空格',
    ],
    [{ email: 'a@example.com', password: 'onlyletters' }, 'password', expect.any(String)],
    [{ email: 'a@example.com', password: 'has space1' }, 'password', expect.any(String)],
    [{ email: 'a@example.com', password: 'Secret123', extra: 1 }, 'extra', '参数 extra 不正确'],
  ])('refuses bad input %j with a clear error and stores nothing', async (body, field, msg) => {
    const before = await userCount();
    const res = await api.call('POST', '/user/register', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 40001, msg, data: { field } });
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON with 40000 and no internals', async () => {
    const res = await api.call('POST', '/user/register', { rawBody: '{"email":' });
    expect(res.body).toEqual({ code: 40000, msg: '请求格式不正确', data: null });
  });

  it('does not reveal that an email is already registered', async () => {
    await api.signUp('taken@example.com');
    const res = await api.call('POST', '/user/register', {
      body: { email: 'TAKEN@example.com', password: 'Other1234' },
    });
    expect(res.body.code).toBe(0);
    expect((await api.lastEmail('taken@example.com'))?.subject).toBe('你已经注册过蜜探');
    // The original password still works: a second sign-up changes nothing.
    expect(
      (await api.call('POST', '/user/login', { body: { email: 'taken@example.com', password: 'Secret123' } }))
        .body.code,
    ).toBe(0);
  });

  it('resends the code at most once a minute', async () => {
    await api.call('POST', '/user/register', {
      body: { email: 'resend@example.com', password: 'Secret123' },
    });
    expect(
      (await api.call('POST', '/user/reverify_email', { body: { email: 'resend@example.com' } })).body.code,
    ).toBe(0);
    const second = await api.call('POST', '/user/reverify_email', {
      body: { email: 'resend@example.com' },
      lang: 'en',
    });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ code: 42900, data: { retry_after: expect.any(Number) } });
    expect(second.body.msg).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    api.clock.advance(61_000);
    expect(
      (await api.call('POST', '/user/reverify_email', { body: { email: 'resend@example.com' } })).body.code,
    ).toBe(0);
  });

  it('a code dies after five wrong tries and after 30 minutes', async () => {
    await api.call('POST', '/user/register', { body: { email: 'tries@example.com', password: 'Secret123' } });
    const code = await api.lastCode('tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await api.call('POST', '/user/register_verification', {
        body: { email: 'tries@example.com', code: wrong },
      });
    expect(
      (await api.call('POST', '/user/register_verification', { body: { email: 'tries@example.com', code } }))
        .body.code,
    ).toBe(40103);

    api.clock.advance(61_000);
    await api.call('POST', '/user/reverify_email', { body: { email: 'tries@example.com' } });
    const fresh = await api.lastCode('tries@example.com');
    api.clock.advance(31 * 60_000);
    expect(
      (
        await api.call('POST', '/user/register_verification', {
          body: { email: 'tries@example.com', code: fresh },
        })
      ).body.code,
    ).toBe(40103);
  });
});

describe('login and sessions (spec §4 "Login", "Logout")', () => {
  it('logs in case-insensitively and returns the token in data', async () => {
    await api.signUp('login@example.com');
    const res = await api.call('POST', '/user/login', {
      body: { email: ' LOGIN@example.com ', password: 'Secret123' },
    });
    expect(res.body).toMatchObject({ code: 0, data: expect.stringMatching(/^[\w-]{43}$/) });
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await api.call('POST', '/user/login', {
      body: { email: 'login@example.com', password: 'Wrong1234' },
      lang: 'en',
    });
    const unknown = await api.call('POST', '/user/login', {
      body: { email: 'nobody@example.com', password: 'Wrong1234' },
      lang: 'en',
    });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ code: 40101, msg: 'The email or password is incorrect.', data: null });
  });

  it('refuses an unverified account', async () => {
    await api.call('POST', '/user/register', {
      body: { email: 'unverified@example.com', password: 'Secret123' },
    });
    const res = await api.call('POST', '/user/login', {
      body: { email: 'unverified@example.com', password: 'Secret123' },
    });
    expect(res.body).toMatchObject({ code: 40102, msg: '邮箱尚未验证，请先完成验证' });
  });

  it('stores tokens only as hashes', async () => {
    const token = await api.signUp('hashed@example.com');
    const rows = await api.database.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('a logged-out token is refused', async () => {
    const token = await api.signUp('logout@example.com');
    expect((await api.call('POST', '/user/logout', { token })).body.code).toBe(0);
    const res = await api.call('GET', '/user/user_info', { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 40100, msg: '登录已失效，请重新登录' });
  });

  it('a token expires after 30 days, even when used every few days (tests/api/sessions.test.ts)', async () => {
    const token = await api.signUp('expiry@example.com');
    for (let day = 5; day <= 25; day += 5) {
      api.clock.advance(5 * 86_400_000);
      expect((await api.call('GET', '/user/user_info', { token })).body.code, `day ${day}`).toBe(0);
    }
    api.clock.advance(4 * 86_400_000);
    expect((await api.call('GET', '/user/user_info', { token })).body.code).toBe(0);
    api.clock.advance(2 * 86_400_000);
    expect((await api.call('GET', '/user/user_info', { token })).body.code).toBe(40100);
  });

  it('refuses a missing or made-up token on every private call', async () => {
    for (const [method, path] of [
      ['GET', '/user/user_info'],
      ['POST', '/user/logout'],
      ['POST', '/user/modify_language'],
      ['POST', '/user/redeem_point'],
      ['GET', '/user/bean_history'],
      ['POST', '/user/generate_invitation_code'],
      ['GET', '/user/invitation_code_list'],
      ['GET', '/pay/stripe/pay_url'],
      ['PUT', '/pay/stripe/cancel_subscription'],
    ] as const) {
      for (const token of [undefined, 'made-up-token']) {
        const res = await api.call(method, path, { token, body: {} });
        expect(res.body.code, `${method} ${path}`).toBe(40100);
      }
    }
  });

  it('rate limits failed logins per account and IP, with a doubling wait', async () => {
    await api.signUp('limited@example.com');
    const attempts = [];
    for (let i = 0; i < 7; i++) {
      attempts.push(
        (
          await api.call('POST', '/user/login', {
            body: { email: 'limited@example.com', password: 'Wrong1234' },
            ip: '198.51.100.9',
          })
        ).body.code,
      );
    }
    expect(attempts).toEqual([40101, 40101, 40101, 40101, 40101, 42900, 42900]);
  });
});

describe('password reset', () => {
  it('resets with the emailed code, revokes every session, and the code works once', async () => {
    const oldToken = await api.signUp('reset@example.com');
    expect(
      (await api.call('POST', '/user/reset_token', { body: { email: 'reset@example.com' } })).body.code,
    ).toBe(0);
    const code = await api.lastCode('reset@example.com');
    expect((await api.lastEmail('reset@example.com'))?.text).toContain('15 分钟内有效');
    const res = await api.call('POST', '/user/reset_password', {
      body: { email: 'reset@example.com', code, password: 'NewPass456' },
    });
    expect(res.body.code).toBe(0);
    expect((await api.call('GET', '/user/user_info', { token: oldToken })).body.code).toBe(40100);
    expect(
      (await api.call('POST', '/user/login', { body: { email: 'reset@example.com', password: 'Secret123' } }))
        .body.code,
    ).toBe(40101);
    expect(
      (
        await api.call('POST', '/user/login', {
          body: { email: 'reset@example.com', password: 'NewPass456' },
        })
      ).body.code,
    ).toBe(0);
    const reuse = await api.call('POST', '/user/reset_password', {
      body: { email: 'reset@example.com', code, password: 'Another789' },
    });
    expect(reuse.body.code).toBe(40103);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await api.call('POST', '/user/reset_token', { body: { email: 'ghost@example.com' } });
    expect(res.body.code).toBe(0);
    expect(await api.lastEmail('ghost@example.com')).toBeUndefined();
  });

  it('an expired reset code is refused', async () => {
    await api.signUp('late@example.com');
    await api.call('POST', '/user/reset_token', { body: { email: 'late@example.com' } });
    const code = await api.lastCode('late@example.com');
    api.clock.advance(16 * 60_000);
    const res = await api.call('POST', '/user/reset_password', {
      body: { email: 'late@example.com', code, password: 'NewPass456' },
    });
    expect(res.body.code).toBe(40103);
  });
});

describe('language and user info', () => {
  it('saves the language and answers in it from then on', async () => {
    const token = await api.signUp('lang@example.com');
    expect(
      (await api.call('POST', '/user/modify_language', { token, body: { language: 'en' } })).body,
    ).toMatchObject({ code: 0, msg: 'OK' });
    // A call that names no language gets the saved one; a page's call gets the page's.
    const info = await api.call('GET', '/user/user_info', { token });
    expect(info.body).toMatchObject({ msg: 'OK', data: { language: 'en' } });
    const fromZhPage = await api.call('GET', '/user/user_info', { token, lang: 'zh' });
    expect(fromZhPage.body).toMatchObject({ msg: '成功', data: { language: 'en' } });
    expect(
      (await api.call('POST', '/user/modify_language', { token, body: { language: 'fr' } })).body.code,
    ).toBe(40001);
  });

  it('has every field of spec §3', async () => {
    const token = await api.signUp('fields@example.com');
    const { data } = (await api.call('GET', '/user/user_info', { token })).body;
    expect(Object.keys(data).sort()).toEqual(
      [
        'bp_used',
        'email',
        'is_agent',
        'language',
        'pay_cycle',
        'point',
        'service_expiration_time',
        'subscription_info',
        'subscription_status',
        'user_id',
        'user_name',
      ].sort(),
    );
    expect(data).toMatchObject({
      subscription_status: 0,
      service_expiration_time: null,
      subscription_info: null,
    });
  });
});

describe('real SMTP', () => {
  it('sends the verification email through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk) => (data += chunk));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const smtpApi = await startApi({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      expect(smtpApi.services.mailer.transport).toBe('smtp');
      await smtpApi.call('POST', '/user/register', {
        body: { email: 'smtp@example.com', password: 'Secret123' },
        lang: 'en',
      });
      // Account mail leaves after the answer.
      await mailSettled(smtpApi.services);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: smtp@example.com');
      expect(received[0]).toMatch(/Subject: Your HoneyLeads verification code: \d{6}/);
    } finally {
      await smtpApi.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('rate limits per IP', () => {
  it('allows 10 registrations an hour from one address', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (
          await api.call('POST', '/user/register', {
            body: { email: `burst${i}@example.com`, password: 'Secret123' },
            ip: '192.0.2.99',
          })
        ).body.code,
      );
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(codes[10]).toBe(42900);
  });
});
