import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MAX_EMAIL_BODY_LENGTH, MAX_SUBJECT_LENGTH } from '../../contract/limits.ts';
import { emailSuppressions } from '../db/schema.ts';
import { generateDraft } from '../outreach/draft.ts';
import { leadName, listSent, queueSend, sentView } from '../outreach/send.ts';
import {
  PAGE_CSP,
  confirmPage,
  donePage,
  invalidPage,
  verifyUnsubscribeToken,
} from '../outreach/unsubscribe.ts';
import { llmLimits } from '../platform/llm/limits.ts';
import { hitAll } from '../platform/rateLimit.ts';
import { email, language, leadId, paging } from '../../contract/schemas.ts';
import { ok, requireUser, valid, type ApiEnv, type FieldMessage } from './context.ts';

/** Whether `text` holds a control character (C0 or DEL) other than those `allowed`. */
function hasControl(text: string, allowed = ''): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !allowed.includes(char)) return true;
  }
  return false;
}

const GenerateBody = z.strictObject({
  lead_id: leadId,
  language,
  /** The browser's client id (as GET /get_file's `clientId`). */
  client_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

const SendBody = z.strictObject({
  lead_id: leadId,
  to: email.transform((to) => to.toLowerCase()),
  // Checked before trimming: a line break anywhere (header injection) is refused, not trimmed away.
  subject: z
    .string()
    .refine((s) => !hasControl(s))
    .transform((s) => s.trim())
    .pipe(z.string().min(1).max(MAX_SUBJECT_LENGTH)),
  body: z
    .string()
    .max(MAX_EMAIL_BODY_LENGTH)
    .refine((s) => s.trim().length > 0 && !hasControl(s, '\t\n\r'))
    .transform((s) => s.replace(/\r\n?/g, '\n')),
  language,
  request_id: z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/),
});

const SentQuery = z.strictObject({
  ...paging(50),
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'suppressed']).optional(),
});

/** Field-specific messages for what users type in the compose form. */
const COMPOSE_MESSAGES: Record<string, FieldMessage> = {
  to: 'emailInvalid',
  subject: { key: 'subjectInvalid', params: { max: MAX_SUBJECT_LENGTH } },
  body: { key: 'bodyInvalid', params: { max: MAX_EMAIL_BODY_LENGTH } },
};

/** The unsubscribe pages: HTML, no script, never cached or framed, the token never sent on. */
function html(c: Context<ApiEnv>, body: string, status: 200 | 400) {
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(body, status);
}

/** Outreach email (docs/api.md "Outreach email"): drafts, sending, the sent list, unsubscribe. */
export const outreachApi = new Hono<ApiEnv>()
  .post('/generate', requireUser, valid('json', GenerateBody, COMPOSE_MESSAGES), async (c) => {
    const services = c.get('services');
    // Before the draft: a refused request never reaches the LLM.
    await hitAll(services, llmLimits(c.get('user').id));
    return ok(c, await generateDraft(services, c.get('user'), c.req.valid('json')));
  })
  .post('/send', requireUser, valid('json', SendBody, COMPOSE_MESSAGES), async (c) => {
    const services = c.get('services');
    const row = await queueSend(services, c.get('user'), c.req.valid('json'));
    return ok(c, sentView(row, await leadName(services, row.leadId), c.get('lang')));
  })
  .get('/sent', requireUser, valid('query', SentQuery, COMPOSE_MESSAGES), async (c) => {
    return ok(c, await listSent(c.get('services'), c.get('user'), c.req.valid('query'), c.get('lang')));
  })
  /** The link in the email: a confirmation page (mail scanners open links; a GET changes nothing). */
  .get('/unsubscribe', (c) => {
    const outreach = c.get('services').outreach;
    const token = c.req.query('t');
    const email = outreach ? verifyUnsubscribeToken(outreach.secret(), token) : null;
    if (!email || !token) return html(c, invalidPage(), 400);
    return html(c, confirmPage(email, token), 200);
  })
  /** The confirm button, and RFC 8058 one-click (`List-Unsubscribe=One-Click`): idempotent. */
  .post('/unsubscribe', async (c) => {
    const services = c.get('services');
    const email = services.outreach
      ? verifyUnsubscribeToken(services.outreach.secret(), c.req.query('t'))
      : null;
    if (!email) return html(c, invalidPage(), 400);
    await services.db
      .insert(emailSuppressions)
      .values({ email, reason: 'unsubscribe', createdAt: services.clock.now() })
      .onConflictDoNothing();
    return html(c, donePage(email), 200);
  });
