import { Hono } from 'hono';
import * as accounts from '../accounts/service.ts';
import { beanHistory } from '../billing/ledger.ts';
import { redeemCode } from '../billing/redeem.ts';
import { generateInvitations, listInvitations } from '../accounts/invitations.ts';
import { NEW_TOKEN_HEADER } from '../accounts/sessions.ts';
import {
  changePasswordRequest,
  generateInvitationRequest,
  loginRequest,
  modifyLanguageRequest,
  pagingQuery,
  redeemRequest,
  registerRequest,
  resetPasswordRequest,
  resetTokenRequest,
  reverifyRequest,
  verifyRequest,
} from '../../contract/schemas.ts';
import { FIELD_MESSAGES, ok, requireAgent, requireUser, valid, type ApiEnv } from './context.ts';

/** The emailed code's routes: a malformed code reads as a wrong one, as it did before it was checked here. */
const CODE_MESSAGES = { ...FIELD_MESSAGES, code: 'codeInvalid' } as const;
/** change_password: an empty current password asks for it. */
const CHANGE_MESSAGES = { ...FIELD_MESSAGES, old_password: 'currentPasswordRequired' } as const;

/** Accounts, beans and invitation codes: spec §7's /user/* calls (docs/api.md). */
export const userApi = new Hono<ApiEnv>()
  .post('/login', valid('json', loginRequest), async (c) => {
    const token = await accounts.login(c.get('services'), c.req.valid('json'), { ip: c.get('ip') });
    return ok(c, token);
  })
  .post('/register', valid('json', registerRequest), async (c) => {
    const body = c.req.valid('json');
    const answer = await accounts.register(c.get('services'), body, {
      ip: c.get('ip'),
      lang: c.get('lang'),
    });
    return ok(c, answer);
  })
  .post('/reverify_email', valid('json', reverifyRequest), async (c) => {
    await accounts.reverify(c.get('services'), c.req.valid('json'), {
      ip: c.get('ip'),
      lang: c.get('lang'),
    });
    return ok(c, null);
  })
  .post('/register_verification', valid('json', verifyRequest, CODE_MESSAGES), async (c) => {
    const token = await accounts.verifyEmail(c.get('services'), c.req.valid('json'), { ip: c.get('ip') });
    return ok(c, token);
  })
  .post('/reset_token', valid('json', resetTokenRequest), async (c) => {
    await accounts.requestReset(c.get('services'), c.req.valid('json').email, {
      ip: c.get('ip'),
      lang: c.get('lang'),
    });
    return ok(c, null);
  })
  .post('/reset_password', valid('json', resetPasswordRequest, CODE_MESSAGES), async (c) => {
    await accounts.resetPassword(c.get('services'), c.req.valid('json'), { ip: c.get('ip') });
    return ok(c, null);
  })
  .post('/logout', requireUser, async (c) => {
    await accounts.logout(c.get('services'), c.get('sessionId'));
    return ok(c, null);
  })
  .post('/change_password', requireUser, valid('json', changePasswordRequest, CHANGE_MESSAGES), async (c) => {
    const token = await accounts.changePassword(
      c.get('services'),
      c.get('user'),
      c.get('sessionId'),
      c.req.valid('json'),
    );
    // This session's new token, as a rotation hands it out (the old one no longer works).
    c.header(NEW_TOKEN_HEADER, token);
    return ok(c, null);
  })
  .post('/modify_language', requireUser, valid('json', modifyLanguageRequest), async (c) => {
    const next = c.req.valid('json').language;
    await accounts.setLanguage(c.get('services'), c.get('user').id, next);
    c.set('lang', next);
    return ok(c, null);
  })
  .get('/user_info', requireUser, (c) =>
    ok(c, accounts.userInfo(c.get('user'), c.get('services').clock.now())),
  )
  .post('/redeem_point', requireUser, valid('json', redeemRequest), async (c) => {
    const beans = await redeemCode(
      c.get('services'),
      c.get('user').id,
      c.req.valid('json').code,
      c.get('ip'),
    );
    return ok(c, beans);
  })
  .get('/bean_history', requireUser, valid('query', pagingQuery), async (c) => {
    const { page, page_size } = c.req.valid('query');
    return ok(c, await beanHistory(c.get('services'), c.get('user').id, page, page_size, c.get('lang')));
  })
  .post(
    '/generate_invitation_code',
    requireUser,
    requireAgent,
    valid('json', generateInvitationRequest),
    async (c) => {
      const { prefix, quantity } = c.req.valid('json');
      return ok(c, await generateInvitations(c.get('services'), c.get('user').id, prefix, quantity));
    },
  )
  .get('/invitation_code_list', requireUser, requireAgent, async (c) =>
    ok(c, await listInvitations(c.get('services'), c.get('user').id)),
  );
