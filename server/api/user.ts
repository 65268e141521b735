import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../db/schema.ts';
import * as accounts from '../accounts/service.ts';
import { beanHistory } from '../billing/ledger.ts';
import { redeemCode } from '../billing/redeem.ts';
import { revokeSession } from '../accounts/sessions.ts';
import { generateInvitations, listInvitations } from '../accounts/invitations.ts';
import {
  email,
  emailCode,
  invitationPrefix,
  invitationQuantity,
  language,
  paging,
  password,
  redeemCode as redeemCodeField,
} from '../../contract/schemas.ts';
import { FIELD_MESSAGES, ok, requireAgent, requireUser, valid, type ApiEnv } from './context.ts';

/** The emailed code's routes: a malformed code reads as a wrong one, as it did before it was checked here. */
const CODE_MESSAGES = { ...FIELD_MESSAGES, code: 'codeInvalid' } as const;
/** The token register answered (docs/api.md "Sign-up"): 43 base64url characters when genuine. */
const signupToken = z.string().max(128);

/** Accounts, beans and invitation codes: spec §7's /user/* calls (docs/api.md). */
export const userApi = new Hono<ApiEnv>()
  .post(
    '/login',
    valid(
      'json',
      z.strictObject({
        email,
        password: z.string().min(1).max(64),
        device_id: z.string().max(128).optional(),
      }),
    ),
    async (c) => {
      const token = await accounts.login(c.get('services'), c.req.valid('json'), { ip: c.get('ip') });
      return ok(c, token);
    },
  )
  .post(
    '/register',
    valid(
      'json',
      z.strictObject({
        email,
        password,
        invitation_code: z.string().trim().max(32).optional(),
        language: language.optional(),
      }),
    ),
    async (c) => {
      const body = c.req.valid('json');
      const answer = await accounts.register(c.get('services'), body, {
        ip: c.get('ip'),
        lang: c.get('lang'),
      });
      return ok(c, answer);
    },
  )
  .post(
    '/reverify_email',
    valid('json', z.strictObject({ email, signup_token: signupToken.optional() })),
    async (c) => {
      await accounts.reverify(c.get('services'), c.req.valid('json'), {
        ip: c.get('ip'),
        lang: c.get('lang'),
      });
      return ok(c, null);
    },
  )
  .post(
    '/register_verification',
    valid(
      'json',
      z.strictObject({
        email,
        code: emailCode,
        signup_token: signupToken.optional(),
        password: password.optional(),
      }),
      CODE_MESSAGES,
    ),
    async (c) => {
      const token = await accounts.verifyEmail(c.get('services'), c.req.valid('json'), { ip: c.get('ip') });
      return ok(c, token);
    },
  )
  .post('/reset_token', valid('json', z.strictObject({ email })), async (c) => {
    await accounts.requestReset(c.get('services'), c.req.valid('json').email, {
      ip: c.get('ip'),
      lang: c.get('lang'),
    });
    return ok(c, null);
  })
  .post(
    '/reset_password',
    valid('json', z.strictObject({ email, code: emailCode, password }), CODE_MESSAGES),
    async (c) => {
      await accounts.resetPassword(c.get('services'), c.req.valid('json'), { ip: c.get('ip') });
      return ok(c, null);
    },
  )
  .post('/logout', requireUser, async (c) => {
    const { db, clock } = c.get('services');
    await revokeSession(db, c.get('sessionId'), clock.now());
    return ok(c, null);
  })
  .post('/modify_language', requireUser, valid('json', z.strictObject({ language })), async (c) => {
    const next = c.req.valid('json').language;
    await c
      .get('services')
      .db.update(users)
      .set({ language: next })
      .where(eq(users.id, c.get('user').id));
    c.set('lang', next);
    return ok(c, null);
  })
  .get('/user_info', requireUser, (c) =>
    ok(c, accounts.userInfo(c.get('user'), c.get('services').clock.now())),
  )
  .post('/redeem_point', requireUser, valid('json', z.strictObject({ code: redeemCodeField })), async (c) => {
    const beans = await redeemCode(
      c.get('services'),
      c.get('user').id,
      c.req.valid('json').code,
      c.get('ip'),
    );
    return ok(c, beans);
  })
  .get('/bean_history', requireUser, valid('query', z.strictObject(paging())), async (c) => {
    const { page, page_size } = c.req.valid('query');
    return ok(c, await beanHistory(c.get('services').db, c.get('user').id, page, page_size));
  })
  .post(
    '/generate_invitation_code',
    requireUser,
    requireAgent,
    valid('json', z.strictObject({ prefix: invitationPrefix, quantity: invitationQuantity })),
    async (c) => {
      const { prefix, quantity } = c.req.valid('json');
      return ok(c, await generateInvitations(c.get('services'), c.get('user').id, prefix, quantity));
    },
  )
  .get('/invitation_code_list', requireUser, requireAgent, async (c) =>
    ok(c, await listInvitations(c.get('services'), c.get('user').id)),
  );
