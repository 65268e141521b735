/**
 * Security guide, "Rendering": `frame-ancestors`, HSTS (when on https), `nosniff` and
 * `Referrer-Policy` are sent as headers by the server, on every kind of answer the API gives:
 * envelopes (success and refusal), the search stream, the test checkout and unsubscribe pages,
 * signed file downloads and redirects. A page of the site gets its own policy as a header (issue
 * 29: the `<meta>` alone cannot forbid framing), on a fixture here and on every built page in
 * tests/build/csp.test.ts; other static rules are in tests/unit/server-static.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompressDir } from '../../server/precompress.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { unsubscribeToken } from '../../server/outreach/unsubscribe.ts';
import { startApi, type Api } from './harness.ts';
import { quickAccount } from './snapshot.ts';

let api: Api;
let token: string;
/** Path (under /api) -> how to call it; filled in beforeAll with real ids. */
let answers: {
  name: string;
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}[];

beforeAll(async () => {
  api = await startApi({
    leads: generateLeads({ perMajor: 1, perOther: 0 }).slice(0, 20),
    env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'honeyleads-headers-')) },
    outreach: { work: false },
  });
  token = (await quickAccount(api, 'headers')).token;
  const boundary = 'hlboundary';
  const upload = await api.call('POST', '/upload_file', {
    token,
    rawBody: [
      `--${boundary}`,
      'Content-Disposition: form-data; name="clientId"',
      '',
      'client-headers',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="notes.txt"',
      'Content-Type: text/plain',
      '',
      'Some company notes.',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(upload.body.code).toBe(0);
  const link = await api.call('GET', `/get_s3_url?file_id=${upload.body.data.file_id}`, { token });
  const pay = await api.call('GET', `/pay/stripe/pay_url?goods_id=13&success_url=%2Fpages%2Fchat%2Fchat`, {
    token,
  });
  const checkout = new URL(pay.body.data.url).pathname;
  const unsubscribe = unsubscribeToken(api.services.outreach!.secret(), 'lead@example.com');
  answers = [
    { name: 'a success envelope', method: 'GET', path: '/api/user/user_info' },
    { name: 'a refusal envelope', method: 'GET', path: '/api/user/user_info', headers: { token: 'nope' } },
    { name: 'an unknown call', method: 'GET', path: '/api/nope' },
    {
      name: 'a malformed body',
      method: 'POST',
      path: '/api/user/login',
      body: '{',
      headers: { 'content-type': 'application/json' },
    },
    {
      name: 'the search stream',
      method: 'POST',
      path: '/api/chat/search',
      body: JSON.stringify({ query: 'Find LED panel buyers in Germany' }),
      headers: { 'content-type': 'application/json' },
    },
    { name: 'the test checkout page', method: 'GET', path: checkout },
    { name: 'the test checkout redirect', method: 'POST', path: `${checkout}/confirm` },
    { name: 'a signed file download', method: 'GET', path: link.body.data.url },
    { name: 'the unsubscribe page', method: 'GET', path: `/api/outreach/unsubscribe?t=${unsubscribe}` },
    { name: 'a static page (none built here)', method: 'GET', path: '/pages/chat/chat' },
  ];
}, 60_000);
afterAll(() => api?.close());

/** The site as `npm start` serves it, with this file's services, at `siteUrl`. */
function appAt(siteUrl: string) {
  return createApp({ distDir: '/nonexistent', siteUrl, services: api.services, trustProxy: true });
}

async function each(siteUrl: string, check: (res: Response, name: string) => void) {
  const app = appAt(siteUrl);
  for (const a of answers) {
    const res = await app.request(a.path, {
      method: a.method,
      headers: { token, ...a.headers },
      ...(a.body ? { body: a.body } : {}),
    });
    expect(res.status, a.name).toBeLessThan(500);
    check(res, a.name);
    await res.arrayBuffer();
  }
}

describe('security headers on every kind of answer', () => {
  it('nosniff, a referrer policy and a framing ban on each', async () => {
    await each('http://localhost:4321', (res, name) => {
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), name).toMatch(
        /^(no-referrer|strict-origin-when-cross-origin)$/,
      );
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, name).toMatch(/(^|; *)frame-ancestors 'none'($|;)/);
      expect(res.headers.get('x-frame-options'), name).toBe('DENY');
      // None of these is a page of the site: a policy that lets nothing load by default.
      expect(csp, name).toMatch(/(^|; *)default-src 'none'($|;)/);
    });
  });

  it('HSTS when the site is on https, and not on plain http', async () => {
    await each('https://honeyleads.example', (res, name) => {
      expect(res.headers.get('strict-transport-security'), name).toMatch(/max-age=(\d{8,})/);
      const age = Number(/max-age=(\d+)/.exec(res.headers.get('strict-transport-security')!)![1]);
      expect(age, name).toBeGreaterThanOrEqual(31_536_000);
    });
    await each('http://localhost:4321', (res, name) => {
      expect(res.headers.get('strict-transport-security'), name).toBeNull();
    });
  });

  it('a page that sets a stricter policy keeps it (the unsubscribe link never leaks its token)', async () => {
    const res = await appAt('https://honeyleads.example').request(
      answers.find((a) => a.name === 'the unsubscribe page')!.path,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('downloads are sandboxed and typed by the server', async () => {
    const res = await appAt('http://localhost:4321').request(
      answers.find((a) => a.name === 'a signed file download')!.path,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});

describe('a page of the site: its own policy as a header', () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const script = 'document.documentElement.dataset.ready = "1"';
  const style = 'body{margin:0}';
  const policyFor = (...hashes: string[]) =>
    `default-src 'self'; object-src 'none'; base-uri 'none'; script-src 'self' ${hashes[0]}; style-src 'self' ${hashes[1]};`;
  const pagePolicy = policyFor(sha256(script), sha256(style));
  const notFoundScript = 'console.log("404")';
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    // As the build leaves a page: the narrowed policy in its <meta>, .br and .gz copies beside it.
    const dist = mkdtempSync(join(tmpdir(), 'honeyleads-page-csp-'));
    const write = (file: string, text: string) => {
      mkdirSync(join(dist, file, '..'), { recursive: true });
      writeFileSync(join(dist, file), text);
    };
    const page = (policy: string, body: string) =>
      `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${policy.replace(/'/g, '&#39;')}">${body}</head><body>${'<p>text</p>'.repeat(100)}</body></html>`;
    write('pages/chat/chat.html', page(pagePolicy, `<style>${style}</style><script>${script}</script>`));
    write(
      '404.html',
      page(policyFor(sha256(notFoundScript), sha256(style)), `<script>${notFoundScript}</script>`),
    );
    write('_astro/app.js', 'console.log(1);'.repeat(100));
    await precompressDir(dist);
    app = createApp({ distDir: dist, siteUrl: 'https://honeyleads.example', services: api.services });
  });

  const policyOf = (res: Response) => res.headers.get('content-security-policy');

  it("a page's header is its <meta> policy with frame-ancestors 'none': its own hashes only", async () => {
    for (const encoding of ['', 'gzip', 'br']) {
      const res = await app.request('/pages/chat/chat', { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(policyOf(res), encoding).toBe(`${pagePolicy.replace(/;$/, '')}; frame-ancestors 'none'`);
      await res.arrayBuffer();
    }
    const head = await app.request('/pages/chat/chat', { method: 'HEAD' });
    expect(policyOf(head)).toContain(sha256(script));
    expect(policyOf(head)).not.toContain(sha256(notFoundScript));
  });

  it('a revalidated page (304) carries the same policy, which the browser stores with the page', async () => {
    const first = await app.request('/pages/chat/chat');
    const again = await app.request('/pages/chat/chat', {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(policyOf(again)).toBe(policyOf(first));
  });

  it("the not-found page gets the not-found document's policy; a redirect and a script get none to use", async () => {
    const missing = await app.request('/pages/nope/nope');
    expect(missing.status).toBe(404);
    expect(policyOf(missing)).toContain(sha256(notFoundScript));
    expect(policyOf(missing)).toMatch(/base-uri 'none'.*frame-ancestors 'none'$/);
    for (const path of ['/pages/chat/chat/', '/_astro/app.js', '/api/user/user_info']) {
      const res = await app.request(path);
      expect(policyOf(res), path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});
