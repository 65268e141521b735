/**
 * Security guide: `?redirect=` only ever leads to a path on this site. The open-redirect corpus
 * (tests/corpus/open-redirect.ts) through the real login page in the browser: log in with
 * `?redirect=<payload>` and see where the browser goes. Any request to another host is answered
 * by a stand-in page and recorded.
 */
import { OPEN_REDIRECT_PAYLOADS } from '../corpus/open-redirect.ts';
import { test, expect, DEMO } from './fixtures.ts';

// Groups of 15 payloads, each a test of its own: a full login per payload is slow on 2 cores.
const GROUP = 15;
const groups = Array.from({ length: Math.ceil(OPEN_REDIRECT_PAYLOADS.length / GROUP) }, (_, i) =>
  OPEN_REDIRECT_PAYLOADS.slice(i * GROUP, (i + 1) * GROUP),
);
test.describe.configure({ mode: 'parallel' });

for (const [index, payloads] of groups.entries()) {
  test(`login ?redirect= never leaves the site: open-redirect payloads ${index * GROUP + 1}–${index * GROUP + payloads.length} of ${OPEN_REDIRECT_PAYLOADS.length}`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const site = new URL(baseURL!).origin;
    const offSite: { payload: string; url: string }[] = [];
    await page.context().route(
      (url) => url.origin !== site && /^https?:$/.test(url.protocol),
      (route) => {
        if (!offSite.some((o) => o.payload === current))
          offSite.push({ payload: current, url: route.request().url() });
        return route.fulfill({ contentType: 'text/html', body: '<title>elsewhere</title>' });
      },
    );
    let current = '';
    for (const payload of payloads) {
      current = payload;
      // Logged out before each try: a public page of the site, then its storage cleared.
      await page.goto('/en/pages/legal/terms-of-service');
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/en/pages/login/login?redirect=${encodeURIComponent(payload)}`);
      await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
      await page.waitForURL((url) => !url.pathname.endsWith('/pages/login/login'));
      const landed = page.url();
      if (!landed.startsWith(`${site}/`) && !offSite.some((o) => o.payload === payload))
        offSite.push({ payload, url: landed });
    }
    expect(offSite).toEqual([]);
  });
}
