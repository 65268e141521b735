import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Where the test SMTP server drops mail; the e2e server sends through it (playwright.config.ts). */
export const MAILBOX_DIR = join(import.meta.dirname, '../../test-results/mailbox');
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4398);

/** Starts a local SMTP server that writes each message to MAILBOX_DIR (Playwright globalSetup). */
export async function startMailbox(): Promise<() => Promise<void>> {
  mkdirSync(MAILBOX_DIR, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk) => (data += chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        // Written under a temporary name and renamed, so a reader never sees half a message.
        const name = `${Date.now()}-${String(++n).padStart(4, '0')}-${to}.eml`;
        writeFileSync(join(MAILBOX_DIR, `${name}.part`), data);
        renameSync(join(MAILBOX_DIR, `${name}.part`), join(MAILBOX_DIR, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The newest message to `to`, waiting for it to arrive. */
export async function latestMail(to: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(MAILBOX_DIR)
      .filter((name) => name.endsWith(`-${to}.eml`) && Number(name.split('-')[0]) >= after)
      .sort();
    const last = files.at(-1);
    if (last) return readFileSync(join(MAILBOX_DIR, last), 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** A raw single-part message's subject and decoded text (nodemailer's base64 / quoted-printable). */
export function decodeMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = (/^Subject: (.*)$/im.exec(headers)?.[1] ?? '').replace(
    /=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi,
    (_whole, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
  );
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
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
  return { subject, text };
}

/** The 6-digit code in the newest message to `to`. */
export async function latestCode(to: string, after = 0): Promise<string> {
  const mail = decodeMail(await latestMail(to, after));
  const code = /[?&]code=(\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail to ${to}`);
  return code;
}

/**
 * The message to `to` whose subject is `subject`, waiting for it to arrive (tests running in
 * parallel may mail the same demo address, so the newest message alone is not enough).
 */
export async function mailWithSubject(
  to: string,
  subject: string,
  after = 0,
  timeoutMs = 20_000,
): Promise<{ subject: string; text: string; raw: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of readdirSync(MAILBOX_DIR)) {
      if (!name.endsWith(`-${to}.eml`) || Number(name.split('-')[0]) < after) continue;
      const raw = readFileSync(join(MAILBOX_DIR, name), 'utf8');
      const mail = decodeMail(raw);
      if (mail.subject === subject) return { ...mail, raw };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with subject ${subject}`);
}
