import { Hono, type Context } from 'hono';
import { MAX_EMAIL_BODY_LENGTH, MAX_SUBJECT_LENGTH } from '../../contract/limits.ts';
import { listSent, markReplied, quota, thread } from '../outreach/send.ts';
import { bodyLimit } from 'hono/body-limit';
import { draftEmail, inbound, sendEmail, unsubscribe, unsubscribeAddress } from '../outreach/service.ts';
import { AppError } from '../platform/errors.ts';
import { ErrorCode } from '../../contract/api.ts';
import { PAGE_CSP, confirmPage, donePage, invalidPage } from '../outreach/unsubscribe.ts';
import { generateEmailRequest, sendEmailRequest, sentQuery, sequenceRef } from '../../contract/schemas.ts';
import { ok, requireUser, valid, type ApiEnv, type FieldMessage } from './context.ts';

/** Field-specific messages for what users type in the compose form. */
const COMPOSE_MESSAGES: Record<string, FieldMessage> = {
  to: 'emailInvalid',
  subject: { key: 'subjectInvalid', params: { max: MAX_SUBJECT_LENGTH } },
  body: { key: 'bodyInvalid', params: { max: MAX_EMAIL_BODY_LENGTH } },
  follow_ups: 'followUpsInvalid',
};

/** A received message may be large (quoted mail, attachments): read up to 2 MB of it. */
export const INBOUND_MAX_BYTES = 2 * 1024 * 1024;

/** The unsubscribe pages: HTML, no script, never cached or framed, the token never sent on. */
function html(c: Context<ApiEnv>, body: string, status: 200 | 400) {
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(body, status);
}

/** Outreach email (docs/api.md "Outreach email"): drafts, sending, the sent list, unsubscribe. */
export const outreachApi = new Hono<ApiEnv>()
  .post('/generate', requireUser, valid('json', generateEmailRequest, COMPOSE_MESSAGES), async (c) =>
    ok(c, await draftEmail(c.get('services'), c.get('user'), c.req.valid('json'), c.get('lang'))),
  )
  .post('/send', requireUser, valid('json', sendEmailRequest, COMPOSE_MESSAGES), async (c) =>
    ok(c, await sendEmail(c.get('services'), c.get('user'), c.req.valid('json'), c.get('lang'))),
  )
  .get('/sent', requireUser, valid('query', sentQuery, COMPOSE_MESSAGES), async (c) => {
    return ok(c, await listSent(c.get('services'), c.get('user'), c.req.valid('query'), c.get('lang')));
  })
  .get('/thread', requireUser, valid('query', sequenceRef), async (c) =>
    ok(c, await thread(c.get('services'), c.get('user'), c.req.valid('query').sequence_id, c.get('lang'))),
  )
  .post('/replied', requireUser, valid('json', sequenceRef), async (c) =>
    ok(
      c,
      await markReplied(c.get('services'), c.get('user'), c.req.valid('json').sequence_id, c.get('lang')),
    ),
  )
  .get('/quota', requireUser, async (c) => ok(c, await quota(c.get('services'), c.get('user'))))
  /**
   * The inbound mailbox's hook (docs/deploy.md): the raw message as the body, the secret in
   * `X-Inbound-Secret`, the envelope recipient in `X-Envelope-To` (set by our mail server, the only
   * source bounces are believed from).
   */
  .post(
    '/inbound',
    bodyLimit({
      maxSize: INBOUND_MAX_BYTES,
      onError: () => {
        throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge');
      },
    }),
    async (c) => {
      const envelope = (c.req.header('x-envelope-to') ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      // Bytes, not text: a message's parts carry their own charsets (GBK, Big5…), read by the parser.
      const raw = new Uint8Array(await c.req.arrayBuffer());
      return ok(c, await inbound(c.get('services'), c.req.header('x-inbound-secret'), raw, envelope));
    },
  )
  /** The link in the email: a confirmation page (mail scanners open links; a GET changes nothing). */
  .get('/unsubscribe', (c) => {
    const token = c.req.query('t');
    const email = unsubscribeAddress(c.get('services'), token);
    if (!email || !token) return html(c, invalidPage(), 400);
    return html(c, confirmPage(email, token), 200);
  })
  /** The confirm button, and RFC 8058 one-click (`List-Unsubscribe=One-Click`): idempotent. */
  .post('/unsubscribe', async (c) => {
    const email = await unsubscribe(c.get('services'), c.req.query('t'));
    if (!email) return html(c, invalidPage(), 400);
    return html(c, donePage(email), 200);
  });
