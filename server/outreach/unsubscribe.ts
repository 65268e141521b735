import { createHmac, timingSafeEqual } from 'node:crypto';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { syncHtml } from '../html.ts';
import { htmlMessage, message, type MessageKey } from '../i18n.ts';

/**
 * Unsubscribe links: `t = base64url(address) "." base64url(HMAC-SHA256(secret, address))[:16 bytes]`
 * over the lower-cased address, so a link names one address and cannot be forged or altered.
 */
const TAG_BYTES = 16;

function tag(secret: string, email: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:${email}`).digest().subarray(0, TAG_BYTES);
}

/** The signed token for an address. */
export function unsubscribeToken(secret: string, email: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address).toString('base64url')}.${tag(secret, address).toString('base64url')}`;
}

/** The address a token was signed for, or null when it is malformed or altered. */
export function verifyUnsubscribeToken(secret: string, token: string | undefined): string | null {
  if (!token || token.length > 600 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return null;
  const [encoded = '', signature = ''] = token.split('.');
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  // Only the canonical encoding of a lower-cased address is ever issued.
  if (!address || Buffer.from(address).toString('base64url') !== encoded || address !== address.toLowerCase())
    return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = tag(secret, address);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}

/** Where the unsubscribe pages answer (GET asks, POST confirms), for a token. */
const unsubscribePath = (token: string) => `/api/outreach/unsubscribe?t=${token}`;

/** The link put in each outreach email (body and List-Unsubscribe header). */
export function unsubscribeUrl(siteUrl: string, secret: string, email: string): string {
  return `${siteUrl}${unsubscribePath(unsubscribeToken(secret, email))}`;
}

/** The pages are self-contained: no script, no outside resources (see PAGE_CSP). */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** A text in both languages, as the page titles and buttons show it: `中文 · English`. */
const both = (key: MessageKey) => `${message('zh', key)} · ${message('en', key)}`;

/** One paragraph per language, the address in bold. */
function paragraphs(key: MessageKey, email: string) {
  const address = syncHtml(html`<strong>${email}</strong>`);
  // prettier-ignore
  return html`<p lang="zh">${htmlMessage('zh', key, { email: address })}</p>
<p lang="en">${htmlMessage('en', key, { email: address })}</p>`;
}

/** A whole page around `body`; every value in it is escaped unless built with `html`. */
function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>): string {
  // prettier-ignore
  return syncHtml(html`<!doctype html>
<html lang="zh">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;font:16px/1.6 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#fdf8ee;color:#2b2118}
main{max-width:32rem;margin:12vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.35rem;margin:0 0 1rem}
p{margin:.5rem 0}
p[lang=en]{color:#5a4a3a}
button{margin-top:1.25rem;padding:.7rem 1.4rem;font:inherit;font-weight:600;color:#fff;background:#b86e00;border:0;border-radius:8px;cursor:pointer}
button:focus-visible{outline:3px solid #2b2118;outline-offset:2px}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`).toString();
}

/** GET: asks to confirm (a link scanner opening the URL changes nothing). */
export function confirmPage(email: string, token: string): string {
  // prettier-ignore
  return page(both('unsubscribeTitle'), html`<h1>${both('unsubscribeTitle')}</h1>
${paragraphs('unsubscribeConfirm', email)}
<form method="post" action="${unsubscribePath(token)}">
<button type="submit">${both('unsubscribeButton')}</button>
</form>`);
}

/** POST: the address is on the suppression list. */
export function donePage(email: string): string {
  // prettier-ignore
  return page(both('unsubscribedTitle'), html`<h1>${both('unsubscribedHeading')}</h1>
${paragraphs('unsubscribedText', email)}`);
}

/** A malformed or altered link: nothing changes. */
export function invalidPage(): string {
  // prettier-ignore
  return page(both('unsubscribeInvalidTitle'), html`<h1>${both('unsubscribeInvalidHeading')}</h1>
<p lang="zh">${message('zh', 'unsubscribeInvalidText')}</p>
<p lang="en">${message('en', 'unsubscribeInvalidText')}</p>`);
}
