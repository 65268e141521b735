import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { emailSuppressions, outreachEmails, outreachSequences, users } from '../platform/db/schema.ts';
import { message } from '../i18n.ts';
import { queueMail } from '../platform/mail.ts';
import type { Services } from '../platform/services.ts';
import { stopSequence, stopSequencesTo } from './sequences.ts';

/*
 * The inbound mailbox of outreach (issue 15). With INBOUND_DOMAIN set, an outreach email's
 * Reply-To is reply+<sequence>.<tag>@INBOUND_DOMAIN and its envelope sender (where bounces go)
 * bounce+<sequence>.<tag>@INBOUND_DOMAIN. The domain's mail server posts every message it receives
 * to POST /api/outreach/inbound (docs/deploy.md: a Postfix pipe, or a provider's inbound route); a
 * reply stops the sequence and is passed on to the user, a permanent bounce suppresses the address.
 */

const TAG_LENGTH = 16;
const tag = (secret: string, kind: string, id: string) =>
  createHmac('sha256', secret)
    .update(`inbound:${kind}:${id}`)
    .digest('base64url')
    .slice(0, TAG_LENGTH)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');

/** The reply and bounce addresses of a sequence. */
export function inboundAddress(domain: string, secret: string, sequenceId: string) {
  return {
    reply: `reply+${sequenceId}.${tag(secret, 'reply', sequenceId)}@${domain}`,
    bounce: `bounce+${sequenceId}.${tag(secret, 'bounce', sequenceId)}@${domain}`,
  };
}

/** The sequence an inbound address names, when its tag is genuine. */
export function readInboundAddress(
  secret: string,
  address: string,
): { kind: 'reply' | 'bounce'; sequenceId: string } | null {
  const match = /^(reply|bounce)\+([0-9a-f-]{36})\.([a-z0-9]{16})@/i.exec(address.trim().toLowerCase());
  if (!match) return null;
  const [, kind, id, given] = match as unknown as [string, 'reply' | 'bounce', string, string];
  const expected = tag(secret, kind, id);
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected)) ? { kind, sequenceId: id } : null;
}

/** A received message, read just enough: headers, the first text part, and a delivery report. */
export interface InboundMessage {
  headers: Map<string, string>;
  text: string;
}

function decode(body: string, encoding: string | undefined): string {
  const kind = encoding?.trim().toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const at = text.indexOf('\n\n');
  const head = (at < 0 ? text : text.slice(0, at)).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      headers.set(
        name,
        headers.has(name)
          ? `${headers.get(name)}, ${line.slice(colon + 1).trim()}`
          : line.slice(colon + 1).trim(),
      );
    }
  }
  return { headers, body: at < 0 ? '' : text.slice(at + 2) };
}

/** Parses a raw message (RFC 5322): its headers and readable text (the first text/plain part, or every part's text). */
export function parseInbound(raw: string): InboundMessage {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary)
    return { headers, text: decode(body, headers.get('content-transfer-encoding')) };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => split(part.replace(/^\n/, '')));
  const plain = parts.find((p) => /^text\/plain/i.test(p.headers.get('content-type') ?? 'text/plain'));
  // A delivery report's machine part (message/delivery-status) is read as text too.
  const text = (plain ? [plain] : parts)
    .concat(parts.filter((p) => /delivery-status/i.test(p.headers.get('content-type') ?? '')))
    .map((p) => decode(p.body, p.headers.get('content-transfer-encoding')))
    .join('\n');
  return { headers, text };
}

/** Whether a message is an automatic answer (out of office, autoresponder): passed on, but not a reply. */
function automatic(headers: Map<string, string>): boolean {
  const auto = headers.get('auto-submitted')?.toLowerCase();
  return (
    (auto !== undefined && auto !== 'no') ||
    headers.has('x-autoreply') ||
    headers.has('x-autorespond') ||
    /auto[-_]?reply/i.test(headers.get('precedence') ?? '')
  );
}

/** The outreach row ids a message answers (In-Reply-To and References name our Message-IDs). */
function answeredRows(headers: Map<string, string>): string[] {
  const refs = `${headers.get('in-reply-to') ?? ''} ${headers.get('references') ?? ''}`;
  return [...refs.matchAll(/<outreach\.([0-9a-f-]{36})@/gi)].map((m) => m[1]!.toLowerCase());
}

/**
 * One received message: a delivery report saying a permanent failure (Status 5.x.x) suppresses the
 * address and stops every sequence to it; any other message to a reply address, or answering one of
 * our emails, stops that sequence as replied (an automatic answer does not) and is passed on to the
 * user. Anything else is ignored.
 */
export async function receiveInbound(
  services: Services,
  secret: string,
  raw: string,
  envelopeTo: string[] = [],
): Promise<{ kind: 'reply' | 'auto_reply' | 'bounce' | 'ignored' }> {
  const mail = parseInbound(raw);
  const recipients = [
    ...envelopeTo,
    ...['to', 'cc', 'delivered-to', 'x-original-to'].flatMap((h) =>
      [...(mail.headers.get(h) ?? '').matchAll(/[\w.+-]+@[\w.-]+/g)].map((m) => m[0]),
    ),
  ];
  const named = recipients.map((a) => readInboundAddress(secret, a)).find((t) => t !== null) ?? null;
  const now = services.clock.now();
  const type = mail.headers.get('content-type') ?? '';
  const report = /report-type="?delivery-status/i.test(type) || named?.kind === 'bounce';

  let sequenceId = named?.sequenceId ?? null;
  if (!sequenceId) {
    const [row] = answeredRows(mail.headers).length
      ? await services.db
          .select({ sequenceId: outreachEmails.sequenceId })
          .from(outreachEmails)
          .where(inArray(outreachEmails.id, answeredRows(mail.headers)))
      : [];
    sequenceId = row?.sequenceId ?? null;
  }
  if (!sequenceId) return { kind: 'ignored' };
  const [sequence] = await services.db
    .select()
    .from(outreachSequences)
    .where(eq(outreachSequences.id, sequenceId));
  if (!sequence) return { kind: 'ignored' };

  if (report) {
    const status = /^Status:\s*([245]\.\d{1,3}\.\d{1,3})/im.exec(mail.text)?.[1];
    if (!status?.startsWith('5')) return { kind: 'ignored' };
    const address = (
      /^Final-Recipient:\s*rfc822;\s*(\S+)/im.exec(mail.text)?.[1] ?? sequence.toAddress
    ).toLowerCase();
    await services.db.transaction(async (tx) => {
      await tx
        .insert(emailSuppressions)
        .values({ email: address, reason: 'bounce', createdAt: now })
        .onConflictDoNothing();
      const [last] = await tx
        .select({ id: outreachEmails.id })
        .from(outreachEmails)
        .where(and(eq(outreachEmails.sequenceId, sequenceId), eq(outreachEmails.status, 'sent')))
        .orderBy(desc(outreachEmails.step))
        .limit(1);
      if (last)
        await tx
          .update(outreachEmails)
          .set({ status: 'failed', error: `bounced: ${status}` })
          .where(eq(outreachEmails.id, last.id));
      await stopSequencesTo(tx, address, 'bounced', now);
    });
    return { kind: 'bounce' };
  }

  const auto = automatic(mail.headers);
  if (!auto) await services.db.transaction((tx) => stopSequence(tx, sequenceId, 'replied', now));
  // The user reads the answer in their own mailbox; a reply to it goes straight to the sender.
  const [user] = await services.db.select().from(users).where(eq(users.id, sequence.userId));
  if (user) {
    const lang = user.language === 'en' ? 'en' : 'zh';
    const from = mail.headers.get('from') ?? sequence.toAddress;
    const sender = /[\w.+-]+@[\w.-]+/.exec(from)?.[0] ?? sequence.toAddress;
    queueMail(services, {
      to: user.email,
      subject: message(lang, 'replyForwardSubject', {
        from: sender,
        subject: mail.headers.get('subject') ?? '',
      }).slice(0, 250),
      text: `${message(lang, 'replyForwardText', { from })}\n\n${mail.text.trim().slice(0, 50_000)}`,
      kind: 'outreach-reply',
      replyTo: sender,
    });
  }
  return { kind: auto ? 'auto_reply' : 'reply' };
}
