/**
 * Security guide: signing in from the browser. The emailed verification link signs in only after a
 * click by the person on the page, never replaces another signed-in account without asking (login
 * CSRF), and the one finish-sign-in path follows `?redirect=` only to a path on this site. A code
 * used in a browser that did not make its sign-up activates no password chosen elsewhere: the page
 * asks the mailbox holder for one (docs/api.md "Sign-up").
 */
import type { Page } from '@playwright/test';
import { test, expect, DEMO, inLocale, islandsHydrated, logInAs, uniqueEmail, userInfo } from './fixtures.ts';
import { latestCode } from './mailbox.ts';

const VERIFY = '/pages/signup/verify-email';

const T = {
  zh: {
    code: '验证码',
    verify: '验证',
    account: '账户',
    switchTitle: '切换账户？',
    switchText: (current: string, email: string) =>
      `你当前登录的账户是 ${current}。要验证 ${email} 并切换到该账户吗？`,
    cancel: '取消，保持当前登录',
    confirm: '验证并切换',
    password: '密码',
    passwordForCode: '此验证码不是在这个浏览器上申请的：请设置你的密码以完成验证。',
    verifyWithPassword: '设置密码并完成验证',
    tooShort: '密码长度为 8-14 个字符',
  },
  en: {
    code: 'Code',
    verify: 'Verify',
    account: 'Account',
    switchTitle: 'Switch accounts?',
    switchText: (current: string, email: string) =>
      `You are signed in as ${current}. Verify ${email} and switch to that account?`,
    cancel: 'Cancel, stay signed in',
    confirm: 'Verify and switch',
    password: 'Password',
    passwordForCode: 'This code was not requested from this browser: choose your password to finish.',
    verifyWithPassword: 'Set the password and verify',
    tooShort: 'Use 8 to 14 characters',
  },
} as const;

/**
 * A fresh sign-up nobody has verified yet, the link its email carries, and the sign-up token its
 * register answer gave (no browser holds it unless `inBrowser` stores it there, as the form does).
 */
async function pendingSignUp(page: Page, locale: 'zh' | 'en', redirect?: string) {
  const email = uniqueEmail(`link-${locale}`);
  const since = Date.now();
  const registered = await page.request.post('/api/user/register', {
    data: { email, password: 'Secret123', language: locale },
  });
  const { signup_token } = (await registered.json()).data as { signup_token: string };
  const code = await latestCode(email, since);
  const query = new URLSearchParams({ email, code, ...(redirect ? { redirect } : {}) });
  return { email, code, signup_token, link: `${inLocale(VERIFY, locale)}?${query}` };
}

/** Makes `page`'s browser the one that signed up (the sign-up form keeps the token so). */
async function inBrowser(page: Page, signUp: { email: string; signup_token: string }) {
  await page.addInitScript(
    (value) => localStorage.setItem('signupToken', value),
    JSON.stringify({ email: signUp.email, token: signUp.signup_token }),
  );
}

/** Records every verification the page sends (each one signs someone in). */
function verificationsSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/user/register_verification')) sent.push(request.url());
  });
  return sent;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

for (const locale of ['zh', 'en'] as const) {
  const t = T[locale];

  test(`a verification link opened while signed in keeps the session until the person confirms the switch (${locale})`, async ({
    page,
  }) => {
    const demoToken = await logInAs(page, DEMO);
    const other = await pendingSignUp(page, locale);
    const sent = verificationsSent(page);
    await page.clock.install();
    await page.goto(other.link);
    await islandsHydrated(page);
    // The link pre-fills the code; a second later nothing has been sent and nobody was switched.
    await expect(page.getByLabel(t.code)).toHaveValue(other.code);
    await page.clock.runFor(1_000);
    expect(sent).toEqual([]);
    expect(await storedToken(page)).toBe(demoToken);

    // Pressing verify asks first, naming both addresses; Cancel keeps the current session untouched.
    await page.getByRole('button', { name: t.verify, exact: true }).click();
    const question = page.getByRole('group', { name: t.switchTitle });
    await expect(question).toContainText(t.switchText(DEMO.email, other.email));
    await question.getByRole('button', { name: t.cancel }).click();
    await expect(question).toBeHidden();
    expect(sent).toEqual([]);
    expect(await storedToken(page)).toBe(demoToken);
    await page.goto(inLocale('/pages/leads/leads', locale));
    await page.getByRole('button', { name: t.account }).click();
    await expect(
      page.getByRole('dialog', { name: t.account }).getByText('Demo', { exact: true }),
    ).toBeVisible();

    // Confirming verifies the other address: this browser did not sign it up, so the page asks
    // for a password (never the one chosen at sign-up), then signs in as it and ends the old session.
    await page.goto(other.link);
    await page.getByRole('button', { name: t.verify, exact: true }).click();
    await page.getByRole('group', { name: t.switchTitle }).getByRole('button', { name: t.confirm }).click();
    await expect(page.getByText(t.passwordForCode)).toBeVisible();
    expect(await storedToken(page)).toBe(demoToken);
    await page.getByLabel(t.password, { exact: true }).fill('Chosen#2024');
    await page.getByRole('button', { name: t.verifyWithPassword }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/chat/chat', locale));
    const token = await storedToken(page);
    expect(token).not.toBe(demoToken);
    expect((await userInfo(page, token!)).email).toBe(other.email);
    const old = await page.request.get('/api/user/user_info', { headers: { token: demoToken } });
    expect((await old.json()).code).toBe(40100);
  });

  test(`without a session the verification link pre-fills the code and signs in after one click, with a deviceId (${locale})`, async ({
    page,
  }) => {
    const other = await pendingSignUp(page, locale);
    await inBrowser(page, other);
    const sent = verificationsSent(page);
    await page.clock.install();
    await page.goto(other.link);
    await islandsHydrated(page);
    await expect(page.getByLabel(t.code)).toHaveValue(other.code);
    await expect(page.getByLabel(locale === 'zh' ? '邮箱' : 'Email', { exact: true })).toHaveValue(
      other.email,
    );
    await page.clock.runFor(1_000);
    expect(sent).toEqual([]);
    expect(await storedToken(page)).toBeNull();

    await page.getByRole('button', { name: t.verify, exact: true }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/chat/chat', locale));
    expect(sent).toHaveLength(1);
    expect(await storedToken(page)).toMatch(/^[\w-]{43}$/);
    // Spec §3: the deviceId is made once if absent, also when a sign-up verification signs in.
    expect(await page.evaluate(() => localStorage.getItem('deviceId'))).toMatch(/^[0-9a-f]{64}$/);
  });

  test(`a verification link opened in a fresh browser asks for a password, then signs in with it (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const signUp = await pendingSignUp(page, locale);
    const context = await browser.newContext({ baseURL: baseURL! });
    try {
      const fresh = await context.newPage();
      const errors: string[] = [];
      fresh.on('pageerror', (error) => errors.push(String(error)));
      await fresh.goto(signUp.link);
      await islandsHydrated(fresh);
      await fresh.getByRole('button', { name: t.verify, exact: true }).click();
      await expect(fresh.getByText(t.passwordForCode)).toBeVisible();
      const password = fresh.getByLabel(t.password, { exact: true });
      await expect(password).toBeFocused();
      // The sign-up form's rules and checks: a short password is refused beside the field.
      await password.fill('short1');
      await fresh.getByRole('button', { name: t.verifyWithPassword }).click();
      await expect(fresh.locator('.field-error')).toHaveText(t.tooShort);
      await password.fill('Chosen#2024');
      await fresh.getByRole('button', { name: t.verifyWithPassword }).click();
      await fresh.waitForURL((url) => url.pathname === inLocale('/pages/chat/chat', locale));
      const token = await fresh.evaluate(() => localStorage.getItem('token'));
      expect((await userInfo(fresh, token!)).email).toBe(signUp.email);
      // The password chosen at sign-up (elsewhere) was never activated; the one chosen here was.
      const login = (password: string) =>
        page.request
          .post('/api/user/login', { data: { email: signUp.email, password } })
          .then((res) => res.json());
      expect((await login('Secret123')).code).toBe(40101);
      expect((await login('Chosen#2024')).code).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

// `/en//evil.example` is a path here, but the zh visitor's locale switch folds it into `//evil.example`.
for (const redirect of ['//evil.example/', '/.//evil.example/', '/en//evil.example']) {
  test(`verify-email ?redirect=${redirect} stays on this site after verifying`, async ({ page, baseURL }) => {
    const site = new URL(baseURL!).origin;
    const offSite: string[] = [];
    await page.context().route(
      (url) => url.origin !== site && /^https?:$/.test(url.protocol),
      (route) => (
        offSite.push(route.request().url()),
        route.fulfill({ contentType: 'text/html', body: '<title>elsewhere</title>' })
      ),
    );
    await page.addInitScript(() => localStorage.setItem('locale', 'zh'));
    const other = await pendingSignUp(page, 'zh', redirect);
    await inBrowser(page, other);
    await page.goto(other.link);
    await page.getByRole('button', { name: T.zh.verify, exact: true }).click();
    await page.waitForURL((url) => url.pathname !== VERIFY);
    await page.waitForLoadState('load');
    expect(offSite).toEqual([]);
    expect(new URL(page.url()).origin).toBe(site);
    expect(new URL(page.url()).pathname).toBe('/pages/chat/chat');
  });
}
