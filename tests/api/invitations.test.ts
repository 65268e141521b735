import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationCodes, users } from '../../server/platform/db/schema.ts';
import { startApi, type Api } from './harness.ts';

let api: Api;
let agent: string;
let member: string;
beforeAll(async () => {
  api = await startApi();
  agent = await api.signUp('agent@example.com');
  await api.database.db.update(users).set({ isAgent: 1 }).where(eq(users.email, 'agent@example.com'));
  member = await api.signUp('member@example.com');
});
afterAll(() => api.close());

describe('invitation codes (spec §1, §5, §6)', () => {
  it('refuses non-agents', async () => {
    const generate = await api.call('POST', '/user/generate_invitation_code', {
      token: member,
      body: { prefix: 'AB12', quantity: 1 },
    });
    expect(generate.status).toBe(403);
    expect(generate.body).toMatchObject({ code: 40301, msg: '仅代理商可以生成邀请码' });
    expect(
      (await api.call('GET', '/user/invitation_code_list', { token: member, lang: 'en' })).body.code,
    ).toBe(40301);
    expect((await api.database.db.select({ n: count() }).from(invitationCodes))[0]!.n).toBe(0);
  });

  it.each([
    [{ prefix: 'AB1', quantity: 1 }, 'prefix'],
    [{ prefix: 'AB-1', quantity: 1 }, 'prefix'],
    [{ prefix: 'AB12', quantity: 0 }, 'quantity'],
    [{ prefix: 'AB12', quantity: 6 }, 'quantity'],
    [{ prefix: 'AB12', quantity: 'two' }, 'quantity'],
  ])('refuses %j naming the field', async (body, field) => {
    const res = await api.call('POST', '/user/generate_invitation_code', { token: agent, body });
    expect(res.body).toMatchObject({ code: 40001, data: { field } });
  });

  it('generates 1 to 5 codes with the prefix and lists them with their state', async () => {
    const res = await api.call('POST', '/user/generate_invitation_code', {
      token: agent,
      body: { prefix: 'ab12', quantity: 5 },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toHaveLength(5);
    for (const item of res.body.data)
      expect(item).toMatchObject({ code: expect.stringMatching(/^AB12[A-Z2-9]{6}$/), state: 'unused' });
    const list = (await api.call('GET', '/user/invitation_code_list', { token: agent })).body.data;
    expect(list).toHaveLength(5);
  });

  it('a code used at registration is consumed once and shows who used it', async () => {
    const [first] = (await api.call('GET', '/user/invitation_code_list', { token: agent })).body.data;
    await api.signUp('invitee@example.com', 'Secret123', { invitation_code: first.code.toLowerCase() });
    const list = (await api.call('GET', '/user/invitation_code_list', { token: agent })).body.data;
    expect(list.find((item: { code: string }) => item.code === first.code)).toMatchObject({
      state: 'used',
      used_by: 'invitee@example.com',
      // Used when the invitee verified the address (the test clock stands still).
      used_at: api.clock.now().toISOString(),
    });

    const before = (await api.database.db.select({ n: count() }).from(users))[0]!.n;
    const second = await api.call('POST', '/user/register', {
      body: { email: 'late-invitee@example.com', password: 'Secret123', invitation_code: first.code },
      lang: 'en',
    });
    expect(second.body).toEqual({
      code: 40001,
      msg: 'The invitation code is invalid or already used.',
      data: { field: 'invitation_code' },
    });
    expect((await api.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
  });

  it('two pending sign-ups with one code: the first verified gets it, the second is a member with no code', async () => {
    const [, code] = (await api.call('GET', '/user/invitation_code_list', { token: agent })).body.data;
    const register = (email: string) =>
      api.call('POST', '/user/register', {
        body: { email, password: 'Secret123', invitation_code: code.code },
        ip: `10.9.${email.length}.1`,
      });
    const first = (await register('pending-one@example.com')).body.data.signup_token;
    const second = (await register('pending-two@example.com')).body.data.signup_token;
    const verify = async (email: string, token: string) =>
      (
        await api.call('POST', '/user/register_verification', {
          body: { email, code: await api.lastCode(email), signup_token: token },
        })
      ).body.code;
    expect(await verify('pending-one@example.com', first)).toBe(0);
    expect(await verify('pending-two@example.com', second)).toBe(0);
    const attributed = await api.database.db
      .select({ email: users.email, code: users.invitationCode })
      .from(users)
      .where(eq(users.invitationCode, code.code));
    expect(attributed).toEqual([{ email: 'pending-one@example.com', code: code.code }]);
    const list = (await api.call('GET', '/user/invitation_code_list', { token: agent })).body.data;
    expect(list.find((item: { code: string }) => item.code === code.code)).toMatchObject({
      state: 'used',
      used_by: 'pending-one@example.com',
    });
  });

  it('an agent sees only their own codes', async () => {
    const otherAgent = await api.signUp('agent2@example.com');
    await api.database.db.update(users).set({ isAgent: 1 }).where(eq(users.email, 'agent2@example.com'));
    expect((await api.call('GET', '/user/invitation_code_list', { token: otherAgent })).body.data).toEqual(
      [],
    );
  });
});
