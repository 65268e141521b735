import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import type { LeadView } from '../../contract/api.ts';

/** The requests each page has sent and not yet finished, with when each was sent. */
const openRequests = new WeakMap<Page, Map<Request, number>>();

/** Fails a test when the page logs a console error or throws. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const where = message.location().url;
        // A 404 page's own document status is logged as an error; that is the behaviour under test.
        if (where === page.url() && message.text().includes('status of 404')) return;
        // The API answers refusals with 4xx and an envelope the UI shows; only 5xx are faults.
        if (where.includes('/api/') && /status of 4\d\d/.test(message.text())) return;
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      const open = new Map<Request, number>();
      openRequests.set(page, open);
      page.on('request', (request) => open.set(request, Date.now()));
      const done = (request: Request) => open.delete(request);
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Every route of the spec's table plus the screens we named (docs/routes.md), locale-free. */
export const ROUTE_PATHS = [
  '/',
  '/pages/index/index',
  '/pages/login/login',
  '/pages/signup/verify-email',
  '/pages/verify-email/verify-email',
  '/pages/forgot-password/forgot-password',
  '/pages/reset-password/reset-password',
  '/pages/email-sent/email-sent',
  '/pages/leads/leads',
  '/pages/unlocked-leads/unlocked-leads',
  '/pages/sent-emails/sent-emails',
  '/pages/profile/profile',
  '/pages/legal/terms-of-service',
  '/pages/legal/privacy-policy',
  '/pages/chat/chat',
  '/pages/official-blog/official-blog',
  '/pages/blog-detail/blog-detail',
  '/pages/invitation-code/invitation-code',
  '/pages/404/404',
];

export const PRIVATE_PATHS = [
  '/pages/leads/leads',
  '/pages/unlocked-leads/unlocked-leads',
  '/pages/sent-emails/sent-emails',
  '/pages/profile/profile',
  '/pages/chat/chat',
  '/pages/invitation-code/invitation-code',
  '/pages/verify-email/verify-email',
];

export const inLocale = (path: string, locale: 'zh' | 'en') =>
  locale === 'zh' ? path : path === '/' ? '/en' : `/en${path}`;

export const DEMO = { email: 'demo@honeyleads.example', password: 'Demo2026!' };
export const AGENT = { email: 'agent@honeyleads.example', password: 'Agent2026!' };

/** A unique address for one test run. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Logs in through the API and stores the token as the app does (spec §3: token in local storage). */
export async function logInAs(
  page: import('@playwright/test').Page,
  account: { email: string; password: string },
): Promise<string> {
  const res = await page.request.post('/api/user/login', { data: account });
  const token = (await res.json()).data as string;
  // Once per tab, as a real login would: a later logout must stay logged out.
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-token-seeded')) return;
    sessionStorage.setItem('e2e-token-seeded', '1');
    localStorage.setItem('token', value);
  }, token);
  return token;
}

/**
 * Searches through the API as the chat page does (POST /api/chat/search, an SSE stream) and
 * returns the leads of its `lead` events in order. A user may save or unlock only leads a search
 * of theirs returned, so tests search before they save or unlock. Takes one of the day's 30 free
 * searches and opens one conversation; throws when the search is refused (a JSON envelope).
 */
export async function searchLeads(
  request: APIRequestContext,
  token: string,
  sentence: string,
): Promise<LeadView[]> {
  const res = await request.post('/api/chat/search', { headers: { token }, data: { query: sentence } });
  const body = await res.text();
  if (!res.headers()['content-type']?.includes('text/event-stream'))
    throw new Error(`search "${sentence}" refused: HTTP ${res.status()} ${body}`);
  const leads: LeadView[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    const event = /^event: ?(.*)$/m.exec(block)?.[1];
    const data = /^data: ?(.*)$/m.exec(block)?.[1];
    if (event === 'lead' && data) leads.push(JSON.parse(data) as LeadView);
  }
  return leads;
}

/**
 * The card of the first of `cards` (waited for), found by its company's name from then on: it
 * stays the same card when what picked it changes (an unlock takes its button away).
 */
export async function pinnedCard(page: Page, cards: Locator): Promise<Locator> {
  const name = (await cards.first().getByRole('heading').first().textContent())!;
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * The first card of an answer whose unlock costs a bean: something is behind its lock. Ranking puts
 * buying evidence before a person to write to (docs/search.md, "Ranking and evidence"), so the first
 * card may be a company with nothing to reach it by, whose unlock is free.
 */
export const unlockableCard = (page: Page) =>
  pinnedCard(
    page,
    page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /^(?:解锁（\d+ 蜜豆）|Unlock \(costs \d+\))$/ }) }),
  );

/** Waits until every island that hydrates on load has hydrated (Astro drops its `ssr` mark). */
export async function islandsHydrated(page: import('@playwright/test').Page) {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr][client="load"]'));
}

/**
 * Waits until the page's network has been quiet for 500 ms. A walk over every page waits for
 * this 19 times; when it does not come within `ms`, the failure names the requests still open
 * (CI once timed a whole walk out here without saying which page or request hung).
 */
export async function networkSettled(page: Page, ms = 20_000) {
  try {
    await page.waitForLoadState('networkidle', { timeout: ms });
  } catch (error) {
    const now = Date.now();
    const open = [...(openRequests.get(page) ?? new Map<Request, number>())].map(
      ([request, sent]) => `${request.method()} ${request.url()} (open ${now - sent} ms)`,
    );
    throw new Error(
      `${page.url()}: the network did not go quiet in ${ms} ms; open: ${open.join(', ') || 'none'}`,
      {
        cause: error,
      },
    );
  }
}

/** The user info the server holds for a token. */
export async function userInfo(page: import('@playwright/test').Page, token: string) {
  return (await (await page.request.get('/api/user/user_info', { headers: { token } })).json()).data;
}

/**
 * A new verified account (through the API, reading the code from the test mailbox) whose token
 * the page holds once, as after a real sign-up.
 */
export async function signUpVerified(
  page: import('@playwright/test').Page,
  label: string,
  language: 'zh' | 'en',
  options: { signedIn?: boolean } = {},
): Promise<{ email: string; token: string }> {
  const { latestCode } = await import('./mailbox.ts');
  const email = uniqueEmail(label);
  const since = Date.now();
  const registered = await page.request.post('/api/user/register', {
    data: { email, password: 'Secret123', language },
  });
  // The sign-up's token, as the browser that signed up sends it (docs/api.md "Sign-up").
  const { signup_token } = (await registered.json()).data as { signup_token: string };
  const verified = await page.request.post('/api/user/register_verification', {
    data: { email, code: await latestCode(email, since), signup_token },
  });
  const token = (await verified.json()).data as string;
  if (options.signedIn === false) return { email, token };
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-token-seeded')) return;
    sessionStorage.setItem('e2e-token-seeded', '1');
    localStorage.setItem('token', value);
  }, token);
  return { email, token };
}

/**
 * Words of controls, labels and headings that the layout broke across two lines ("Sav/e",
 * "Unlocke/d"; issue 35), each as `TAG “text”: word`. Latin words only (Chinese breaks between any
 * two characters by design); addresses, links to other sites and hidden elements are left out.
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const selector = 'button, .button, [role="tab"], label, h1, h2, h3, h4, th, nav a, .chip';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      if (element.closest('.mono, a[target="_blank"]')) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.mono')) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[A-Za-z]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)),
          );
          if (lines.size > 1)
            found.push(`${element.tagName} “${element.textContent?.trim().slice(0, 40)}”: ${match[0]}`);
        }
      }
    }
    return found;
  });
}

/** How far the page scrolls sideways, in CSS pixels (0 when nothing sticks out). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
