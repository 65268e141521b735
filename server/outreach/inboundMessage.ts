import PostalMime, { addressParser, type Address, type Email } from 'postal-mime';
import { trimEndOf } from '../platform/text.ts';

/*
 * Reads a message the inbound mailbox received (docs/deploy.md "Inbound mail"): the MIME parsing is
 * postal-mime's; this module bounds what it is given and keeps only what the hook needs. It runs in
 * a worker with a time limit (`inboundWorker.ts`, started by `inbound.ts`), never on the server's
 * event loop, and answers plain data. What a sender writes is read only through these limits.
 */

/** How much of a received message is read (docs/deploy.md "Inbound mail"). */
export const INBOUND_LIMITS = {
  /** The message's own header block; a message with more is not read (Postfix's own limit is 100 KB a field). */
  headerBytes: 64 * 1024,
  /** One header field, its folded lines included; a longer field is left out before parsing. */
  fieldBytes: 8 * 1024,
  /** Header fields of the message's own block; further fields are left out. */
  fields: 500,
  /** The headers of every MIME part together (postal-mime `maxHeadersSize`): more, and the message is not read. */
  allHeaderBytes: 256 * 1024,
  /**
   * Lines read of the whole message; the rest (attachments, long quotes) is left out. The parser's
   * cost grows faster than the lines (here 23 ms for 5,000 short ones, 75 ms for 10,000, 0.3 s for
   * 40,000, 7 s for 400,000); a reply passed on is cut to 50,000 characters anyway.
   */
  lines: 10_000,
  /** MIME parts nested in each other (postal-mime `maxNestingDepth`): deeper, and the message is not read. */
  depth: 20,
  /** Recipient addresses looked at, from To, Cc, Delivered-To and X-Original-To together. */
  addresses: 100,
  /** Our Message-IDs looked up from In-Reply-To and References. */
  references: 50,
  /** HTML read when a message has no plain text. */
  htmlChars: 200_000,
  /** The text passed on to the user. */
  textChars: 50_000,
  /** A delivery report's machine-readable part (message/delivery-status). */
  reportBytes: 16 * 1024,
  /** The subject passed on. */
  subjectChars: 200,
  /** The sender's display name passed on. */
  nameChars: 100,
} as const;

/** What the hook uses of a received message: plain, bounded data. */
export interface InboundMessage {
  /** The sender's address (From), or null when it is not a plain mailbox. */
  from: string | null;
  /** The sender's display name, on one line. */
  fromName: string;
  /** The subject, decoded (RFC 2047) and put on one line without control or direction characters. */
  subject: string;
  /** Where the headers say it was sent (To, Cc, Delivered-To, X-Original-To), lower case. */
  recipients: string[];
  /** Ids of our outreach rows that In-Reply-To and References name. */
  answers: string[];
  /** What marks it as written by a machine (an out-of-office, an autoresponder), or null for a person's. */
  automatic: string | null;
  /** A report (multipart/report): its type and, for a delivery report, the status of a permanent failure. */
  report: { type: string; failed: string | null } | null;
  /** Its readable text: the plain text part, or the HTML's text. */
  text: string;
}

export type InboundReading =
  | { ok: true; message: InboundMessage }
  | { ok: false; reason: 'headers_too_large' | 'unreadable' | 'too_slow'; detail: string };

/*
 * Automatic answers, as mail systems really mark them. A message so marked is passed on to the user
 * but does not stop the follow-ups; a mistake either way costs little (the user reads it and can mark
 * a reply). Not used alone: X-Auto-Response-Suppress, which help desks also put on a person's answers.
 */

/** Headers that mark an automatic message, with the values that count. */
const AUTOMATIC_HEADERS: Record<string, (value: string) => boolean> = {
  // RFC 3834 §5: auto-generated, auto-replied, auto-notified; only "no" is a person's.
  'auto-submitted': (v) => token(v) !== '' && token(v) !== 'no',
  'x-autoreply': yes,
  'x-autorespond': yes,
  'x-autoresponder': yes,
  'x-autoreply-from': yes,
  'x-mail-autoreply': yes,
  // Autoresponders and Exchange transport rules mark their answers bulk or auto_reply.
  precedence: (v) => ['bulk', 'junk', 'list', 'auto_reply', 'auto-reply'].includes(token(v)),
  // Written or redirected by an Exchange inbox rule: the out-of-office assistant is one.
  'x-ms-exchange-inbox-rules-loop': yes,
  // Written by an Exchange agent (Mailbox Rules Agent, Transport Rule Agent, Journal Agent…).
  'x-ms-exchange-generated-message-source': yes,
  // The null sender: delivery reports and RFC 3834 §3.1.5 answers.
  'return-path': (v) => v.trim() === '<>',
};

/** Subject openings of automatic answers (case-insensitive), as the big mail systems write them. */
const AUTOMATIC_SUBJECTS = [
  'automatic reply:', // Outlook, Exchange
  'auto reply:',
  'auto-reply:',
  'autoreply:',
  'automatic response:',
  'auto response:',
  'out of office:',
  'out of the office:',
  'oof:',
  'ooo:',
  '自动回复', // QQ Mail, 163 (Coremail), Outlook zh-CN
  '自动答复', // Outlook zh-CN
  '自動回覆', // Outlook zh-TW, Gmail zh-TW
  '自動回復', // Outlook ja
  'automatische antwort:',
  'abwesenheitsnotiz:',
  'réponse automatique',
  'respuesta automática:',
  'risposta automatica:',
];

/** Senders that are mail systems, not people (local part). */
const SYSTEM_SENDERS = ['mailer-daemon', 'postmaster'];

/**
 * A header value's first token, lower case (`auto-replied; owner-email=…` → `auto-replied`), its
 * comments left out (RFC 5322 §3.2.2 CFWS, which RFC 3834 §5 allows: `no (written by a person)`).
 */
function token(value: string): string {
  let bare = value;
  // Innermost comments first; nested three deep at most (a field holds 8 KB: linear either way).
  for (let depth = 0; depth < 3 && bare.includes('('); depth++) bare = bare.replace(/\([^()]*\)/g, ' ');
  return (bare.split(';')[0] ?? '').trim().toLowerCase();
}

function yes(value: string): boolean {
  return !['no', 'false', '0'].includes(token(value));
}

/** Where the message's own header block ends: [end of the last field, start of the body], or null. */
function headerBounds(raw: Uint8Array, limit: number): [number, number] | null {
  const last = Math.min(raw.length, limit + 4);
  if (raw[0] === 10) return [0, 1];
  if (raw[0] === 13 && raw[1] === 10) return [0, 2];
  for (let i = 0; i < last; i++) {
    if (raw[i] !== 10) continue;
    if (raw[i + 1] === 10) return i + 1 <= limit ? [i + 1, i + 2] : null;
    if (raw[i + 1] === 13 && raw[i + 2] === 10) return i + 1 <= limit ? [i + 1, i + 3] : null;
  }
  // No body: the whole message is its header block.
  return raw.length <= limit ? [raw.length, raw.length] : null;
}

/** The message up to its `lines`th line. */
function firstLines(raw: Uint8Array, lines: number): Uint8Array {
  let at = -1;
  for (let n = 0; n < lines; n++) {
    at = raw.indexOf(10, at + 1);
    if (at < 0) return raw;
  }
  return raw.subarray(0, at + 1);
}

/**
 * The message bounded as `INBOUND_LIMITS` says: null when its header block is over
 * `headerBytes`; fields over `fieldBytes`, fields after the first `fields`, and lines after the
 * first `lines` are left out.
 */
export function boundMessage(message: Uint8Array): Uint8Array | null {
  const raw = firstLines(message, INBOUND_LIMITS.lines);
  const bounds = headerBounds(raw, INBOUND_LIMITS.headerBytes);
  if (!bounds) return null;
  const [end, body] = bounds;
  const kept: [number, number][] = [];
  let dropped = false;
  let start = 0;
  let fields = 0;
  // A field is a line not starting with a space or tab, with the folded lines after it.
  while (start < end) {
    let stop = start;
    for (;;) {
      const newline = raw.indexOf(10, stop);
      stop = newline < 0 || newline >= end ? end : newline + 1;
      if (stop >= end || (raw[stop] !== 32 && raw[stop] !== 9)) break;
    }
    if (stop - start > INBOUND_LIMITS.fieldBytes || ++fields > INBOUND_LIMITS.fields) dropped = true;
    else kept.push([start, stop]);
    start = stop;
  }
  if (!dropped) return raw;
  const parts = [...kept.map(([a, b]) => raw.subarray(a, b)), raw.subarray(end, body), raw.subarray(body)];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;
/** Direction marks, embeddings, overrides and isolates: they could make a subject read backwards. */
const DIRECTION = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A header text fit for one line of an email we send: no control characters (a CR or LF could
 * start a header of its own), no direction controls, whitespace runs as one space, at most `max`
 * characters.
 * @example plainLine('Re:\r\nBcc: x@y.z', 200) // 'Re: Bcc: x@y.z'
 */
export function plainLine(value: string, max: number): string {
  const clean = value.toWellFormed().replace(CONTROLS, ' ').replace(DIRECTION, '').replace(/\s+/gu, ' ');
  return Array.from(clean.trim()).slice(0, max).join('').trim();
}

/** A plain mailbox (`local@domain`, no spaces, brackets or quotes), lower case, or null. */
export function mailbox(value: string | undefined): string | null {
  if (!value || value.length > 254) return null;
  const address = value.trim().toLowerCase();
  return /^[^\s@<>()",;:\\[\]]{1,64}@[^\s@<>()",;:\\[\]]{1,253}$/u.test(address) ? address : null;
}

/** The mailboxes of an address list, groups opened. */
function mailboxes(list: Address[] | undefined): string[] {
  return (list ?? []).flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address]));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Tags that end a line of text. */
const BLOCKS = new Set(['br', 'p', '/p', 'div', '/div', 'tr', '/tr', 'li', 'h1', 'h2', 'h3', 'blockquote']);

/** The text of an HTML body, in one pass: tags dropped (blocks as line breaks), style and script skipped, common entities read. */
export function htmlText(html: string): string {
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const text = html.slice(i, lt < 0 ? html.length : lt);
    out += text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/giu, (whole, name: string) => {
      const code = name.startsWith('#x')
        ? parseInt(name.slice(2), 16)
        : name.startsWith('#')
          ? Number(name.slice(1))
          : NaN;
      if (!Number.isNaN(code)) return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
    if (lt < 0) break;
    const gt = html.indexOf('>', lt);
    if (gt < 0) break;
    const name = /^<\s*(\/?[a-z0-9]{1,10})/iu.exec(html.slice(lt, lt + 13))?.[1]?.toLowerCase() ?? '';
    i = gt + 1;
    if (name === 'style' || name === 'script') {
      const close = new RegExp(`</${name}`, 'giu');
      close.lastIndex = i;
      i = close.exec(html)?.index ?? html.length;
    } else if (BLOCKS.has(name)) out += '\n';
  }
  return out
    .split('\n')
    .map((line) => trimEndOf(line, ' \t'))
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n');
}

/**
 * A delivery report's machine part (RFC 3464): the status of a recipient whose delivery failed
 * for good (`Action: failed`, or no action, and `Status: 5.x.x`), or null.
 */
export function permanentFailure(report: string): string | null {
  const lines = report.split(/\r?\n/u);
  let action: string | undefined;
  let status: string | undefined;
  const check = () => {
    const code = /^5\.\d{1,3}\.\d{1,3}/u.exec(status ?? '')?.[0];
    return code && (action === undefined || action === 'failed') ? code : null;
  };
  for (let i = 0; i <= lines.length; i++) {
    const line = lines[i];
    // A blank line ends a recipient's fields (the first block is about the message).
    if (line === undefined || line.trim() === '') {
      const found = check();
      if (found) return found;
      action = status = undefined;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0 || /^[ \t]/u.test(line)) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'action') action = token(value);
    if (name === 'status') status = value;
  }
  return null;
}

/** What marks the message as automatic, or null. */
function automaticSign(email: Email, from: string | null, subject: string): string | null {
  for (const { key, value } of email.headers)
    if (Object.hasOwn(AUTOMATIC_HEADERS, key) && AUTOMATIC_HEADERS[key]!(value))
      return `${key}: ${value.slice(0, 60)}`;
  const local = from?.split('@')[0] ?? '';
  if (SYSTEM_SENDERS.includes(local)) return `from: ${local}`;
  const opening = subject.toLowerCase();
  const prefix = AUTOMATIC_SUBJECTS.find((p) => opening.startsWith(p));
  return prefix ? `subject: ${prefix}` : null;
}

/** The report a multipart/report message carries: its type, and a delivery report's permanent failure. */
function readReport(email: Email): InboundMessage['report'] {
  const type = email.headers.find((h) => h.key === 'content-type')?.value ?? '';
  const [kind = '', ...params] = type.split(';');
  if (kind.trim().toLowerCase() !== 'multipart/report') return null;
  const param = params.find((p) => p.trim().toLowerCase().startsWith('report-type='));
  const written = (param?.split('=')[1] ?? '').replace(/"/gu, '').trim().toLowerCase();
  // RFC 6533's internationalized delivery report is a delivery report too.
  const reportType = written === 'global-delivery-status' ? 'delivery-status' : written;
  let failed: string | null = null;
  if (reportType === 'delivery-status')
    for (const part of email.attachments) {
      if (part.mimeType !== 'message/delivery-status' && part.mimeType !== 'message/global-delivery-status')
        continue;
      const bytes =
        typeof part.content === 'string'
          ? new TextEncoder().encode(part.content)
          : part.content instanceof Uint8Array
            ? part.content
            : new Uint8Array(part.content);
      failed = permanentFailure(new TextDecoder().decode(bytes.subarray(0, INBOUND_LIMITS.reportBytes)));
      if (failed) break;
    }
  return { type: reportType, failed };
}

/**
 * Reads a raw message (RFC 5322, MIME) within `INBOUND_LIMITS`: its sender, subject, the addresses
 * it names, the outreach emails it answers, whether a machine wrote it, a delivery report's
 * verdict, and its text. Meant to run in the inbound worker (`inbound.ts` `readInWorker`).
 */
export async function readInboundMessage(raw: Uint8Array): Promise<InboundReading> {
  const bounded = boundMessage(raw);
  if (!bounded)
    return {
      ok: false,
      reason: 'headers_too_large',
      detail: `header block over ${INBOUND_LIMITS.headerBytes} bytes`,
    };
  let email: Email;
  try {
    email = await PostalMime.parse(bounded, {
      maxNestingDepth: INBOUND_LIMITS.depth,
      maxHeadersSize: INBOUND_LIMITS.allHeaderBytes,
      // A returned or forwarded message stays an attachment: its text is not the answer.
      forceRfc822Attachments: true,
    });
  } catch (error) {
    return {
      ok: false,
      reason: 'unreadable',
      detail: error instanceof Error ? error.message : String(error),
    };
  }

  const headerValues = (key: string) => email.headers.filter((h) => h.key === key).map((h) => h.value);
  const recipients = [
    ...mailboxes(email.to),
    ...mailboxes(email.cc),
    ...['delivered-to', 'x-original-to'].flatMap((key) =>
      headerValues(key).flatMap((value) => mailboxes(addressParser(value))),
    ),
  ]
    .slice(0, INBOUND_LIMITS.addresses)
    .flatMap((a) => mailbox(a) ?? []);

  const answers = [
    ...`${email.inReplyTo ?? ''} ${email.references ?? ''}`.matchAll(/<outreach\.([0-9a-f-]{36})@/giu),
  ]
    .slice(0, INBOUND_LIMITS.references)
    .map((m) => m[1]!.toLowerCase());

  const sender = email.from && !email.from.group ? email.from : undefined;
  const from = mailbox(sender?.address);
  const subject = plainLine(email.subject ?? '', INBOUND_LIMITS.subjectChars);
  const body = email.text ?? (email.html ? htmlText(email.html.slice(0, INBOUND_LIMITS.htmlChars)) : '');
  return {
    ok: true,
    message: {
      from,
      fromName: plainLine(sender?.name ?? '', INBOUND_LIMITS.nameChars),
      subject,
      recipients: [...new Set(recipients)],
      answers: [...new Set(answers)],
      automatic: automaticSign(email, from, subject),
      report: readReport(email),
      // Control characters other than line breaks and tabs are dropped from what is passed on.
      text: body
        .slice(0, INBOUND_LIMITS.textChars)
        .toWellFormed()
        .replace(/[^\P{Cc}\n\t]/gu, '')
        .trim(),
    },
  };
}
