import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/platform/db/schema.ts';
import { startApi, type Api } from './harness.ts';

/**
 * POST /user/change_password (docs/api.md): a signed-in user who knows the current password sets a
 * new one; every other session of theirs ends, this one goes on with a new token, and the account
 * address is told by email.
 */

let api: Api;
beforeAll(async () => {
  api = await startApi({ outreach: false });
});
afterAll(() => api.close());

let ips = 0;
const login = async (email: string, password: string) =>
  (await api.call('POST', '/user/login', { body: { email, password }, ip: `198.51.100.${++ips}` })).body;
const change = (token: string, body: Record<string, unknown>, lang?: 'zh' | 'en') =>
  api.raw('POST', '/user/change_password', { token, exactToken: true, body, ...(lang ? { lang } : {}) });
const info = async (token: string) =>
  (await api.call('GET', '/user/user_info', { token, exactToken: true })).body.code as number;
const passwordHash = async (email: string) =>
  (await api.database.db.select().from(users).where(eq(users.email, email)))[0]!.passwordHash;
const sessionRows = async (email: string) => {
  const [user] = await api.database.db.select().from(users).where(eq(users.email, email));
  return api.database.db.select().from(sessions).where(eq(sessions.userId, user!.id)).orderBy(sessions.id);
};

describe('changing the password', () => {
  it("with the current password: the new one logs in, this session goes on with a new token, the user's other sessions end, another user's stay", async () => {
    const here = await api.signUp('changer@example.com');
    const elsewhere = (await login('changer@example.com', 'Secret123')).data as string;
    const bob = await api.signUp('bystander@example.com');
    const bobSessions = await sessionRows('bystander@example.com');

    const res = await change(here, { old_password: 'Secret123', password: 'N3w-Passw0rd!' }, 'en');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 0, msg: 'OK', data: null });
    const fresh = res.headers.get('new-token');
    expect(fresh).toMatch(/^[\w-]{43}$/);

    // This session: the new token works, the old one no longer (no grace after a password change).
    expect(await info(fresh!)).toBe(0);
    expect(await info(here)).toBe(40100);
    // The user's other session has ended; the other user's sessions are exactly as they were.
    expect(await info(elsewhere)).toBe(40100);
    expect(await sessionRows('bystander@example.com')).toEqual(bobSessions);
    expect(await info(bob)).toBe(0);

    expect((await login('changer@example.com', 'Secret123')).code).toBe(40101);
    expect((await login('changer@example.com', 'N3w-Passw0rd!')).code).toBe(0);
    // The account address is told, in the account's language, with the way to reset it.
    const mail = await api.lastEmail('changer@example.com');
    expect(mail?.subject).toBe('你的蜜探密码已修改');
    expect(mail?.text).toContain('其他设备上的登录已全部退出');
    expect(mail?.text).toContain('http://localhost:4321/pages/forgot-password/forgot-password');
  });

  it('writes the notice in English for an English account', async () => {
    const token = await api.signUp('changer-en@example.com', 'Secret123', { language: 'en' });
    expect(
      (await (await change(token, { old_password: 'Secret123', password: 'N3w-Passw0rd!' })).json()).code,
    ).toBe(0);
    const mail = await api.lastEmail('changer-en@example.com');
    expect(mail?.subject).toBe('Your HoneyLeads password was changed');
    expect(mail?.text).toContain('every other device was signed out');
    expect(mail?.text).toContain('http://localhost:4321/en/pages/forgot-password/forgot-password');
  });

  it.each([
    ['zh', '当前密码不正确'],
    ['en', 'The current password is incorrect.'],
  ] as const)(
    'a wrong current password is refused beside its field (%s) and changes nothing',
    async (lang, msg) => {
      const email = `wrong-current-${lang}@example.com`;
      const token = await api.signUp(email);
      const elsewhere = (await login(email, 'Secret123')).data as string;
      const hash = await passwordHash(email);
      const res = await change(token, { old_password: 'Wrong1234', password: 'N3w-Passw0rd!' }, lang);
      expect(res.headers.get('new-token')).toBeNull();
      expect(await res.json()).toEqual({ code: 40101, msg, data: { field: 'old_password' } });
      expect(await passwordHash(email)).toBe(hash);
      expect(await info(token)).toBe(0);
      expect(await info(elsewhere)).toBe(0);
      expect((await login(email, 'Secret123')).code).toBe(0);
      await api.settled();
      expect((await api.lastEmail(email))?.subject).not.toMatch(/密码已修改|password was changed/);
    },
  );

  it('wrong current passwords back off as failed logins do: 5 free, then a wait even for the right one', async () => {
    const token = await api.signUp('guesser@example.com');
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await (await change(token, { old_password: `Guess${i}wrong`, password: 'N3w-Passw0rd!' })).json())
          .code,
      );
    expect(codes).toEqual([40101, 40101, 40101, 40101, 40101]);
    const waiting = await (
      await change(token, { old_password: 'Secret123', password: 'N3w-Passw0rd!' }, 'en')
    ).json();
    expect(waiting).toMatchObject({ code: 42900, data: { retry_after: 60 } });
    expect(waiting.msg).toBe('Too many attempts. Try again in 60 seconds.');
    expect((await login('guesser@example.com', 'Secret123')).code).toBe(0);
    api.clock.advance(61_000);
    const right = await change(token, { old_password: 'Secret123', password: 'N3w-Passw0rd!' });
    expect((await right.json()).code).toBe(0);
  });

  it.each([
    [
      'a new password of spec §5 shape',
      { old_password: 'Secret123', password: 'abc' },
      'password',
      '密码需为 8-14 个字符，包含字母、数字、符号中的至少两种，且不能有中文或空格',
    ],
    [
      '15 characters',
      { old_password: 'Secret123', password: 'Abcdefgh1234567' },
      'password',
      '密码需为 8-14 个字符，包含字母、数字、符号中的至少两种，且不能有中文或空格',
    ],
    [
      'a space',
      { old_password: 'Secret123', password: 'Secret 1234' },
      'password',
      '密码需为 8-14 个字符，包含字母、数字、符号中的至少两种，且不能有中文或空格',
    ],
    [
      'Chinese',
      { old_password: 'Secret123', password: 'Secret123密码' },
      'password',
      '密码需为 8-14 个字符，包含字母、数字、符号中的至少两种，且不能有中文或空格',
    ],
    [
      'a common password',
      { old_password: 'Secret123', password: 'Password1' },
      'password',
      '该密码过于常见，请换一个更难猜的密码',
    ],
    [
      'the current password again',
      { old_password: 'Secret123', password: 'Secret123' },
      'password',
      '新密码不能与当前密码相同',
    ],
    [
      'no current password',
      { old_password: '', password: 'N3w-Passw0rd!' },
      'old_password',
      '请输入当前密码',
    ],
  ])('refuses %s: 40001 naming the field, and changes nothing', async (_what, body, field, msg) => {
    const email = `rules-${++ips}@example.com`;
    const token = await api.signUp(email);
    const hash = await passwordHash(email);
    const res = await change(token, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 40001, msg, data: { field } });
    expect(await passwordHash(email)).toBe(hash);
    expect(await info(token)).toBe(0);
  });

  it('the English texts of the refusals', async () => {
    const token = await api.signUp('rules-en@example.com');
    const refusal = async (body: Record<string, unknown>) =>
      (await (await change(token, body, 'en')).json()).msg;
    expect(await refusal({ old_password: 'Secret123', password: 'Password1' })).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
    expect(await refusal({ old_password: 'Secret123', password: 'Secret123' })).toBe(
      'The new password must be different from the current one.',
    );
    expect(await refusal({ old_password: '', password: 'N3w-Passw0rd!' })).toBe(
      'Please enter your current password.',
    );
  });

  it('with a day-old token: the token the answer carries is the one made by the change, and it works', async () => {
    const old = await api.signUp('day-old-changer@example.com');
    api.clock.advance(24 * 3_600_000 + 60_000);
    const res = await change(old, { old_password: 'Secret123', password: 'N3w-Passw0rd!' });
    expect((await res.json()).code).toBe(0);
    expect(await info(res.headers.get('new-token')!)).toBe(0);
    expect(await info(old)).toBe(40100);
  });

  it('without a session: 40100', async () => {
    const res = await api.call('POST', '/user/change_password', {
      body: { old_password: 'Secret123', password: 'N3w-Passw0rd!' },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(40100);
  });
});
