import {
  test,
  expect,
  signUpVerified,
  DEMO,
  AGENT,
  uniqueEmail,
  logInAs,
  userInfo,
  inLocale,
  islandsHydrated,
} from './fixtures.ts';
import { latestCode, mailWithSubject } from './mailbox.ts';

const T = {
  zh: {
    login: '登录',
    signup: '注册',
    email: '邮箱',
    password: '密码',
    create: '创建账户',
    code: '验证码',
    verify: '验证',
    account: '账户',
  },
  en: {
    login: 'Log in',
    signup: 'Sign up',
    email: 'Email',
    password: 'Password',
    create: 'Create account',
    code: 'Code',
    verify: 'Verify',
    account: 'Account',
  },
} as const;

for (const locale of ['zh', 'en'] as const) {
  const t = T[locale];

  test(`@phone sign up shows the password rules, verifies by code and lands logged in (${locale})`, async ({
    page,
  }) => {
    const email = uniqueEmail(`signup-${locale}`);
    await page.goto(
      `${inLocale('/pages/login/login', locale)}?redirect=${encodeURIComponent(inLocale('/pages/leads/leads', locale))}`,
    );
    await page.getByRole('tab', { name: t.signup }).click();
    await page.getByLabel(t.email, { exact: true }).fill(email);
    const password = page.getByLabel(t.password, { exact: true });
    await password.fill('short');
    const rules = page.getByRole('list', { name: locale === 'zh' ? '密码要求' : 'Password rules' });
    await expect(rules.getByRole('listitem').first()).toHaveAttribute('data-ok', 'false');
    await password.fill('Secret123');
    await expect(rules.getByRole('listitem').first()).toHaveAttribute('data-ok', 'true');

    // Terms not agreed: the error sits beside the checkbox and nothing is sent.
    await page.getByRole('button', { name: t.create }).click();
    await expect(
      page.getByText(
        locale === 'zh'
          ? '请阅读并同意服务协议和隐私政策'
          : 'Please agree to the Terms of Service and Privacy Policy',
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: locale === 'zh' ? '服务协议' : 'Terms of Service' }).first(),
    ).toBeVisible();
    await page.getByRole('checkbox').check();
    const since = Date.now();
    await page.getByRole('button', { name: t.create }).click();

    await page.waitForURL((url) => url.pathname === inLocale('/pages/signup/verify-email', locale));
    expect(await page.evaluate(() => sessionStorage.getItem('verifyEmail'))).toBe(email);
    // The sign-up token stays in this browser: its code verifies in one step.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('signupToken')!).email)).toBe(email);
    const code = await latestCode(email, since);
    await page.getByLabel(t.code).fill(code);
    await page.getByRole('button', { name: t.verify, exact: true }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/leads/leads', locale));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{43}$/);
    // Spec §3: the deviceId is made once if absent, also when a verified sign-up signs in.
    expect(await page.evaluate(() => localStorage.getItem('deviceId'))).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.evaluate(() => localStorage.getItem('signupToken'))).toBeNull();
  });

  test(`login refuses a wrong password beside the field and follows redirect only on this site (${locale})`, async ({
    page,
  }) => {
    await page.goto(
      `${inLocale('/pages/login/login', locale)}?redirect=${encodeURIComponent('https://evil.example/steal')}`,
    );
    await page.getByLabel(t.email, { exact: true }).fill(DEMO.email);
    await page.getByLabel(t.password, { exact: true }).fill('Wrong1234');
    await page.getByRole('button', { name: t.login, exact: true }).last().click();
    await expect(
      page.getByText(locale === 'zh' ? '邮箱或密码不正确' : 'The email or password is incorrect.'),
    ).toBeVisible();
    await page.getByLabel(t.password, { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: t.login, exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/chat/chat', locale));
    expect(new URL(page.url()).host).not.toBe('evil.example');
  });

  test(`the guard sends an anonymous visitor to login and back after login (${locale})`, async ({ page }) => {
    await page.goto(`${inLocale('/pages/unlocked-leads/unlocked-leads', locale)}?page=2`);
    await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
    await page.getByLabel(t.email, { exact: true }).fill(DEMO.email);
    await page.getByLabel(t.password, { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: t.login, exact: true }).last().click();
    await page.waitForURL(
      (url) =>
        url.pathname === inLocale('/pages/unlocked-leads/unlocked-leads', locale) && url.search === '?page=2',
    );
  });

  test(`forgot password emails a code and the reset works once (${locale})`, async ({ page, request }) => {
    const email = uniqueEmail(`reset-${locale}`);
    // A verified account made through the API (the sign-up UI has its own test).
    const since = Date.now();
    const registered = await request.post('/api/user/register', {
      data: { email, password: 'Secret123', language: locale },
    });
    const verified = await request.post('/api/user/register_verification', {
      data: { email, code: await latestCode(email, since), ...(await registered.json()).data },
    });
    expect((await verified.json()).code).toBe(0);

    await page.goto(inLocale('/pages/forgot-password/forgot-password', locale));
    await page.getByLabel(t.email, { exact: true }).fill(email);
    const sent = Date.now();
    await page.getByRole('button', { name: locale === 'zh' ? '发送验证码' : 'Send the code' }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/email-sent/email-sent', locale));
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('link', { name: locale === 'zh' ? '输入验证码' : 'Enter the code' }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/reset-password/reset-password', locale));
    await page.getByLabel(t.code).fill(await latestCode(email, sent));
    await page.getByLabel(locale === 'zh' ? '新密码' : 'New password').fill('NewPass456');
    await page.getByRole('button', { name: locale === 'zh' ? '设置新密码' : 'Set the new password' }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
    await page.getByLabel(t.password, { exact: true }).fill('NewPass456');
    await page.getByRole('button', { name: t.login, exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/chat/chat', locale));
  });

  test(`the account popover shows the user, unlocks and the items for the role, and logs out (${locale})`, async ({
    page,
  }) => {
    await logInAs(page, DEMO);
    await page.goto(inLocale('/pages/leads/leads', locale));
    await page.getByRole('button', { name: t.account }).click();
    const menu = page.getByRole('dialog', { name: t.account });
    await expect(menu.getByText('Demo', { exact: true })).toBeVisible();
    await expect(menu.getByText(locale === 'zh' ? '剩余蜜豆' : 'Remaining unlocks')).toBeVisible();
    await expect(
      menu.getByRole('button', { name: locale === 'zh' ? '兑换蜜豆' : 'Redeem a code' }),
    ).toBeVisible();
    // Not an agent: no invitation codes; from 768 px no chat/leads/upload items.
    await expect(
      menu.getByRole('link', { name: locale === 'zh' ? '生成邀请码' : 'Invitation codes' }),
    ).toHaveCount(0);
    await expect(menu.getByRole('link', { name: locale === 'zh' ? '搜索' : 'Search' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: t.account }).click();
    await menu.getByRole('button', { name: locale === 'zh' ? '退出登录' : 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test(`the account menu changes the password: errors beside the fields, then a toast; this tab stays signed in, other sessions end (${locale})`, async ({
    page,
  }) => {
    const zh = locale === 'zh';
    const { email, token } = await signUpVerified(page, `change-password-${locale}`, locale);
    const elsewhere = (
      await (await page.request.post('/api/user/login', { data: { email, password: 'Secret123' } })).json()
    ).data as string;
    await page.goto(inLocale('/pages/leads/leads', locale));
    await page.getByRole('button', { name: t.account }).click();
    await page
      .getByRole('dialog', { name: t.account })
      .getByRole('button', { name: zh ? '修改密码' : 'Change password' })
      .click();
    const dialog = page.getByRole('dialog', { name: zh ? '修改密码' : 'Change your password' });
    await expect(dialog).toBeVisible();
    const current = dialog.getByLabel(zh ? '当前密码' : 'Current password', { exact: true });
    const next = dialog.getByLabel(zh ? '新密码' : 'New password', { exact: true });
    const confirm = dialog.getByLabel(zh ? '确认新密码' : 'Confirm the new password', { exact: true });
    const submit = dialog.getByRole('button', { name: zh ? '修改密码' : 'Change password' });

    // Checked in the browser first: nothing typed, then two new passwords that differ.
    await submit.click();
    await expect(
      dialog.getByText(zh ? '请输入当前密码' : 'Please enter your current password.'),
    ).toBeVisible();
    await current.fill('Wrong1234');
    await next.fill('N3w-Passw0rd!');
    await confirm.fill('N3w-Passw0rd?');
    await submit.click();
    await expect(
      dialog.getByText(zh ? '两次输入的新密码不一致' : 'The two new passwords do not match.'),
    ).toBeVisible();
    // The server's refusal of a wrong current password, beside that field.
    await confirm.fill('N3w-Passw0rd!');
    await submit.click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(
      dialog.getByText(zh ? '当前密码不正确' : 'The current password is incorrect.'),
    ).toBeVisible();
    expect((await userInfo(page, elsewhere)).email).toBe(email);

    const since = Date.now();
    await current.fill('Secret123');
    await submit.click();
    await expect(
      page.getByText(
        zh
          ? '密码已修改，其他设备上的登录已退出'
          : 'Password changed. You were signed out on every other device.',
      ),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    // This tab holds the session's new token and stays signed in; the old token and the other session end.
    const renewed = await page.evaluate(() => localStorage.getItem('token'));
    expect(renewed).toMatch(/^[\w-]{43}$/);
    expect(renewed).not.toBe(token);
    expect((await userInfo(page, renewed!)).email).toBe(email);
    for (const dead of [token, elsewhere]) {
      const res = await page.request.get('/api/user/user_info', { headers: { token: dead } });
      expect((await res.json()).code).toBe(40100);
    }
    await page.reload();
    await page.getByRole('button', { name: t.account }).click();
    await expect(
      page.getByRole('dialog', { name: t.account }).getByText(email.split('@')[0]!.slice(0, 40)),
    ).toBeVisible();
    // The account address is told, in the account's language.
    await mailWithSubject(email, zh ? '你的蜜探密码已修改' : 'Your HoneyLeads password was changed', since);
    const login = await page.request.post('/api/user/login', { data: { email, password: 'N3w-Passw0rd!' } });
    expect((await login.json()).code).toBe(0);
  });

  test(`an agent sees invitation codes, generates them and copies one (${locale})`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logInAs(page, AGENT);
    await page.goto(inLocale('/pages/chat/chat', locale));
    await page.getByRole('button', { name: t.account }).click();
    await page.getByRole('link', { name: locale === 'zh' ? '生成邀请码' : 'Invitation codes' }).click();
    await page.waitForURL(
      (url) => url.pathname === inLocale('/pages/invitation-code/invitation-code', locale),
    );
    const prefix = page.getByLabel(locale === 'zh' ? '前缀' : 'Prefix');
    await prefix.fill('AB1');
    await page.getByRole('button', { name: locale === 'zh' ? '生成邀请码' : 'Generate' }).click();
    await expect(
      page.getByText(locale === 'zh' ? '前缀必须是 4 个字符' : 'The prefix must be exactly 4 characters'),
    ).toBeVisible();
    await prefix.fill(locale === 'zh' ? 'ZH12' : 'EN12');
    await page.getByLabel(locale === 'zh' ? '数量（1-5）' : 'Quantity (1-5)').fill('6');
    await page.getByRole('button', { name: locale === 'zh' ? '生成邀请码' : 'Generate' }).click();
    await expect(
      page.getByText(locale === 'zh' ? '数量必须在 1 到 5 之间' : 'The quantity must be from 1 to 5'),
    ).toBeVisible();
    await page.getByLabel(locale === 'zh' ? '数量（1-5）' : 'Quantity (1-5)').fill('2');
    await page.getByRole('button', { name: locale === 'zh' ? '生成邀请码' : 'Generate' }).click();
    const rows = page.getByRole('row').filter({ hasText: locale === 'zh' ? 'ZH12' : 'EN12' });
    await expect(rows).toHaveCount(2);
    const code = (await rows.first().getByRole('cell').first().innerText()).trim();
    await rows.first().getByRole('button').click();
    await expect(page.getByText(locale === 'zh' ? '复制成功！' : 'Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test(`a non-agent is told invitation codes are for agents (${locale})`, async ({ page }) => {
    await logInAs(page, DEMO);
    await page.goto(inLocale('/pages/invitation-code/invitation-code', locale));
    await expect(page.getByRole('alert')).toContainText(
      locale === 'zh' ? '只有代理商可以生成邀请码' : 'Only agents can generate invitation codes',
    );
    await expect(page.getByLabel(locale === 'zh' ? '前缀' : 'Prefix')).toHaveCount(0);
  });
}

test.describe('beans, plans and language (logged in)', () => {
  for (const locale of ['zh', 'en'] as const) {
    const account = locale === 'zh' ? '账户' : 'Account';

    test(`the beans counter opens the redeem modal: a code adds beans once, a used code changes nothing (${locale})`, async ({
      page,
    }) => {
      const { token } = await signUpVerified(page, `redeem-${locale}`, locale);
      await page.goto(inLocale('/pages/leads/leads', locale));
      const counter = page
        .getByRole('complementary')
        .getByRole('button', { name: locale === 'zh' ? /剩余蜜豆: 5/ : /Remaining unlocks: 5/ });
      await counter.click();
      const dialog = page.getByRole('dialog', { name: locale === 'zh' ? '兑换蜜豆' : 'Redeem unlocks' });
      await expect(dialog).toBeVisible();
      const code = `E2E-CODE-${locale === 'zh' ? '00' : '01'}`;
      await dialog.getByRole('button', { name: locale === 'zh' ? '兑换' : 'Redeem', exact: true }).click();
      await expect(
        dialog.getByText(locale === 'zh' ? '授权码不能为空' : 'The authorization code cannot be empty'),
      ).toBeVisible();
      await dialog.getByLabel(locale === 'zh' ? '兑换码' : 'Code').fill(code);
      await dialog.getByRole('button', { name: locale === 'zh' ? '兑换' : 'Redeem', exact: true }).click();
      await expect(page.getByText(locale === 'zh' ? '已到账 50 个蜜豆' : '50 unlocks added')).toBeVisible();
      await expect(
        dialog.getByText(locale === 'zh' ? '兑换码' : 'Redeemed code', { exact: false }).first(),
      ).toBeVisible();
      expect((await userInfo(page, token)).point).toBe(55);

      await dialog.getByLabel(locale === 'zh' ? '兑换码' : 'Code').fill(code);
      await dialog.getByRole('button', { name: locale === 'zh' ? '兑换' : 'Redeem', exact: true }).click();
      await expect(
        dialog.getByText(
          locale === 'zh' ? '兑换码无效或已被使用' : 'This code is invalid or has already been used.',
        ),
      ).toBeVisible();
      expect((await userInfo(page, token)).point).toBe(55);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test(`the plan popup offers plans in the locale's currency with 13 selected and the saving badge (${locale})`, async ({
      page,
    }) => {
      await logInAs(page, DEMO);
      await page.goto(inLocale('/pages/leads/leads', locale));
      await page.getByRole('button', { name: account }).click();
      await page.getByRole('button', { name: locale === 'zh' ? '套餐与价格' : 'Plans and pricing' }).click();
      const dialog = page.getByRole('dialog', { name: locale === 'zh' ? '选择套餐' : 'Choose a plan' });
      const monthly = dialog.getByRole('radio', { name: locale === 'zh' ? /月付/ : /Monthly/ });
      await expect(monthly).toHaveAttribute('aria-checked', 'true');
      await expect(monthly).toContainText(locale === 'zh' ? '¥499' : '$69.9');
      const yearly = dialog.getByRole('radio', { name: locale === 'zh' ? /年付/ : /Yearly/ });
      await expect(yearly).toContainText(locale === 'zh' ? '省¥989' : 'Save $139');
      // No plan yet: no bundles.
      await expect(dialog.getByRole('radio')).toHaveCount(2);
      if (locale === 'zh') {
        await expect(dialog.getByRole('img', { name: '客服联系方式二维码' })).toBeVisible();
        await expect(dialog.getByRole('button', { name: '购买' })).toHaveCount(0);
      } else {
        await expect(dialog.getByRole('button', { name: 'Buy' })).toBeVisible();
      }
    });
  }

  test('buying in English goes through checkout and back: success toast, action removed, plan shown; then Your Plan and unsubscribe', async ({
    page,
  }) => {
    const { token } = await signUpVerified(page, 'buyer-en', 'en');
    await page.goto('/en/pages/leads/leads');
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('button', { name: 'Your Plan' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Plans and pricing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
    const buy = dialog.getByRole('button', { name: 'Buy' });
    await buy.click();
    await page.waitForURL(/\/api\/pay\/test\/checkout\//);
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/en/pages/leads/leads' && url.searchParams.get('type') === 'plan',
    );
    await expect(page.getByText('Payment successful')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('action')).toBeNull();
    expect((await userInfo(page, token)).subscription_status).toBe(1);

    await page.getByRole('button', { name: 'Account' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Account' }).getByText(/^Plan expires \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Your Plan' }).click();
    const plan = page.getByRole('dialog', { name: 'Your Plan' });
    await expect(plan.getByText('Monthly plan')).toBeVisible();
    await expect(plan.getByText('US$69.90 / Monthly')).toBeVisible();
    await expect(plan.getByText(/^Renews \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
    await expect(plan.getByText('stays usable until it expires')).toBeVisible();
    await plan.getByRole('button', { name: 'Unsubscribe' }).click();
    const confirm = plan.getByRole('group', { name: 'Confirm unsubscription' });
    await expect(confirm.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
    await expect(confirm.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await plan.getByRole('button', { name: 'Unsubscribe' }).click();
    await plan.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Unsubscription Successfully!')).toBeVisible();
    await expect(plan).toBeHidden();
    expect((await userInfo(page, token)).subscription_status).toBe(2);

    // Still a monthly subscriber until expiry: the bundles are offered too.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Plans and pricing' }).click();
    const options = page.getByRole('dialog', { name: 'Choose a plan' }).getByRole('radio');
    await expect(options).toHaveCount(4);
    await expect(options.nth(2)).toContainText('50 extra unlocks');
    await expect(options.nth(3)).toContainText('$16.9');
  });

  test('switching language while logged in saves it on the server and lands on the same page', async ({
    page,
  }) => {
    const { token } = await signUpVerified(page, 'lang', 'zh');
    await page.goto('/pages/leads/leads');
    await islandsHydrated(page);
    await page.getByRole('complementary').getByRole('button', { name: '语言' }).hover();
    await page.getByRole('complementary').getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/en/pages/leads/leads');
    expect((await userInfo(page, token)).language).toBe('en');

    // A failed save reverts and says so.
    await page.route('**/api/user/modify_language', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 50000, msg: 'busy', data: null }),
      }),
    );
    await islandsHydrated(page);
    await page.getByRole('complementary').getByRole('button', { name: 'Language' }).hover();
    await page.getByRole('complementary').getByRole('link', { name: '中文' }).click();
    await expect(page.getByText('The language could not be updated.')).toBeVisible();
    // Focus leaves the refused language's link for the menu button.
    await expect(page.getByRole('complementary').getByRole('button', { name: 'Language' })).toBeFocused();
    expect(new URL(page.url()).pathname).toBe('/en/pages/leads/leads');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
  });

  test('a language link clicked before the page hydrates still saves the language', async ({ page }) => {
    const { token } = await signUpVerified(page, 'lang-early', 'zh');
    // The zh page's scripts are held back: its link is a plain link, as in the first moments of a load.
    await page.route('**/_astro/*.js', async (route) => {
      if (new URL(page.url()).pathname.startsWith('/en/')) return route.fallback();
    });
    // Held module scripts also hold the load event: go on once the document has arrived.
    await page.goto('/pages/leads/leads', { waitUntil: 'commit' });
    await page.getByRole('complementary').getByRole('button', { name: '语言' }).hover();
    await page.getByRole('complementary').getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/en/pages/leads/leads');
    await expect.poll(async () => (await userInfo(page, token)).language).toBe('en');
  });
});

for (const locale of ['zh', 'en'] as const) {
  test(`@phone below 768 px the menu holds the account: name, unlocks, chat, leads, upload, redeem, logout (${locale})`, async ({
    page,
  }) => {
    await logInAs(page, DEMO);
    await page.goto(inLocale('/pages/leads/leads', locale));
    await page.getByRole('button', { name: locale === 'zh' ? '菜单' : 'Menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByText('Demo', { exact: true })).toBeVisible();
    await expect(menu.getByText(locale === 'zh' ? '剩余蜜豆' : 'Remaining unlocks')).toBeVisible();
    for (const name of locale === 'zh' ? ['搜索', '收藏', '上传'] : ['Search', 'Saved', 'Upload']) {
      await expect(menu.getByRole('link', { name, exact: true }).first()).toBeVisible();
    }
    await expect(
      menu.getByRole('link', { name: locale === 'zh' ? '生成邀请码' : 'Invitation codes' }),
    ).toHaveCount(0);
    await menu.getByRole('button', { name: locale === 'zh' ? '兑换蜜豆' : 'Redeem a code' }).click();
    await expect(
      page.getByRole('dialog', { name: locale === 'zh' ? '兑换蜜豆' : 'Redeem unlocks' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: locale === 'zh' ? '菜单' : 'Menu' }).click();
    await menu.getByRole('button', { name: locale === 'zh' ? '退出登录' : 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
  });
}

/**
 * Issue 17: a content page ships no script and no UI dictionary; its account islands fetch their
 * code, styles and their one locale's strings on the visitor's first interaction, and still speak
 * the page's language.
 */
for (const locale of ['zh', 'en'] as const) {
  const t = {
    account: locale === 'zh' ? '账户' : 'Account',
    remaining: locale === 'zh' ? '剩余蜜豆' : 'Remaining unlocks',
    plans: locale === 'zh' ? '套餐与价格' : 'Plans and pricing',
    choosePlan: locale === 'zh' ? '选择套餐' : 'Choose a plan',
    monthly: locale === 'zh' ? /月付/ : /Monthly/,
    menu: locale === 'zh' ? '菜单' : 'Menu',
    redeem: locale === 'zh' ? '兑换蜜豆' : 'Redeem a code',
  };
  /** Script URLs the page requests, and whether one is the other locale's strings. */
  const watchScripts = (page: import('@playwright/test').Page) => {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
    });
    const other = locale === 'zh' ? 'en' : 'zh';
    return { urls, otherLocale: () => urls.filter((url) => url.startsWith(`/_astro/${other}.`)) };
  };

  test(`on a blog post the account popover and plans popup load their ${locale} texts on first interaction`, async ({
    page,
  }) => {
    await logInAs(page, DEMO);
    const scripts = watchScripts(page);
    await page.goto(inLocale('/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach', locale));
    expect(scripts.urls, 'scripts before any interaction').toEqual([]);
    // The visitor's pointer reaches the page: the islands hydrate with their strings.
    await page.mouse.move(400, 300);
    await page.getByRole('button', { name: t.account }).click();
    const menu = page.getByRole('dialog', { name: t.account });
    await expect(menu.getByText(t.remaining)).toBeVisible();
    await menu.getByRole('button', { name: t.plans }).click();
    const plans = page.getByRole('dialog', { name: t.choosePlan });
    await expect(plans.getByRole('radio', { name: t.monthly })).toBeVisible();
    expect(scripts.otherLocale(), "the other language's strings").toEqual([]);
  });

  test(`@phone on the blog list the menu's account part loads its ${locale} texts on first tap`, async ({
    page,
  }) => {
    await logInAs(page, DEMO);
    const scripts = watchScripts(page);
    await page.goto(inLocale('/pages/official-blog/official-blog', locale));
    expect(scripts.urls, 'scripts before any interaction').toEqual([]);
    await page.getByRole('button', { name: t.menu }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByText(t.remaining)).toBeVisible();
    await menu.getByRole('button', { name: t.redeem }).click();
    await expect(
      page.getByRole('dialog', { name: locale === 'zh' ? '兑换蜜豆' : 'Redeem unlocks' }),
    ).toBeVisible();
    expect(scripts.otherLocale(), "the other language's strings").toEqual([]);
  });
}
