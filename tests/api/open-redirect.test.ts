/**
 * Security guide: payment `success_url` only ever leads to a path on this site. The open-redirect
 * corpus (tests/corpus/open-redirect.ts) goes through GET /pay/stripe/pay_url; a value it accepts
 * is then followed the way a buyer follows it: the test checkout's confirm redirect, then the
 * site's own redirects and the locale bootstrap (a path the check accepts must not become another
 * host one hop later, e.g. `/.//evil.example/` -> `//evil.example/` -> 301 `//evil.example`).
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { payments } from '../../server/platform/db/schema.ts';
import {
  ON_SITE_TARGETS,
  OPEN_REDIRECT_PAYLOADS,
  SITE_ORIGIN,
  staysOnSite,
  visit,
} from '../corpus/open-redirect.ts';
import { startApi, type Api } from './harness.ts';
import { quickAccount } from './snapshot.ts';

let api: Api;
let token: string;
/** The whole server (static site and /api) the buyer returns to. */
let site: ReturnType<typeof createApp>;
beforeAll(async () => {
  // The harness serves the site at http://localhost:4321 (SITE_ORIGIN).
  api = await startApi({ outreach: false });
  token = (await quickAccount(api, 'redirects')).token;
  site = createApp({ distDir: '/nonexistent', siteUrl: SITE_ORIGIN, services: api.services });
});

/** The first URL off the site a buyer landing on `location` reaches, with either saved locale. */
async function offSiteHop(location: string): Promise<string | undefined> {
  for (const stored of ['zh', 'en'] as const) {
    const off = (await visit((request) => site.fetch(request), location, stored)).find(
      (url) => !staysOnSite(url),
    );
    if (off) return off;
  }
  return undefined;
}
afterAll(() => api?.close());

/** Asks for a checkout returning to `target`; when accepted, pays it and returns where the buyer lands. */
async function landing(target: string): Promise<{ code: number; location?: string }> {
  const res = await api.call(
    'GET',
    `/pay/stripe/pay_url?goods_id=13&success_url=${encodeURIComponent(target)}`,
    {
      token,
    },
  );
  if (res.body.code !== 0) return { code: res.body.code };
  const checkout = new URL(res.body.data.url);
  expect(checkout.origin).toBe(SITE_ORIGIN);
  const confirm = await api.raw('POST', `${checkout.pathname.replace(/^\/api/, '')}/confirm`);
  expect(confirm.status).toBe(303);
  return { code: 0, location: confirm.headers.get('location')! };
}

describe('payment success_url on the open-redirect corpus', () => {
  it(`${OPEN_REDIRECT_PAYLOADS.length} payloads: none leads off the site, refusals store nothing`, async () => {
    const offSite: { payload: string; location: string }[] = [];
    let refused = 0;
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      const [before] = await api.database.db.select({ n: count() }).from(payments);
      const result = await landing(payload);
      if (result.code !== 0) {
        expect(result.code, JSON.stringify(payload)).toBe(40001);
        const [after] = await api.database.db.select({ n: count() }).from(payments);
        expect(after!.n, JSON.stringify(payload)).toBe(before!.n);
        refused++;
      } else {
        // The return address itself never keeps a `//` a later hop could read as a host.
        expect(new URL(result.location!).pathname, JSON.stringify(payload)).not.toContain('//');
        const off = await offSiteHop(result.location!);
        if (off) offSite.push({ payload, location: off });
      }
    }
    console.log(
      `success_url corpus: ${OPEN_REDIRECT_PAYLOADS.length} payloads, ${refused} refused (40001), ` +
        `${OPEN_REDIRECT_PAYLOADS.length - refused} resolved to a page of this site, ${offSite.length} off-site`,
    );
    expect(offSite).toEqual([]);
    // The absolute off-site forms are refused outright (the rest resolve to paths on this site).
    expect(refused).toBeGreaterThanOrEqual(20);
  });

  it('paths and URLs of this site are accepted and returned to', async () => {
    for (const target of [...ON_SITE_TARGETS, `${SITE_ORIGIN}/pages/chat/chat`]) {
      const result = await landing(target);
      expect(result.code, target).toBe(0);
      expect(result.location, target).toBe(new URL(target, SITE_ORIGIN).href);
    }
  });
});
