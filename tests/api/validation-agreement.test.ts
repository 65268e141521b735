import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  validateAuthCode,
  validateEmail,
  validateEmailCode,
  validateInvitationPrefix,
  validateInvitationQuantity,
  validatePassword,
} from '@/lib/validation.ts';
import { users } from '../../server/platform/db/schema.ts';
import { startApi, type Api, type CallOptions } from './harness.ts';

// Issue 12: what the browser's forms let through, the server's routes accept, and the reverse.
// Each value goes through the real route; "refused" is a 40001 naming the field.

let api: Api;
let token: string;
let agentToken: string;

beforeAll(async () => {
  api = await startApi({ outreach: false });
  token = await api.signUp('member@example.com');
  agentToken = await api.signUp('agent@example.com');
  await api.database.db.update(users).set({ isAgent: 1 }).where(eq(users.email, 'agent@example.com'));
});
afterAll(() => api.close());

/** Whether the route refused `field` (a fresh client address each time: rate limits are not the subject). */
async function refuses(path: string, field: string, options: CallOptions): Promise<boolean> {
  const ip = `10.${randomBytes(3).join('.')}`;
  const { body } = await api.call('POST', path, { ip, ...options });
  return body.code === 40001 && body.data?.field === field;
}

const local64 = 'a'.repeat(64);
/** An address of exactly `length` characters. */
const addressOf = (length: number) => `${local64}@${'b'.repeat(length - 64 - 1 - 3)}.de`;

const EMAILS = [
  // The four the client let through before (issue 12).
  'müller@example.de',
  'a..b@example.com',
  '.a@example.com',
  'a@b_c.de',
  // Accepted everywhere.
  'buyer@example.com',
  'a+b@x.de',
  'first.last@sub.mail.example.co.uk',
  'UPPER@EXAMPLE.COM',
  "o'brien@example.ie",
  ' padded@example.com ',
  'under_score@example.com',
  'user@xn--bcher-kva.de',
  'a@b-c.de',
  addressOf(254),
  // Refused everywhere.
  addressOf(255),
  'anna.müller@example.de',
  'user@bücher.de',
  'a.@example.com',
  'a@example.com.',
  'a b@example.com',
  '"quoted"@example.com',
  'a@example',
  'a@-example.com',
  'a@example.c',
  'a@@example.com',
  'a@example..com',
  '买家@example.com',
  '',
  '   ',
];

const PASSWORDS = [
  'abcd123', // 7
  'wbmz4817', // 8
  'abcdefgh12345', // 13
  'Kx9!mQ2zLp4#Wd', // 14
  'Kx9!mQ2zLp4#Wd7', // 15
  'Kx9!mQ2z密码',
  'Kx9! mQ2z',
  'Kx9!\tmQ2z',
  'abcdefghij', // letters only
  '90817263544', // digits only
  '!@#$%^&*()', // symbols only
  'Qwe!rt#yu$',
  '1234!@#$',
  'ＡＢＣＤ１２３４', // full-width letters and digits
  'Kx9mQ2zk！', // a full-width symbol
  'Kx9m😀😀', // emoji count as symbols
  'пароль12', // Cyrillic letters count as symbols
  '',
];

const EMAIL_CODES = ['123456', ' 654321 ', '12345', '1234567', 'abcdef', '１２３４５６', '12 345', ''];
const REDEEM_CODES = ['HONEY-1234', '  X  ', 'x'.repeat(64), 'x'.repeat(65), '', '   '];
const PREFIXES = ['Ab12', ' Cd34 ', 'AB1', 'AB123', 'AB-1', '蜜豆AB', 'ＡＢ12', ''];
const QUANTITIES = ['1', '5', ' 2 ', 3, '0', '6', '1.5', 'two', ''];

describe('client and server agree on what they accept (issue 12)', () => {
  it.each(EMAILS)('email %j', async (email) => {
    const server = await refuses('/user/reset_token', 'email', { body: { email } });
    expect(server ? 'refused' : 'accepted').toBe(validateEmail(email) ? 'refused' : 'accepted');
  });

  it.each(PASSWORDS)('password %j', async (password) => {
    const server = await refuses('/user/reset_password', 'password', {
      body: { email: 'nobody@example.com', code: '123456', password },
    });
    expect(server ? 'refused' : 'accepted').toBe(validatePassword(password) ? 'refused' : 'accepted');
  });

  it.each(EMAIL_CODES)('emailed code %j', async (code) => {
    const client = validateEmailCode(code) ? 'refused' : 'accepted';
    const verify = await refuses('/user/register_verification', 'code', {
      body: { email: 'nobody@example.com', code },
    });
    const reset = await refuses('/user/reset_password', 'code', {
      body: { email: 'nobody@example.com', code, password: 'Kx9!mQ2z' },
    });
    expect(verify ? 'refused' : 'accepted').toBe(client);
    expect(reset ? 'refused' : 'accepted').toBe(client);
  });

  it.each(REDEEM_CODES)('redeem code %j', async (code) => {
    const server = await refuses('/user/redeem_point', 'code', { body: { code }, token });
    expect(server ? 'refused' : 'accepted').toBe(validateAuthCode(code) ? 'refused' : 'accepted');
  });

  it.each(PREFIXES)('invitation prefix %j', async (prefix) => {
    const server = await refuses('/user/generate_invitation_code', 'prefix', {
      body: { prefix, quantity: 1 },
      token: agentToken,
    });
    expect(server ? 'refused' : 'accepted').toBe(validateInvitationPrefix(prefix) ? 'refused' : 'accepted');
  });

  it.each(QUANTITIES)('invitation quantity %j', async (quantity) => {
    // The form sends the number the field holds (InvitationCodes.tsx).
    const server = await refuses('/user/generate_invitation_code', 'quantity', {
      body: { prefix: 'Qt12', quantity: Number(quantity) },
      token: agentToken,
    });
    expect(server ? 'refused' : 'accepted').toBe(
      validateInvitationQuantity(quantity) ? 'refused' : 'accepted',
    );
  });

  it('the server alone also refuses common passwords (its list stays server-side)', async () => {
    expect(validatePassword('Password1')).toBeNull();
    expect(
      await refuses('/user/reset_password', 'password', {
        body: { email: 'nobody@example.com', code: '123456', password: 'Password1' },
      }),
    ).toBe(true);
  });
});
