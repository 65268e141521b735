/**
 * Security guide: "server and user text is rendered as text" -> XSS corpus through every place that
 * renders server text -> 0 script executions. The API answers are replaced (page.route) by answers
 * whose every text field is a payload of tests/corpus/xss.ts; then, on each page:
 *  - nothing ran: `window.__xss` unset, no dialog, no CSP violation (the CSP would block an
 *    injected script, so a blocked one still counts: it means markup was injected);
 *  - nothing was injected: no element carries an inline handler, no payload tag made it into
 *    the DOM, and the payloads are on the page as text.
 * The blog is static MDX built from our own files (its CSP is checked in tests/build/csp.test.ts).
 */
import type { Page, Route } from '@playwright/test';
import type { InvitationCode, LeadView, SearchUnderstood, SentEmail } from '../../contract/api.ts';
import { XSS_ALL, XSS_PAYLOADS } from '../corpus/xss.ts';
import { test as plainTest } from '@playwright/test';
import { test, expect, logInAs, AGENT } from './fixtures.ts';

const P = XSS_PAYLOADS;
const now = new Date().toISOString();

/** A lead whose every text is payload `i`; its links are script URLs for half of them. */
function lead(i: number, unlocked: boolean): LeadView {
  const p = P[i % P.length]!;
  return {
    id: `L${String(900_000 + i)}`,
    name: `${i} ${p}`,
    role: 'buyer',
    country: { code: 'DE', name: p },
    city: p,
    website: i % 2 ? 'javascript:window.__xss=1' : p,
    size: p,
    company_type: p,
    description: p,
    products: [p, `${p} 2`],
    founded_year: 1990,
    why: {
      products: [p],
      country: p,
      role: 'buyer',
      conditions: ['company_type', 'employees'],
      evidence: {
        products: [p],
        hs_codes: [p],
        shipments_12m: 3,
        origins: [{ code: 'CN', name: p }],
        latest: p,
        sources: [p],
        signals: { growing: null, new_origins: [{ code: 'CN', name: p }], new_supplier: false },
      },
      broader: false,
      kind: null,
    },
    trade: {
      shipments_12m: 3,
      shipments_total: 4,
      latest: p,
      hs_codes: [{ code: p, product: p }],
      origins: [{ code: p, name: p }],
    },
    locked: { emails: 1, phones: 1, socials: 1, people: 1, departments: ['purchasing'] },
    unlocked,
    collected: true,
    memo: p,
    contacts: unlocked
      ? {
          emails: [{ email: `${i}${p}`, status: i % 3 ? 'valid' : p }],
          phones: [p],
          socials: [{ platform: p, url: i % 2 ? 'javascript:window.__xss=1' : `https://x.example/${p}` }],
        }
      : null,
    people: unlocked
      ? [
          {
            id: `${i}.1`,
            name: p,
            title: p,
            department: 'purchasing',
            seniority: 'manager',
            emails: [{ email: `${i}${p}`, status: p }],
            phones: [p],
            socials: [{ platform: p, url: i % 2 ? 'javascript:window.__xss=1' : `https://x.example/${p}` }],
          },
        ]
      : null,
  };
}
/** The saved or unlocked list's rows: a saved one carries a stage and its payload as a tag. */
const listed = (i: number, unlocked: boolean) => ({
  ...lead(i, unlocked),
  stage: unlocked ? null : ('new' as const),
  tags: unlocked ? [] : [P[i]!],
  listed_at: '2026-11-20T10:00:00Z',
});
const leads = (unlocked: boolean) => P.map((_, i) => listed(i, unlocked));
/** What the list's filters offer: every country name and tag a payload. */
const facets = { countries: P.map((p, i) => ({ code: `X${i}`, name: p })), tags: [...P] };

/** What a search understood, every name in it payload `p` (the chips show them). */
const understood = (p: string, chatId: string): SearchUnderstood => ({
  chat_id: chatId,
  criteria: {
    role: 'buyer',
    countries: ['DE', 'AT', 'FR'],
    regions: ['dach'],
    products: ['led-lights', 'solar-panels'],
    conditions: { phone: true, company_type: 'importer' },
  },
  role_stated: false,
  countries: [
    { code: 'DE', name: p },
    { code: 'AT', name: p },
    { code: 'FR', name: `${p} FR` },
  ],
  regions: [{ id: 'dach', name: `${p} region`, countries: ['DE', 'AT'] }],
  products: [
    { id: 'led-lights', hs: '9405', name: `${p} product` },
    { id: 'solar-panels', hs: '8541', name: `${p} product 2` },
  ],
  conditions: [
    { key: 'phone', label: `${p} phone` },
    { key: 'company_type', label: `${p} type` },
  ],
  corrected: [{ written: `${p} written`, read_as: `${p} read` }],
  unknown: [`${p} unknown`],
  more: false,
  text: p,
});

type Answer = { status?: number; body: unknown } | ((route: Route) => Promise<void>);

/** Replaces the named /api calls (path without /api, any query); everything else reaches the server. */
async function mockApi(page: Page, answers: Record<string, Answer>) {
  await page.route('**/api/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/api/, '');
    const answer = answers[`${route.request().method()} ${path}`] ?? answers[path];
    if (!answer) return route.continue();
    if (typeof answer === 'function') return answer(route);
    const body = answer.body as { code?: number } | unknown;
    return route.fulfill({
      status: answer.status ?? 200,
      contentType: 'application/json',
      body: JSON.stringify(
        body && typeof body === 'object' && 'code' in body ? body : { code: 0, msg: 'ok', data: body },
      ),
    });
  });
}

const userInfo = {
  user_id: 1,
  user_name: XSS_ALL,
  email: 'agent@honeyleads.example',
  language: 'en',
  is_agent: 1,
  subscription_status: 0,
  service_expiration_time: null,
  pay_cycle: 0,
  subscription_info: null,
  point: 50,
  bp_used: 0,
};

interface Watch {
  dialogs: string[];
}

/** Signs in as the demo agent and starts watching for anything that runs. */
async function watched(page: Page): Promise<Watch> {
  const watch: Watch = { dialogs: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      w.__cspViolations.push(`${event.violatedDirective}: ${event.sample || event.blockedURI}`),
    );
  });
  await logInAs(page, AGENT);
  return watch;
}

/** What ran or was injected on the page. */
function inspect(page: Page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    return {
      ran: (window as unknown as { __xss?: unknown }).__xss,
      violations: (window as unknown as { __cspViolations: string[] }).__cspViolations,
      handlers: all
        .filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name)))
        .map((el) => el.outerHTML.slice(0, 120)),
      injected: [
        ...document.querySelectorAll(
          'img[src="x"], iframe, object, embed, video, audio, marquee, details[open][ontoggle], math, base[href^="javascript"], meta[http-equiv="refresh"], body script:not([src]):not([type="application/json"])',
        ),
      ]
        // Astro's own inline scripts are hashed in the CSP and carry no payload marker.
        .filter((el) => el.tagName !== 'SCRIPT' || /__xss|alert\(/.test(el.textContent ?? ''))
        .map((el) => el.outerHTML.slice(0, 120)),
      scriptLinks: [...document.querySelectorAll<HTMLElement>('[href], [src], [action], [formaction]')]
        // The page's own icon, an image in the head (issue 17: no request for it), runs nothing.
        .filter((el) => !el.matches('head > link[rel="icon"][type="image/svg+xml"]'))
        .flatMap((el) => ['href', 'src', 'action', 'formaction'].map((name) => el.getAttribute(name) ?? ''))
        // React 19 replaces a javascript: URL with one that only throws; that one is inert.
        .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url) && !/React has blocked/.test(url)),
    };
  });
}

/** Nothing ran and nothing was injected; `shown` payloads are on the page as text. */
async function expectInert(page: Page, watch: Watch, shown: readonly string[]) {
  const text = await page.locator('body').innerText();
  for (const p of shown) expect(text, `payload not shown as text: ${p}`).toContain(p);
  const found = await inspect(page);
  expect(found.ran, 'a payload ran').toBeUndefined();
  expect(watch.dialogs, 'a payload opened a dialog').toEqual([]);
  expect(found.violations, 'injected code was blocked by the CSP').toEqual([]);
  expect(found.handlers, 'inline handlers in the DOM').toEqual([]);
  expect(found.injected, 'payload markup in the DOM').toEqual([]);
  expect(found.scriptLinks, 'script URLs in links').toEqual([]);
}

test.describe(`XSS corpus (${XSS_PAYLOADS.length} payloads) renders as text and runs nothing`, () => {
  test.describe.configure({ timeout: 60_000 });
  test('chat: history, examples, suggestions, a reopened conversation and a search stream', async ({
    page,
  }) => {
    const watch = await watched(page);
    let chunk = 0;
    await mockApi(page, {
      '/user/user_info': { body: userInfo },
      '/chat/quota': { body: { searches_left: 10 } },
      '/chat/get_chat_history': {
        body: P.map((p, i) => ({ chat_id: `c_${i}`, title: p, created_at: now, updated_at: now })),
      },
      '/get_default_query': { body: P },
      // Six suggestions show at a time: each call answers the next six payloads.
      '/complete_query': async (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ code: 0, msg: 'ok', data: P.slice((chunk % 7) * 6, (chunk++ % 7) * 6 + 6) }),
        }),
      '/chat/messages': {
        body: P.flatMap((p, i) => [
          { role: 'user', content: p, created_at: now, understood: null, leads: [] },
          {
            role: 'assistant',
            content: p,
            created_at: now,
            understood: (({ chat_id: _, ...rest }) => rest)(understood(p, 'c_1')),
            leads: [lead(i, i % 2 === 0)],
          },
        ]),
      },
      '/spider/verify_media': { body: { platform: XSS_ALL, valid: true, url: 'https://x.example' } },
      '/chat/search': async (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/event-stream',
          body: [
            `event: understood\ndata: ${JSON.stringify(understood(XSS_ALL, 'c_new'))}\n\n`,
            ...leads(true).map((l) => `event: lead\ndata: ${JSON.stringify(l)}\n\n`),
            `event: summary\ndata: ${JSON.stringify({ text: XSS_ALL, count: P.length, by_country: [], more: true, counted: true, searches_left: 9 })}\n\n`,
          ].join(''),
        }),
    });

    await page.goto('/en/pages/chat/chat');
    const history = page.getByRole('navigation', { name: 'History' });
    await expect(history.getByText(P.at(-1)!, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: P.at(-1)!, exact: true }).last()).toBeVisible();
    await expectInert(page, watch, P);

    const input = page.getByLabel('Describe the customer you are looking for');
    for (let i = 0; i < 7; i++) {
      await input.fill(`led ${'x'.repeat(i)}`);
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    }
    await expectInert(page, watch, []);

    await page.goto('/en/pages/chat/chat?chat=c_1');
    await expect(
      page.getByRole('heading', { name: `${P.length - 1} ${P.at(-1)!}`, exact: true }),
    ).toBeVisible();
    await expectInert(page, watch, P);

    await input.fill('anything');
    await input.press('Enter');
    await expect(page.getByText(XSS_ALL, { exact: true }).last()).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(P.length * 2);
    await expectInert(page, watch, [XSS_ALL]);
  });

  test('saved leads with memos, and unlocked leads with their contacts', async ({ page }) => {
    const watch = await watched(page);
    await mockApi(page, {
      '/user/user_info': { body: userInfo },
      '/leads/collects': { body: { items: leads(false), total: P.length } },
      '/leads/unlocked': { body: { items: leads(true), total: P.length } },
      '/leads/collects/facets': { body: facets },
      '/leads/unlocked/facets': { body: facets },
    });
    await page.goto('/en/pages/leads/leads');
    await expect(
      page.getByRole('heading', { name: `${P.length - 1} ${P.at(-1)!}`, exact: true }),
    ).toBeVisible();
    // Memos are edited in place: each shows its payload as the field's value.
    const memos = page.getByLabel('Memo');
    await expect(memos).toHaveCount(P.length);
    for (let i = 0; i < P.length; i++) await expect(memos.nth(i)).toHaveValue(P[i]!);
    await expectInert(page, watch, P);

    await page.goto('/en/pages/unlocked-leads/unlocked-leads');
    await expect(
      page.getByRole('heading', { name: `${P.length - 1} ${P.at(-1)!}`, exact: true }),
    ).toBeVisible();
    await expectInert(page, watch, P);
  });

  test('account: the name in the menu, invitation codes and the bean history', async ({ page }) => {
    const watch = await watched(page);
    await mockApi(page, {
      '/user/user_info': { body: userInfo },
      '/user/invitation_code_list': {
        body: P.map((p): InvitationCode => ({
          code: p,
          state: 'used',
          used_by: p,
          created_at: now,
          used_at: now,
        })),
      },
      '/user/bean_history': {
        body: {
          items: P.map((p, i) => ({ id: i + 1, amount: 1, reason: 'redeem', detail: p, created_at: now })),
          total: P.length,
        },
      },
      'POST /user/redeem_point': { status: 409, body: { code: 40901, msg: XSS_ALL, data: null } },
    });
    await page.goto('/en/pages/invitation-code/invitation-code');
    await expect(page.getByRole('row')).toHaveCount(P.length + 1);
    await expectInert(page, watch, P);

    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByText(XSS_ALL, { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Remaining unlocks: \d+\. Redeem a code$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem unlocks' });
    await expect(dialog.getByText(P.at(-1)!, { exact: false }).first()).toBeVisible();
    await expectInert(page, watch, P);

    // A refusal's message (the server's text) is shown beside the field.
    await dialog.getByLabel('Code').fill('ANY-CODE');
    await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(XSS_ALL);
    await expectInert(page, watch, [XSS_ALL]);
  });

  test('sent emails: subjects, recipients, lead names, errors and opened bodies', async ({ page }) => {
    const watch = await watched(page);
    const sent: SentEmail[] = P.map((p, i) => ({
      id: `e${i}`,
      lead_id: `L${900_000 + i}`,
      lead_name: p,
      to: `${i}@example.com`,
      subject: p,
      body: `${p}\n${XSS_ALL}`,
      step: 1,
      due_at: null,
      sequence: null,
      language: 'en',
      status: i % 2 ? 'sent' : 'failed',
      error: i % 2 ? null : p,
      attempts: 1,
      created_at: now,
      sent_at: i % 2 ? now : null,
    }));
    await mockApi(page, {
      '/user/user_info': { body: userInfo },
      '/outreach/sent': { body: { items: sent, total: sent.length } },
    });
    await page.goto('/en/pages/sent-emails/sent-emails');
    const subjects = page.getByRole('heading', { level: 2 }).getByRole('button');
    await expect(subjects).toHaveCount(P.length);
    for (let i = 0; i < P.length; i++) await subjects.nth(i).click();
    await expect(page.getByRole('main').getByText(XSS_ALL).first()).toBeVisible();
    await expectInert(page, watch, P);
  });

  test('company files: file names and the extracted text', async ({ page }) => {
    const watch = await watched(page);
    await mockApi(page, {
      '/user/user_info': { body: userInfo },
      '/get_file': {
        body: {
          client_id: 'client-xss',
          files: P.slice(0, 10).map((p, i) => ({
            file_id: String(i).padStart(32, '0'),
            file_name: `${p}.txt`,
            size: 10,
            mime: 'text/plain',
            created_at: now,
          })),
          company_text: XSS_ALL,
        },
      },
    });
    await page.goto('/en/pages/chat/chat?upload=1');
    const dialog = page.getByRole('dialog', { name: 'Company files' });
    await expect(dialog.getByText(`${P[9]!}.txt`, { exact: true })).toBeVisible();
    await expectInert(
      page,
      watch,
      P.slice(0, 10).map((p) => `${p}.txt`),
    );
  });

  test('the email composer: a drafted subject and body, and a translation', async ({ page }) => {
    const watch = await watched(page);
    await mockApi(page, {
      '/user/user_info': { body: userInfo },
      '/leads/unlocked': { body: { items: [listed(0, true)], total: 1 } },
      '/leads/unlocked/facets': { body: { countries: [], tags: [] } },
      '/outreach/generate': {
        body: {
          lead_id: lead(0, true).id,
          to: [`0${P[0]}`],
          subject: P[5],
          body: XSS_ALL,
          language: 'en',
          source: 'llm',
          preview: null,
          languages: ['en', 'zh'],
          greetings: [{ email: `0${P[0]}`, person: P[6], line: P[7], preview: null }],
          follow_ups: [{ days: 4, subject: P[8], body: P[9], preview: { subject: P[10], body: P[11] } }],
          translate: true,
          missing: [],
        },
      },
      '/translate': { body: { text: XSS_ALL } },
      '/outreach/sent': { body: { items: [], total: 0 } },
    });
    await page.goto('/en/pages/unlocked-leads/unlocked-leads');
    await page.getByRole('button', { name: 'Write email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write an email' });
    await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue(P[5]!);
    await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue(XSS_ALL);
    // The follow-up and its preview (issue 15), as text.
    await dialog.getByText('Read and edit follow-up 1').click();
    await expect(dialog.getByLabel('Follow-up 1 subject')).toHaveValue(P[8]!);
    await expectInert(page, watch, [`0${P[0]}`, P[10]!, P[11]!]);
    // The translation (the LLM's text) replaces the message, as text.
    const translated = page.waitForRequest('**/api/translate');
    await dialog.getByRole('button', { name: 'Translate into Chinese' }).click();
    await translated;
    await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue(XSS_ALL);
    await expectInert(page, watch, []);
  });

  test('the seller profile page: names, products, signature (issue 15)', async ({ page }) => {
    const watch = await watched(page);
    const product = (i: number) => ({ id: `p-${i}`, zh: P[i]!, en: P[i + 1]! });
    await mockApi(page, {
      '/user/user_info': { body: userInfo },
      '/profile': {
        body: {
          company_zh: P[0],
          company_en: P[1],
          products: [product(2), product(4)],
          strengths: ['samples'],
          certifications: ['CE'],
          moq: { quantity: 500, unit: 'kg' },
          website: 'www.example.com',
          name_zh: P[12],
          name_en: P[13],
          title_zh: P[14],
          title_en: P[15],
          phone: '',
          wechat: '',
          whatsapp: '',
          edited: [],
          from_files: ['company_zh'],
          files_read: 1,
          read_by: 'builtin',
          // The lines quoted from the user's files (issue 33).
          sources: {
            fields: { company_zh: P[6] },
            products: { 'p-2': P[7] },
            strengths: {},
            certifications: { CE: P[9] },
            other_moq: [P[10]],
          },
          updated_at: null,
        },
      },
      '/profile/products': { body: [product(16), product(18)] },
    });
    await page.goto('/en/pages/profile/profile');
    await expect(page.getByLabel('Company name in English', { exact: true })).toHaveValue(P[1]!);
    await page.getByLabel('Add a product').fill('x');
    await expect(page.getByRole('group', { name: 'Products to add' })).toBeVisible();
    await expectInert(page, watch, [`${P[3]!} (${P[2]!})`, `Add ${P[17]!} (${P[16]!})`, P[6]!, P[10]!]);
    // The product and certification quotes, opened.
    for (const summary of await page.locator('.profile-sources summary').all()) await summary.click();
    await expectInert(page, watch, [P[7]!, P[9]!]);
  });
});

// Without the console-error fixture: the CSP logs the injection it blocks, which is the point here.
plainTest('the checks catch the corpus when a page renders it as HTML', async ({ page }) => {
  const watch = await watched(page);
  await mockApi(page, { '/user/user_info': { body: userInfo } });
  await page.goto('/en/pages/chat/chat');
  await expect(page.getByRole('navigation', { name: 'History' })).toBeVisible();
  // What a vulnerable island would do: the text as markup.
  await page.evaluate(
    (html) => document.querySelector('main')!.insertAdjacentHTML('beforeend', html),
    XSS_ALL,
  );
  await expect.poll(async () => (await inspect(page)).violations.length).toBeGreaterThan(0);
  const found = await inspect(page);
  expect(found.handlers.length).toBeGreaterThan(5);
  expect(found.injected.length).toBeGreaterThan(5);
  expect(found.scriptLinks.length).toBeGreaterThan(0);
  await expect(expectInert(page, watch, [])).rejects.toThrow();
});
