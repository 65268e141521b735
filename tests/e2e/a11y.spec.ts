import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, DEMO, AGENT, logInAs, inLocale, searchLeads, signUpVerified } from './fixtures.ts';
import { CHINESE_PROFILE } from '../api/profiles.ts';
import { forgiveTranslatorRefusals } from './translator.ts';

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

  test(`the sign-in tabs use roles their elements allow, both modes (${locale})`, async ({ page }) => {
    for (const mode of ['', '?mode=signup']) {
      await page.goto(inLocale(`/pages/login/login${mode}`, locale));
      await expect(page.getByRole('tabpanel')).toBeVisible();
      // Minor for axe, but Lighthouse takes a point off accessibility for it.
      const results = await new AxeBuilder({ page }).withRules(['aria-allowed-role']).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    }
  });

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
    const [lead] = await searchLeads(
      page.request,
      token,
      locale === 'zh' ? '帮我找德国的LED面板买家' : 'Find LED panel buyers in Germany',
    );
    expect(lead, 'the search found a lead').toBeDefined();
    await page.request.post('/api/leads/collect', { headers: { token }, data: { lead_id: lead!.id } });
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

  test(`axe finds nothing serious in the upload modal: files, company text, delete confirm, image preview (${locale})`, async ({
    page,
  }) => {
    const zh = locale === 'zh';
    // A new account: files belong to the account, so the shared demo account would see other tests' files.
    await signUpVerified(page, `a11y-upload-${locale}`, locale);
    await page.goto(inLocale('/pages/leads/leads', locale));
    await page.getByRole('link', { name: zh ? '上传' : 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: zh ? '公司资料' : 'Company files' });
    await expect(dialog.getByText(zh ? '还没有上传文件。' : 'No files uploaded yet.')).toBeVisible();
    expect(await violations(page), 'empty').toEqual([]);
    const input = dialog.getByLabel(zh ? '拖放文件到这里，或点击选择文件' : 'Drop a file here or choose one');
    await input.setInputFiles({
      name: 'profile.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Ningbo Bright Panel Co. makes LED panel lights.'),
    });
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await input.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWP4ulSFJMQwqmHpaCh9xRYGANyMTpA7TmgjAAAAAElFTkSuQmCC',
        'base64',
      ),
    });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    expect(await violations(page), 'files').toEqual([]);
    await dialog.getByRole('button', { name: zh ? '删除 profile.txt' : 'Delete profile.txt' }).click();
    await expect(dialog.getByRole('button', { name: zh ? '确认删除' : 'Yes, delete' })).toBeVisible();
    expect(await violations(page), 'confirm').toEqual([]);
    await dialog.getByRole('button', { name: zh ? '取消' : 'Cancel', exact: true }).click();
    await dialog.getByRole('button', { name: zh ? '预览 logo.png' : 'Preview logo.png' }).click();
    await expect(dialog.getByRole('img', { name: 'logo.png' })).toBeVisible();
    expect(await violations(page), 'preview').toEqual([]);
  });

  test(`axe finds nothing serious on the company profile page, filled in from a file (${locale})`, async ({
    page,
  }) => {
    const { token } = await signUpVerified(page, `a11y-profile-${locale}`, locale);
    await page.request.post('/api/upload_file', {
      headers: { token },
      multipart: {
        clientId: 'a11y-browser-01',
        file: { name: 'profile.txt', mimeType: 'text/plain', buffer: Buffer.from(CHINESE_PROFILE) },
      },
    });
    await page.goto(inLocale('/pages/profile/profile', locale));
    await expect(
      page.getByLabel(locale === 'zh' ? '公司中文名称' : 'Company name in Chinese', { exact: true }),
    ).toHaveValue('宁波明亮宠物用品有限公司');
    expect(await violations(page), 'profile').toEqual([]);
    await page.getByLabel(locale === 'zh' ? '网站' : 'Website', { exact: true }).fill('javascript:x');
    await page.getByRole('button', { name: locale === 'zh' ? '保存' : 'Save', exact: true }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    expect(await violations(page), 'profile with errors').toEqual([]);
  });

  test(`axe finds nothing serious in the email composer and on the Sent emails page (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    const forgive = forgiveTranslatorRefusals(page, consoleErrors);
    const zh = locale === 'zh';
    const { token } = await signUpVerified(page, `a11y-outreach-${locale}`, locale);
    // L000001: a German lead (legal note shown) with an invalid address (a disabled checkbox),
    // which a search for German LED panel suppliers returns (only shown leads can be unlocked).
    const found = await searchLeads(
      page.request,
      token,
      zh ? '帮我找德国的LED面板供应商' : 'Find LED panel suppliers in Germany',
    );
    expect(found.map((lead) => lead.id)).toContain('L000001');
    await page.request.post('/api/leads/unlock', { headers: { token }, data: { lead_id: 'L000001' } });
    await page.goto(inLocale('/pages/unlocked-leads/unlocked-leads', locale));
    await page.getByRole('button', { name: zh ? '写开发信' : 'Write email' }).click();
    const dialog = page.getByRole('dialog', { name: zh ? '写开发信' : 'Write an email' });
    await expect(dialog.getByLabel(zh ? '主题' : 'Subject', { exact: true })).not.toHaveValue('');
    await expect(dialog.getByText(zh ? '正在翻译对照…' : 'Translating for you…')).toHaveCount(0);
    expect(await violations(page), 'composer').toEqual([]);
    await dialog.getByText(zh ? '查看并修改第 1 封跟进' : 'Read and edit follow-up 1').click();
    expect(await violations(page), 'composer with a follow-up open').toEqual([]);
    const subject = `a11y ${locale} ${Date.now()}`;
    await dialog.getByLabel(zh ? '主题' : 'Subject', { exact: true }).fill(subject);
    await dialog
      .getByLabel(
        zh
          ? '我与这家公司已有业务往来，或已获得对方同意'
          : 'I have a business relationship with this company or its consent',
      )
      .check();
    await dialog.getByRole('button', { name: zh ? '发送（1）' : 'Send (1)' }).click();
    await expect(
      dialog.getByRole('heading', { name: zh ? '已提交发送' : 'Sent for delivery' }),
    ).toBeVisible();
    expect(await violations(page), 'sent').toEqual([]);

    await page.goto(inLocale('/pages/sent-emails/sent-emails', locale));
    // The follow-ups keep the first email's subject: the first email's row is the one opened.
    const open = page
      .getByRole('listitem')
      .filter({ hasText: zh ? '第 1/3 封' : 'Email 1 of 3' })
      .getByRole('button', { name: subject, exact: true });
    // Screen readers hear which email of the thread it is, since the subjects are the same.
    await expect(open).toHaveAccessibleDescription(new RegExp(zh ? '^第 1/3 封' : '^Email 1 of 3'));
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(await violations(page), 'sent emails').toEqual([]);
    // The German draft's preview is the built-in writer's: the translator (off here) is never asked.
    expect(forgive()).toBe(0);
  });
}
