import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, DEMO, AGENT, logInAs, inLocale } from './fixtures.ts';

/** Serious and critical axe violations on what is on screen now. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const PAGES = [
  '/',
  '/pages/official-blog/official-blog',
  '/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach',
  '/pages/legal/privacy-policy',
  '/pages/404/404',
  '/pages/login/login',
  '/pages/login/login?mode=signup',
  '/pages/signup/verify-email?email=a%40example.com',
  '/pages/forgot-password/forgot-password',
  '/pages/reset-password/reset-password',
  '/pages/email-sent/email-sent?type=reset&email=a%40example.com',
];

for (const locale of ['zh', 'en'] as const) {
  for (const path of PAGES) {
    test(`axe finds nothing serious on ${inLocale(path, locale)}`, async ({ page }) => {
      await page.goto(inLocale(path, locale));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }

  test(`axe finds nothing serious in the account popover and every popup (${locale})`, async ({ page }) => {
    await logInAs(page, DEMO);
    await page.goto(inLocale('/pages/leads/leads', locale));
    const account = locale === 'zh' ? '账户' : 'Account';
    await page.getByRole('button', { name: account }).click();
    await expect(page.getByRole('dialog', { name: account })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    for (const [item, title] of [
      [locale === 'zh' ? '兑换蜜豆' : 'Redeem a code', locale === 'zh' ? '兑换蜜豆' : 'Redeem unlocks'],
      [locale === 'zh' ? '套餐与价格' : 'Plans and pricing', locale === 'zh' ? '选择套餐' : 'Choose a plan'],
    ] as const) {
      await page.getByRole('button', { name: account }).click();
      await page.getByRole('button', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(locale === 'zh' ? '加载中…' : 'Loading…')).toHaveCount(0);
      expect(await violations(page), title).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test(`axe finds nothing serious on the chat page with results (${locale})`, async ({ page }) => {
    await logInAs(page, DEMO);
    await page.goto(
      `${inLocale('/pages/chat/chat', locale)}?q=${encodeURIComponent(locale === 'zh' ? '越南的纺织面料供应商' : 'textile fabric suppliers in Vietnam')}`,
    );
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`axe finds nothing serious on the saved leads page with rows (${locale})`, async ({ page }) => {
    const token = await logInAs(page, DEMO);
    await page.request.post('/api/leads/collect', { headers: { token }, data: { lead_id: 'L000003' } });
    await page.goto(inLocale('/pages/leads/leads', locale));
    await expect(page.getByRole('checkbox').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`axe finds nothing serious on the invitation code page (${locale})`, async ({ page }) => {
    await logInAs(page, AGENT);
    await page.goto(inLocale('/pages/invitation-code/invitation-code', locale));
    await expect(
      page.getByRole('button', { name: locale === 'zh' ? '生成邀请码' : 'Generate' }),
    ).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}
