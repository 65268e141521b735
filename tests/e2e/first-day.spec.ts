/**
 * Issue 35 "The first day without a stumble": what a new user tripped over on their first day, in
 * both languages and at the widths named (390, 768 and 1280 px; phone-only behaviour under @phone).
 * The visual check of every page and popup is tests/e2e/visual.spec.ts.
 */
import { de } from '@faker-js/faker';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  DEMO,
  AGENT,
  brokenWords,
  inLocale,
  logInAs,
  sidewaysOverflow,
  signUpVerified,
  uniqueEmail,
  userInfo,
} from './fixtures.ts';
import { latestCode } from './mailbox.ts';

const T = {
  zh: {
    startFree: '免费开始',
    signupTab: '注册',
    loginTab: '登录',
    email: '邮箱',
    password: '密码',
    create: '创建账户',
    code: '验证码',
    verify: '验证',
    search: '开始搜索',
    input: '描述你要找的客户',
    example: '帮我找德国的LED面板灯买家',
    openApp: '进入工作台',
    onboarding: '第一天，先做这两步',
    profileFirst: '1. 先上传公司资料',
    upload: '上传公司资料',
    uploadTitle: '公司资料',
    menu: '菜单',
    plans: '套餐与价格',
    close: '关闭',
  },
  en: {
    startFree: 'Start free',
    signupTab: 'Sign up',
    loginTab: 'Log in',
    email: 'Email',
    password: 'Password',
    create: 'Create account',
    code: 'Code',
    verify: 'Verify',
    search: 'Search',
    input: 'Describe the customer you are looking for',
    example: 'Find LED panel light buyers in Germany',
    openApp: 'Open workspace',
    onboarding: 'Your first day: two steps',
    profileFirst: '1. Upload your company profile first',
    upload: 'Upload your company profile',
    uploadTitle: 'Company files',
    menu: 'Menu',
    plans: 'Plans and pricing',
    close: 'Close',
  },
} as const;

const WIDTHS = [390, 768, 1280] as const;

/** The script files a page has requested so far (content pages: none before an interaction). */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/** Searches in the chat page's box and waits for the answer's cards. */
async function searchInChat(page: Page, locale: 'zh' | 'en', sentence: string) {
  const input = page.getByLabel(T[locale].input);
  await input.fill(sentence);
  await input.press('Enter');
}

for (const locale of ['zh', 'en'] as const) {
  const t = T[locale];

  test.describe(`arriving (${locale})`, () => {
    test(`Start free opens the sign-up tab, whose heading and title say so; verifying lands on the first day's path (${locale})`, async ({
      page,
    }) => {
      await page.goto(inLocale('/', locale));
      await page.getByRole('link', { name: t.startFree }).click();
      await page.waitForURL((url) => url.searchParams.get('mode') === 'signup');
      await expect(page.getByRole('tab', { name: t.signupTab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.signupTab);
      await expect(page).toHaveTitle(new RegExp(`^${t.signupTab} \\|`));
      // The other tab renames the heading back.
      await page.getByRole('tab', { name: t.loginTab }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.loginTab);
      await page.getByRole('tab', { name: t.signupTab }).click();

      const email = uniqueEmail(`firstday-${locale}`);
      await page.getByLabel(t.email, { exact: true }).fill(email);
      await page.getByLabel(t.password, { exact: true }).fill('Secret123');
      await page.getByRole('checkbox').check();
      const since = Date.now();
      await page.getByRole('button', { name: t.create }).click();
      await page.waitForURL((url) => url.pathname === inLocale('/pages/signup/verify-email', locale));
      await page.getByLabel(t.code).fill(await latestCode(email, since));
      await page.getByRole('button', { name: t.verify, exact: true }).click();
      await page.waitForURL((url) => url.pathname === inLocale('/pages/chat/chat', locale));

      // Profile first, then a first search from examples that find leads.
      const path = page.getByRole('region', { name: t.onboarding });
      await expect(path.getByRole('heading', { name: t.profileFirst })).toBeVisible();
      await path.getByRole('button', { name: t.upload }).click();
      const upload = page.getByRole('dialog', { name: t.uploadTitle });
      await expect(upload).toBeVisible();
      await upload.getByRole('button', { name: t.close }).click();
      await expect(upload).toBeHidden();
      await path.getByRole('button', { name: t.example }).click();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(path).toBeHidden();
    });

    test(`a first visit's home search lands on the sign-up tab, with the search kept for afterwards (${locale})`, async ({
      page,
    }) => {
      await page.goto(inLocale('/', locale));
      const box = page.getByRole('searchbox');
      await box.fill(t.example);
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
      const url = new URL(page.url());
      expect(url.searchParams.get('mode')).toBe('signup');
      const back = new URL(url.searchParams.get('redirect')!, url.origin);
      expect(back.pathname).toBe(inLocale('/pages/chat/chat', locale));
      expect(back.searchParams.get('q')).toBe(t.example);
      await expect(page.getByRole('tab', { name: t.signupTab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.signupTab);
    });

    for (const width of WIDTHS)
      test(`the home header offers a signed-in visitor the way in, not 登录 / Log in, without loading a script, and nothing moves (${locale}, ${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        const scripts = scriptRequests(page);
        await page.goto(inLocale('/', locale));
        const header = page.getByRole('banner');
        const login = header.getByRole('link', { name: t.loginTab, exact: true });
        await expect(login).toBeVisible();
        await expect(header.getByRole('link', { name: t.openApp })).toBeHidden();
        const before = await login.boundingBox();

        await logInAs(page, DEMO);
        await page.goto(inLocale('/', locale));
        const openApp = header.getByRole('link', { name: t.openApp });
        await expect(openApp).toBeVisible();
        await expect(header.getByRole('link', { name: t.loginTab, exact: true })).toBeHidden();
        await expect(openApp).toHaveAttribute('href', inLocale('/pages/chat/chat', locale));
        // Both links share one box: the header looks the same size either way.
        expect(await openApp.boundingBox()).toEqual(before);
        // The plans' call to action follows too.
        await expect(page.getByRole('link', { name: t.startFree })).toBeHidden();
        expect(scripts).toEqual([]);
      });

    test(`the home copy says what the product does now, without the 锁后 typo (${locale})`, async ({
      page,
    }) => {
      await page.goto(inLocale('/', locale));
      const main = page.getByRole('main');
      const said =
        locale === 'zh'
          ? ['进口记录', '具名联系人', '自动跟进', '采购经理']
          : ['import records', 'named people', 'follow-ups', 'purchasing managers'];
      for (const words of said) await expect(main).toContainText(words);
      await expect(main).not.toContainText('以及锁后');
    });
  });

  test.describe(`money screens (${locale})`, () => {
    test(`each plan lists what it includes: unlocks grouped, what one buys, searches, emails and follow-ups (${locale})`, async ({
      page,
    }) => {
      await page.goto(inLocale('/', locale));
      const yearly = page.locator('[data-plan-id="23"]');
      const lines =
        locale === 'zh'
          ? [
              '3,000 次解锁，不会过期',
              '1 次解锁打开一家公司',
              '每天最多搜索 300 次',
              '每天最多发 50 封开发信',
              '2 封自动跟进',
            ]
          : [
              '3,000 unlocks that never expire',
              'One unlock opens one company',
              'Up to 300 searches a day',
              'Up to 50 outreach emails a day',
              '2 automatic follow-ups',
            ];
      for (const line of lines) await expect(yearly).toContainText(line);

      await logInAs(page, DEMO);
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(inLocale('/pages/chat/chat', locale));
      await page.getByRole('button', { name: t.menu }).click();
      await page.getByRole('button', { name: t.plans }).click();
      const popup = page.getByRole('dialog');
      await expect(
        popup.getByRole('heading', { name: locale === 'zh' ? '月付包含' : 'Monthly includes' }),
      ).toBeVisible();
      await expect(popup).toContainText(
        locale === 'zh' ? '每天最多发 50 封开发信' : 'Up to 50 outreach emails a day',
      );
      await popup.getByRole('radio', { name: locale === 'zh' ? /年付/ : /Yearly/ }).click();
      await expect(popup).toContainText(lines[0]!);
      if (locale === 'zh') {
        // Spec §2: a QR code instead of a pay button; on a phone it is a link too.
        const link = popup.getByRole('link', { name: '在手机上？点此联系客服' });
        await expect(link).toHaveAttribute('href', 'mailto:sales@honeyleads.example');
        await expect(popup.getByRole('link', { name: /客服联系方式二维码/ })).toHaveAttribute(
          'href',
          'mailto:sales@honeyleads.example',
        );
        await expect(popup.getByRole('button', { name: '购买' })).toHaveCount(0);
      } else {
        await expect(popup.getByRole('img', { name: /QR code/ })).toHaveCount(0);
      }
    });

    test(`a subscriber's balance is grouped and has no stray separator (${locale})`, async ({ page }) => {
      const { token } = await signUpVerified(page, `grouped-${locale}`, locale);
      // The built-in test checkout: the yearly plan's 3,000 unlocks beside the 5 welcome ones.
      const origin = new URL((await page.request.get('/')).url()).origin;
      const pay = await page.request.get('/api/pay/stripe/pay_url', {
        headers: { token },
        params: {
          goods_id: 23,
          success_url: `${origin}${inLocale('/', locale)}?type=plan&action=paySuccess`,
        },
      });
      await page.goto(((await pay.json()).data as { url: string }).url);
      await page.getByRole('button', { name: locale === 'zh' ? '支付（测试）' : 'Pay (test)' }).click();
      await page.waitForURL((url) => url.pathname === inLocale('/', locale));
      await page.goto(inLocale('/pages/chat/chat', locale));
      const status = page.locator('.chat-status');
      await expect(status).toHaveText(locale === 'zh' ? '剩余蜜豆: 3,005' : 'Remaining unlocks: 3,005');
    });

    for (const [kind, path] of [
      ['a blog post', '/pages/blog-detail/blog-detail/find-overseas-buyers-with-one-sentence'],
      ['the home page', '/'],
      ['the chat page', '/pages/chat/chat'],
    ] as const)
      test(`back from a payment on ${kind}: a success toast and action=paySuccess gone, no script loaded on content pages (${locale})`, async ({
        page,
      }) => {
        if (path === '/pages/chat/chat') await logInAs(page, DEMO);
        const scripts = scriptRequests(page);
        await page.goto(`${inLocale(path, locale)}?type=plan&action=paySuccess`);
        await expect(
          page.getByRole('status').filter({ hasText: locale === 'zh' ? '支付成功' : 'Payment successful' }),
        ).toBeVisible();
        await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBeNull();
        expect(new URL(page.url()).searchParams.get('type')).toBe('plan');
        if (path !== '/pages/chat/chat') expect(scripts).toEqual([]);
        // Spec §9: gone after the default toast duration.
        await expect(
          page.getByRole('status').filter({ hasText: locale === 'zh' ? '支付成功' : 'Payment successful' }),
        ).toBeHidden({ timeout: 3000 });
      });

    test(`the daily reset is said on the user's clock, not in UTC (${locale})`, async ({ browser }) => {
      const context = await browser.newContext({
        timezoneId: locale === 'zh' ? 'Asia/Shanghai' : 'America/New_York',
      });
      const page = await context.newPage();
      await signUpVerified(page, `reset-${locale}`, locale);
      await page.goto(inLocale('/pages/chat/chat', locale));
      await searchInChat(page, locale, t.example);
      const summary = page.locator('.chat-summary');
      await expect(summary).toContainText(
        locale === 'zh' ? '（当地时间 8 点重置）' : /resets at (19|20):00 your time/,
      );
      await expect(summary).not.toContainText('UTC');
      await context.close();
    });
  });

  test.describe(`cards (${locale})`, () => {
    test(`a lead with nothing behind the lock unlocks for free and is charged nothing; the others cost one, said once (${locale})`, async ({
      page,
    }) => {
      const { token } = await signUpVerified(page, `free-${locale}`, locale);
      await page.goto(inLocale('/pages/chat/chat', locale));
      await searchInChat(page, locale, t.example);
      await expect(page.locator('.chat-summary')).toBeVisible();
      const cards = page.getByRole('article');
      const free = cards.filter({
        has: page.getByRole('button', { name: locale === 'zh' ? '免费解锁' : 'Unlock for free' }),
      });
      const paid = cards.filter({
        has: page.getByRole('button', { name: locale === 'zh' ? '解锁（1 蜜豆）' : 'Unlock (costs 1)' }),
      });
      expect(await free.count()).toBeGreaterThan(0);
      expect(await paid.count()).toBeGreaterThan(0);
      expect((await free.count()) + (await paid.count())).toBe(await cards.count());
      await expect(free.first()).toContainText(
        locale === 'zh'
          ? '没有邮箱、电话或社媒账号，解锁免费'
          : 'no email, phone or social profile, so unlocking is free',
      );
      await expect(page.getByText('(1 unlock)')).toHaveCount(0);

      const before = await userInfo(page, token);
      // Held by its name: once unlocked it has no free button to be found by.
      const name = (await free.first().getByRole('heading').textContent())!;
      const card = page.getByRole('article', { name, exact: true });
      await card.getByRole('button', { name: locale === 'zh' ? '免费解锁' : 'Unlock for free' }).click();
      await expect(
        card.getByText(
          locale === 'zh'
            ? '这家公司暂无联系方式，未扣蜜豆。'
            : 'No contacts for this company; nothing was charged.',
        ),
      ).toBeVisible();
      const after = await userInfo(page, token);
      expect(after.bp_used).toBe(before.bp_used);
    });

    test(`card copy: articles, sizes and acronyms in the text, one label per HS code, names in capitals title-cased (${locale})`, async ({
      page,
    }) => {
      await signUpVerified(page, `copy-${locale}`, locale);
      // A company name from customs records, in capitals, as an import stores it.
      await page.route('**/api/chat/search', async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/("name":")[^"]+(","role")/, '$1TAVENTO WORKS AG$2');
        await route.fulfill({ response, body });
      });
      await page.goto(inLocale('/pages/chat/chat', locale));
      await searchInChat(
        page,
        locale,
        locale === 'zh' ? '德国的电动汽车充电桩买家' : 'EV charger buyers in Germany',
      );
      await expect(page.locator('.chat-summary')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Tavento Works AG' })).toBeVisible();
      const cards = page.getByRole('article');
      for (const card of await cards.all()) {
        const text = await card.innerText();
        expect(text).not.toMatch(/\ba [aeiou]\w/i);
        expect(text).not.toMatch(/\d-person|\+-person|\d-employee/);
        expect(text).not.toMatch(/\bev chargers\b/);
        // The HS code the evidence cites carries that product in the trade line, not another name only.
        const evidence = / of (.+?) \(HS ([\d.]+)\)|进口(.+?)（HS ([\d.]+)）/.exec(text);
        if (evidence && text.includes(locale === 'zh' ? '进口记录' : 'Import records')) {
          const product = evidence[1] ?? evidence[3]!;
          const code = evidence[2] ?? evidence[4]!;
          const trade = text.slice(text.indexOf(locale === 'zh' ? '进口记录' : 'Import records'));
          const label = new RegExp(`${code.replace('.', '\\.')} ([^,;，；]+)`).exec(trade)?.[1] ?? '';
          if (trade.includes(code))
            expect(label.toLowerCase()).toContain(
              product
                .trim()
                .toLowerCase()
                .split(/, | and |、|和/)[0]!,
            );
        }
      }
    });

    test(`a German firm's people have German names, from faker's German locale (${locale})`, async ({
      page,
    }) => {
      const { token } = await signUpVerified(page, `names-${locale}`, locale);
      await page.goto(inLocale('/pages/chat/chat', locale));
      await searchInChat(page, locale, t.example);
      await expect(page.locator('.chat-summary')).toBeVisible();
      const paid = page.getByRole('article').filter({
        has: page.getByRole('button', { name: locale === 'zh' ? '解锁（1 蜜豆）' : 'Unlock (costs 1)' }),
      });
      const name = (await paid.first().getByRole('heading').first().textContent())!;
      const card = page.getByRole('article', { name, exact: true });
      await card
        .getByRole('button', { name: locale === 'zh' ? '解锁（1 蜜豆）' : 'Unlock (costs 1)' })
        .click();
      await expect(
        card.getByRole('heading', { name: locale === 'zh' ? '联系人' : 'People', exact: true }),
      ).toBeVisible();
      const unlocked = (await (await page.request.get('/api/leads/unlocked', { headers: { token } })).json())
        .data.items as { name: string; people: { name: string }[] }[];
      const people = unlocked.find((lead) => lead.name === name)!.people;
      expect(people.length).toBeGreaterThan(0);
      const lists = (value: unknown) => Object.values(value as Record<string, string[]>).flat();
      const first = lists(de.person!.first_name);
      const last = lists(de.person!.last_name);
      for (const person of people) {
        await expect(card).toContainText(person.name);
        const [given, ...family] = person.name.split(' ');
        expect(first, person.name).toContain(given);
        expect(last, person.name).toContain(family.join(' '));
      }
    });

    test(`a sentence without a product says what it looked for without a gap (${locale})`, async ({
      page,
    }) => {
      await signUpVerified(page, `no-product-${locale}`, locale);
      await page.goto(inLocale('/pages/chat/chat', locale));
      await searchInChat(page, locale, locale === 'zh' ? '德国的买家' : 'buyers in Germany');
      await expect(page.locator('.chat-understood')).toHaveText(
        locale === 'zh'
          ? '正在查找：德国的买家（请说出产品）'
          : 'Looking for buyers in Germany (name a product)',
      );
    });
  });

  test.describe(`layout (${locale})`, () => {
    for (const width of [768, 1280] as const)
      test(`the sidebar's labels and a card's buttons keep their words whole (${locale}, ${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        await signUpVerified(page, `rail-${locale}`, locale);
        await page.goto(inLocale('/pages/chat/chat', locale));
        await searchInChat(page, locale, t.example);
        await expect(page.getByRole('article').first()).toBeVisible();
        await expect(page.locator('.chat-summary')).toBeVisible();
        expect(await brokenWords(page)).toEqual([]);
        const rail = page.getByRole('complementary');
        const unlocked = rail.getByRole('link', { name: locale === 'zh' ? '已解锁线索' : 'Unlocked leads' });
        const box = await unlocked.locator('span').boundingBox();
        // One line of a 12 px label.
        expect(box!.height).toBeLessThan(20);
      });

    test(`@phone invitation codes fit a 390 px phone as cards, without scrolling sideways (${locale})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const token = await logInAs(page, AGENT);
      await page.request.post('/api/user/generate_invitation_code', {
        headers: { token },
        data: { prefix: locale === 'zh' ? 'ZHPH' : 'ENPH', quantity: 2 },
      });
      await page.goto(inLocale('/pages/invitation-code/invitation-code', locale));
      const list = page.getByRole('list').filter({ hasText: locale === 'zh' ? 'ZHPH' : 'ENPH' });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await brokenWords(page)).toEqual([]);
    });

    test(`@phone saved leads are cards on a phone: a company name wraps between words, on at most two lines (${locale})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript(() => localStorage.setItem('leads-view', 'table'));
      const { token } = await signUpVerified(page, `phone-leads-${locale}`, locale);
      const res = await page.request.post('/api/chat/search', {
        headers: { token },
        data: { query: t.example },
      });
      const id = /"id":"(L\d+)"/.exec(await res.text())![1]!;
      await page.request.post('/api/leads/collect', { headers: { token }, data: { lead_id: id } });
      await page.goto(inLocale('/pages/leads/leads', locale));
      const name = page.getByRole('heading', { level: 2 }).first();
      await expect(name).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('group', { name: locale === 'zh' ? '视图' : 'View' })).toBeHidden();
      const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await name.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });

    for (const width of WIDTHS)
      test(`after a refinement the new answer is scrolled into view (${locale}, ${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await signUpVerified(page, `refine-${locale}`, locale);
        await page.goto(inLocale('/pages/chat/chat', locale));
        await searchInChat(page, locale, t.example);
        await expect(page.locator('.chat-summary')).toBeVisible();
        await searchInChat(page, locale, locale === 'zh' ? '换成法国的' : 'switch to France');
        const latest = page.locator('.chat-turn').nth(1);
        await expect(latest.locator('.chat-query')).toBeInViewport();
      });
  });

  test.describe(`accounts (${locale})`, () => {
    test(`the private verify-email page tells a signed-in user their address is verified, no “—” (${locale})`, async ({
      page,
    }) => {
      await logInAs(page, DEMO);
      await page.goto(inLocale('/pages/verify-email/verify-email', locale));
      await expect(page.getByRole('status')).toContainText(DEMO.email);
      await expect(page.getByRole('status')).toContainText(
        locale === 'zh' ? '已经验证过了' : 'is verified already',
      );
      await expect(page.getByText('—')).toHaveCount(0);
    });

    test(`a failed save says why, changes nothing and leaves no error in the console (${locale})`, async ({
      page,
    }) => {
      // A new account: nothing of its leads is saved yet.
      await signUpVerified(page, `failed-save-${locale}`, locale);
      await page.route('**/api/leads/collect', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 40400,
            msg: locale === 'zh' ? '请求的内容不存在' : 'Not found',
            data: null,
          }),
        }),
      );
      await page.goto(inLocale('/pages/chat/chat', locale));
      await searchInChat(page, locale, t.example);
      const card = page.getByRole('article').first();
      const save = card.getByRole('button', { name: locale === 'zh' ? '收藏' : 'Save', exact: true });
      await save.click();
      await expect(
        page.getByRole('alert').filter({ hasText: locale === 'zh' ? '请求的内容不存在' : 'Not found' }),
      ).toBeVisible();
      await expect(save).toHaveAttribute('aria-pressed', 'false');
      // The fixture fails the test on any console error or uncaught rejection.
    });
  });
}
