import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// ---------------------------------------------------------------------------------------------
// A real SMTP server the API sends through (smtp-server), which can refuse the next messages.

interface Received {
  headers: Map<string, string>;
  subject: string;
  text: string;
  messageId: string;
  to: string[];
  /** The envelope sender (MAIL FROM): where bounces go. */
  mailFrom?: string;
}

/** `=?utf-8?B?…?=` / `=?utf-8?Q?…?=` words (adjacent ones join without the space between). */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_whole, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function parseMessage(raw: string, to: string[]): Received {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    text = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n'),
    messageId: headers.get('message-id') ?? '',
    to,
  };
}

/** A real SMTP server the API sends through (smtp-server), which can refuse the next messages. */
export async function startSmtp() {
  const messages: Received[] = [];
  const refusals: { code: number; text: string }[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const refusal = refusals.shift();
        if (refusal) {
          refused++;
          callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
          return;
        }
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          ...parseMessage(
            raw,
            session.envelope.rcptTo.map((r) => r.address),
          ),
          ...(mailFrom ? { mailFrom: mailFrom.address } : {}),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    /** Refuses the next message(s) at the end of DATA with this SMTP answer. */
    refuseNext: (code: number, text: string) => refusals.push({ code, text }),
    refusedCount: () => refused,
    /** Outreach messages of one row (its Message-ID is derived from the row id). */
    forRow: (id: string) => messages.filter((m) => m.messageId.includes(`outreach.${id}@`)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
