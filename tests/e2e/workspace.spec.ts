/**
 * Issue 16 "A workspace to use every day": navigation to every private page (2), the plan popup
 * and the unlock refusals (5), the password-reset confirmation and the way back to verification (6).
 */
import type { Page } from '@playwright/test';
import { test, expect, signUpVerified, uniqueEmail, inLocale, unlockableCard } from './fixtures.ts';
import { latestCode } from './mailbox.ts';

const L = {
  zh: {
    nav: '主导航',
    app: '蜜探',
    menu: '菜单',
    search: '搜索',
    saved: '收藏',
    upload: '上传',
    unlocked: '已解锁线索',
    sent: '已发邮件',
    account: '账户',
    plans: '套餐与价格',
    planDialog: '选择套餐',
    monthly: /月付/,
    yearly: /年付/,
    current: '当前套餐',
    free: '免费版：每天 30 次搜索，验证邮箱后赠送 5 次解锁。',
    monthlyPrice: '¥499',
    planLimit: '套餐解锁次数已用完，请联系销售',
    insufficient: '蜜豆不足',
    email: '邮箱',
    password: '密码',
    login: '登录',
    code: '验证码',
    verify: '验证',
    changed: '密码已修改，请用新密码登录',
    verifyNow: '去验证邮箱',
    resend: '重新发送验证邮件',
    ask: '描述你要找的客户',
    sentence: '帮我找德国的LED面板买家',
    unlock: /解锁/,
  },
  en: {
    nav: 'Main navigation',
    app: 'HoneyLeads',
    menu: 'Menu',
    search: 'Search',
    saved: 'Saved',
    upload: 'Upload',
    unlocked: 'Unlocked leads',
    sent: 'Sent emails',
    account: 'Account',
    plans: 'Plans and pricing',
    planDialog: 'Choose a plan',
    monthly: /Monthly/,
    yearly: /Yearly/,
    current: 'Current plan',
    free: 'Free: 30 searches a day, 5 welcome unlocks once you verify your email.',
    monthlyPrice: '$69.90',
    planLimit: 'Plan unlock limit reached. Subscribe to get more unlocks.',
    insufficient: 'Not enough unlocks left',
    email: 'Email',
    password: 'Password',
    login: 'Log in',
    code: 'Code',
    verify: 'Verify',
    changed: 'Your password was changed. Log in with the new one.',
    verifyNow: 'Verify your email',
    resend: 'Send the verification email again',
    ask: 'Describe the customer you are looking for',
    sentence: 'Find LED panel buyers in Germany',
    unlock: /Unlock/,
  },
} as const;

/** Buys a plan through the built-in test checkout, as the buyer's browser would. */
async function subscribe(page: Page, token: string, goodsId = 13) {
  await page.goto('/en/pages/leads/leads');
  const res = await page.request.get('/api/pay/stripe/pay_url', {
    headers: { token },
    params: { goods_id: goodsId, success_url: new URL('/en/pages/leads/leads', page.url()).href },
  });
  await page.goto((await res.json()).data.url as string);
  await page.getByRole('button', { name: /Pay \(test\)|支付（测试）/ }).click();
  await page.waitForURL((url) => url.pathname === '/en/pages/leads/leads');
}

async function openPlans(page: Page, locale: 'zh' | 'en', phone = false) {
  const t = L[locale];
  // Below 768 px the account's items are in the menu.
  await page.getByRole('button', { name: phone ? t.menu : t.account }).click();
  await page.getByRole('button', { name: t.plans }).click();
  return page.getByRole('dialog', { name: t.planDialog });
}

for (const locale of ['zh', 'en'] as const) {
  const t = L[locale];

  test(`the sidebar reaches every private page, within 70 px and 600 px of height (${locale})`, async ({
    page,
  }) => {
    await signUpVerified(page, `nav-${locale}`, locale);
    await page.setViewportSize({ width: 768, height: 600 });
    await page.goto(inLocale('/pages/leads/leads', locale));
    const sidebar = page.getByRole('complementary', { name: t.app });
    const nav = sidebar.getByRole('navigation', { name: t.nav });
    for (const name of [t.search, t.saved, t.upload, t.unlocked, t.sent]) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(70);
    }
    // Nothing in the rail overlaps or leaves the window at 768×600.
    const boxes = await sidebar.evaluate((aside) =>
      [...aside.querySelectorAll('a, button')]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.height > 0)
        .map((r) => ({ top: r.top, bottom: r.bottom })),
    );
    boxes.sort((a, b) => a.top - b.top);
    for (let i = 0; i < boxes.length; i++) {
      expect(boxes[i]!.bottom).toBeLessThanOrEqual(600);
      if (i > 0) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 0.5);
    }
    await nav.getByRole('link', { name: t.unlocked, exact: true }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/unlocked-leads/unlocked-leads', locale));
    await expect(nav.getByRole('link', { name: t.unlocked, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: t.sent, exact: true }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/sent-emails/sent-emails', locale));
  });

  test(`@phone the phone menu lists each page once (${locale})`, async ({ page }) => {
    await signUpVerified(page, `menu-${locale}`, locale);
    await page.goto(inLocale('/pages/leads/leads', locale));
    await page.getByRole('button', { name: t.menu }).click();
    const menu = page.getByRole('navigation', { name: t.nav });
    for (const name of [t.search, t.saved, t.upload, t.unlocked, t.sent]) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(1);
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: t.sent, exact: true }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/sent-emails/sent-emails', locale));
  });

  for (const tag of ['', '@phone '] as const) {
    test(`${tag}the plan popup explains the free tier, formats money and marks the current plan (${locale})`, async ({
      page,
    }) => {
      const phone = tag !== '';
      const { token } = await signUpVerified(page, `plan-${locale}`, locale);
      await page.goto(inLocale('/pages/leads/leads', locale));
      let dialog = await openPlans(page, locale, phone);
      await expect(dialog.getByText(t.free)).toBeVisible();
      await expect(dialog.getByRole('radio', { name: t.monthly })).toContainText(t.monthlyPrice);
      await expect(dialog.getByText(t.current)).toHaveCount(0);

      await subscribe(page, token);
      await page.goto(inLocale('/pages/leads/leads', locale));
      dialog = await openPlans(page, locale, phone);
      await expect(dialog.getByRole('radio', { name: t.monthly })).toContainText(t.current);
      await expect(dialog.getByRole('radio', { name: t.yearly })).not.toContainText(t.current);
      if (locale === 'zh') {
        await expect(dialog.getByText('续订或升级套餐，也请扫码联系客服。')).toBeVisible();
        return;
      }
      // The same plan again: warned first, nothing is asked of the checkout until "Buy again".
      await dialog.getByRole('button', { name: 'Renew' }).click();
      await expect(dialog.getByRole('alert')).toContainText('You are already on this plan until');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await dialog.getByRole('radio', { name: t.yearly }).click();
      await expect(dialog.getByRole('button', { name: 'Upgrade' })).toBeVisible();
      await dialog.getByRole('radio', { name: t.monthly }).click();
      await dialog.getByRole('button', { name: 'Renew' }).click();
      await dialog.getByRole('button', { name: 'Buy again' }).click();
      await page.waitForURL(/\/api\/pay\/test\/checkout\//);
    });
  }

  for (const onPlan of [false, true]) {
    test(`an unlock with no beans left says ${onPlan ? 'the plan limit on a plan' : '蜜豆不足 when free'} (${locale})`, async ({
      page,
    }) => {
      await signUpVerified(page, `limit-${locale}`, locale);
      // The balance used up, on a plan or not (the server answers the same split: tests/api).
      await page.route('**/api/user/user_info', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.data.bp_used = body.data.point;
        if (onPlan) Object.assign(body.data, { subscription_status: 1, pay_cycle: 1 });
        await route.fulfill({ response, json: body });
      });
      await page.goto(inLocale('/pages/chat/chat', locale));
      const input = page.getByLabel(t.ask);
      await input.fill(t.sentence);
      await input.press('Enter');
      const card = await unlockableCard(page);
      await card.getByRole('button', { name: t.unlock }).click();
      await expect(page.getByText(onPlan ? t.planLimit : t.insufficient, { exact: true })).toBeVisible();
      await expect(page.getByText(onPlan ? t.insufficient : t.planLimit, { exact: true })).toHaveCount(0);
      await expect(page.getByRole('dialog', { name: t.planDialog })).toBeVisible();
    });
  }
}

for (const locale of ['zh', 'en'] as const) {
  const t = L[locale];
  for (const tag of ['', '@phone '] as const) {
    test(`${tag}after a password reset the login page confirms it, once (${locale})`, async ({ page }) => {
      const { email } = await signUpVerified(page, `reset-ok-${locale}`, locale, { signedIn: false });
      const since = Date.now();
      await page.request.post('/api/user/reset_token', { data: { email } });
      const code = await latestCode(email, since);
      await page.goto(
        `${inLocale('/pages/reset-password/reset-password', locale)}?${new URLSearchParams({ email, code })}`,
      );
      await page.getByLabel(locale === 'zh' ? '新密码' : 'New password').fill('NewPass456');
      await page
        .getByRole('button', { name: locale === 'zh' ? '设置新密码' : 'Set the new password' })
        .click();
      await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
      await expect(page.getByRole('status').filter({ hasText: t.changed })).toBeVisible();
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(email);
      // One-shot: the flag leaves the address, so a reload says nothing more.
      await expect(page).not.toHaveURL(/reset=1/);
      await page.reload();
      await expect(page.getByLabel(t.email, { exact: true })).toBeVisible();
      await expect(page.getByText(t.changed)).toHaveCount(0);
    });

    test(`${tag}an unverified login offers the verify page with the email kept (${locale})`, async ({
      page,
    }) => {
      // Signed up elsewhere (no sign-up token in this browser).
      const email = uniqueEmail(`unverified-${locale}`);
      await page.request.post('/api/user/register', {
        data: { email, password: 'Secret123', language: locale },
      });
      await page.goto(inLocale('/pages/login/login', locale));
      await page.getByLabel(t.email, { exact: true }).fill(email);
      await page.getByLabel(t.password, { exact: true }).fill('Secret123');
      await page.getByRole('button', { name: t.login, exact: true }).last().click();
      await page.getByRole('link', { name: t.verifyNow }).click();
      await page.waitForURL((url) => url.pathname === inLocale('/pages/signup/verify-email', locale));
      expect(new URL(page.url()).searchParams.get('email')).toBe(email);
      expect(await page.evaluate(() => sessionStorage.getItem('verifyEmail'))).toBe(email);
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(email);
    });
  }

  test(`resend from the login refusal sends this browser's sign-up token: one step to signed in (${locale})`, async ({
    page,
  }) => {
    const email = uniqueEmail(`resend-${locale}`);
    const registered = await page.request.post('/api/user/register', {
      data: { email, password: 'Secret123', language: locale },
    });
    const { signup_token } = (await registered.json()).data as { signup_token: string };
    // This browser signed the address up: it keeps the token (src/lib/stores/session.ts).
    await page.addInitScript(
      ([address, token]) => {
        if (!localStorage.getItem('signupToken'))
          localStorage.setItem('signupToken', JSON.stringify({ email: address, token }));
      },
      [email, signup_token] as const,
    );
    await page.goto(inLocale('/pages/login/login', locale));
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill('Secret123');
    await page.getByRole('button', { name: t.login, exact: true }).last().click();
    const since = Date.now();
    await page.getByRole('button', { name: t.resend }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/signup/verify-email', locale));
    await page.getByLabel(t.code).fill(await latestCode(email, since));
    await page.getByRole('button', { name: t.verify, exact: true }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/chat/chat', locale));
  });
}
