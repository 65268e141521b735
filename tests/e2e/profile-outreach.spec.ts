import type { Page } from '@playwright/test';
import { CHINESE_PROFILE } from '../api/profiles.ts';
import { test, expect, signUpVerified, inLocale, searchLeads, islandsHydrated } from './fixtures.ts';
import { mailWithSubject } from './mailbox.ts';
import { ENV_NAMES } from '../../server/platform/config.ts';

/*
 * Issue 15 end to end, without an LLM: a Chinese company profile uploaded, read into the seller
 * profile, edited; a draft that states only the profile's facts, greets the named contact and
 * signs with the profile, previewed in the reader's language; sent with one follow-up; seen in
 * Sent emails with its thread; the same files and profile from a second browser.
 */

type Locale = 'zh' | 'en';
const L = <T>(locale: Locale, zh: T, en: T) => (locale === 'zh' ? zh : en);

const TEXT = {
  zh: {
    profile: '公司资料与签名',
    readNone: /还没有可读取的文件/,
    upload: '上传文件',
    uploadDialog: '公司资料',
    drop: '拖放文件到这里，或点击选择文件',
    uploaded: '公司简介.txt 已上传',
    companyZh: '公司中文名称',
    companyEn: '公司英文名称',
    nameEn: '姓名（英文）',
    fromFiles: '来自文件，请核对',
    source: '文件原文：',
    sources: /^文件中的出处（\d+）$/,
    remove: '移除 宠物零食',
    save: '保存',
    saved: '已保存',
    readFrom: '已从 1 个文件中读取（内置识别）。',
  },
  en: {
    profile: 'Company profile and signature',
    readNone: /No file to read yet/,
    upload: 'Upload files',
    uploadDialog: 'Company files',
    drop: 'Drop a file here or choose one',
    uploaded: '公司简介.txt uploaded',
    companyZh: 'Company name in Chinese',
    companyEn: 'Company name in English',
    nameEn: 'Name in English',
    fromFiles: 'From your files: please check',
    source: 'In your file:',
    sources: /^Where your files say so \(\d+\)$/,
    remove: 'Remove pet treats',
    save: 'Save',
    saved: 'Saved',
    readFrom: 'Read from 1 file(s) (built-in reader).',
  },
} as const;

/** Searches and unlocks a pet-food buyer with a named contact in `country`; answers it with its contacts. */
async function unlockBuyer(page: Page, token: string, sentence: string) {
  const found = await searchLeads(page.request, token, sentence);
  const lead = found.find((l) => l.locked.people > 0 && l.locked.emails > 0) ?? found[0];
  expect(lead, `a lead for “${sentence}”`).toBeDefined();
  const res = await page.request.post('/api/leads/unlock', {
    headers: { token },
    data: { lead_id: lead!.id },
  });
  return (await res.json()).data as {
    id: string;
    name: string;
    contacts: { emails: { email: string; status: string }[] };
    people: { name: string; emails: { email: string; status: string }[] }[];
  };
}

for (const locale of ['zh', 'en'] as const) {
  const t = TEXT[locale];
  test(`profile from a Chinese brochure, edited; a true draft with its preview; sent with one follow-up; seen from a second browser (${locale})`, async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const translateCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/translate') && translateCalls.push(r.url()));
    // No answer the browser gets names a server setting (plain words when a feature is off).
    const settings = ENV_NAMES.filter((name) => name.includes('_'));
    const named: string[] = [];
    page.on('response', async (r) => {
      if (!r.url().includes('/api/')) return;
      const text = await r.text().catch(() => '');
      for (const name of settings) if (text.includes(name)) named.push(`${r.url()}: ${name}`);
    });
    const { token, email } = await signUpVerified(page, `issue15-${locale}`, locale);

    // 1. The profile page, empty; the brochure uploaded from it fills it in.
    await page.goto(inLocale('/pages/profile/profile', locale));
    await expect(page.getByRole('heading', { level: 1, name: t.profile })).toBeVisible();
    await expect(page.getByText(t.readNone)).toBeVisible();
    await islandsHydrated(page);
    await page.getByRole('button', { name: t.upload }).click();
    const upload = page.getByRole('dialog', { name: t.uploadDialog });
    await upload.getByLabel(t.drop).setInputFiles({
      name: '公司简介.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(CHINESE_PROFILE),
    });
    await expect(upload.getByRole('status').getByText(t.uploaded)).toBeVisible();
    await page.keyboard.press('Escape');
    // The dialog animates out for 500 ms, still modal: the form behind it takes input once it is gone.
    await expect(upload).toBeHidden();
    await expect(page.getByText(t.readFrom)).toBeVisible();
    await expect(page.getByLabel(t.companyZh, { exact: true })).toHaveValue('宁波明亮宠物用品有限公司');
    await expect(page.getByLabel(t.companyEn, { exact: true })).toHaveValue(
      'Ningbo Bright Pet Products Co., Ltd.',
    );
    await expect(page.getByLabel(t.nameEn, { exact: true })).toHaveValue('Li Wei');
    await expect(page.getByText(t.fromFiles).first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'HACCP', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'CE', exact: true })).not.toBeChecked();
    // Each fact with the line of the file it was read in (issue 33).
    await expect(page.locator('.profile-source').filter({ hasText: '最小起订量：500公斤' })).toContainText(
      t.source,
    );
    const quoted = page.locator('details').filter({ has: page.getByText(t.sources) });
    await quoted.first().getByText(t.sources).click();
    await expect(
      quoted.first().getByText('主要产品：猫粮、狗粮、宠物零食、冻干宠物食品。').first(),
    ).toBeVisible();

    // 2. Edited: a signature name of the user's choosing, one product fewer, a certificate less.
    await page.getByLabel(t.nameEn, { exact: true }).fill('William Li');
    await page.getByRole('button', { name: t.remove }).click();
    await page.getByRole('checkbox', { name: 'FDA', exact: true }).uncheck();
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t.saved })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(t.nameEn, { exact: true })).toHaveValue('William Li');
    await expect(page.getByRole('button', { name: t.remove })).toHaveCount(0);

    // 3. A second browser of the same account sees the same files and profile.
    const other = await browser.newContext();
    await other.addInitScript((value) => localStorage.setItem('token', value), token);
    const second = await other.newPage();
    await second.goto(inLocale('/pages/profile/profile', locale));
    await expect(second.getByLabel(t.nameEn, { exact: true })).toHaveValue('William Li');
    await islandsHydrated(second);
    await second.getByRole('button', { name: t.upload }).click();
    await expect(
      second.getByRole('dialog', { name: t.uploadDialog }).getByText('公司简介.txt'),
    ).toBeVisible();
    await other.close();

    // 4. A draft to a buyer: English for an American one (zh reader), German for a German one (en reader).
    const lead = await unlockBuyer(
      page,
      token,
      L(locale, 'Find pet food buyers in the United States', 'Find pet food buyers in Germany'),
    );
    await page.goto(inLocale('/pages/unlocked-leads/unlocked-leads', locale));
    await page.getByRole('button', { name: L(locale, '写开发信', 'Write email') }).click();
    const dialog = page.getByRole('dialog', { name: L(locale, '写开发信', 'Write an email') });
    const subject = dialog.getByLabel(L(locale, '主题', 'Subject'), { exact: true });
    await expect(subject).not.toHaveValue('', { timeout: 15_000 });
    await expect(dialog.getByRole('radio', { name: L(locale, '英文', 'German') })).toBeChecked();
    const body = await dialog.getByLabel(L(locale, '正文', 'Message'), { exact: true }).inputValue();
    const company = 'Ningbo Bright Pet Products Co., Ltd.';
    expect(body).toContain(company);
    expect(body).toContain('cat food');
    expect(body).not.toContain('pet treats');
    expect(body).not.toContain('FDA');
    expect(body).toMatch(/\nWilliam Li\nSales Manager\n/);
    // The first address ticked is greeted: by name when it is a person's, neutrally otherwise.
    const ticked = await dialog
      .getByRole('checkbox', { name: /@/, checked: true })
      .first()
      .getAttribute('id');
    const to = await dialog.locator(`label[for="${ticked}"]`).innerText();
    const person = lead.people.find((p) => p.emails.some((e) => e.email === to));
    const [first, ...family] = person?.name.split(' ') ?? [];
    // German letters: Frau or Herr and the family name when the name says which, else the whole name.
    const german = person
      ? [
          `Guten Tag ${person.name},`,
          `Guten Tag Frau ${family.join(' ')},`,
          `Guten Tag Herr ${family.join(' ')},`,
        ]
      : ['Guten Tag,'];
    expect(L(locale, [first ? `Dear ${first},` : 'Hello,'], german)).toContain(body.split('\n')[0]);
    expect(body).not.toMatch(/team,/i);

    // The preview, in the reader's language from the same facts; no translator asked, none offered.
    const preview = dialog.getByRole('region', {
      name: L(locale, '中文对照（仅供你阅读，不会发送）', 'In English, for you to read (not sent)'),
    });
    await expect(preview).toContainText(L(locale, '宁波明亮宠物用品有限公司', company));
    await expect(preview).toContainText(L(locale, '猫粮', 'cat food'));
    await expect(preview).toContainText(L(locale, '李伟', 'William Li'));
    await expect(dialog.getByRole('button', { name: /翻译成|Translate into/ })).toHaveCount(0);

    // 5. One follow-up, three days later; the second not sent.
    await dialog.getByLabel(L(locale, '发送第 2 封跟进', 'Send follow-up 2')).uncheck();
    await dialog
      .getByLabel(L(locale, '第一封之后的天数', 'Days after the first email'))
      .first()
      .fill('3');
    await dialog.getByText(L(locale, '查看并修改第 1 封跟进', 'Read and edit follow-up 1')).click();
    await expect(
      dialog.getByLabel(L(locale, '第 1 封跟进的正文', 'Follow-up 1 message'), { exact: true }),
    ).toHaveValue(/following up|komme auf meine E-Mail/i);
    if (locale === 'en')
      await dialog.getByLabel('I have a business relationship with this company or its consent').check();
    const edited = `${await subject.inputValue()} [${locale}-${Date.now()}]`;
    await subject.fill(edited);
    const since = Date.now();
    await dialog.getByRole('button', { name: L(locale, '发送（1）', 'Send (1)') }).click();
    await expect(
      dialog.getByRole('heading', { name: L(locale, '已提交发送', 'Sent for delivery') }),
    ).toBeVisible();

    // 6. Sent emails: the first email sent, its follow-up scheduled, the thread; a reply marked stops it.
    await dialog.getByRole('link', { name: L(locale, '查看已发邮件', 'View sent emails') }).click();
    const firstRow = page.getByRole('listitem').filter({ hasText: L(locale, '第 1/2 封', 'Email 1 of 2') });
    await expect(firstRow.getByText(L(locale, '已发送', 'Sent'), { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    const followRow = page.getByRole('listitem').filter({ hasText: L(locale, '第 2/2 封', 'Email 2 of 2') });
    await expect(followRow.getByText(L(locale, '待发送（跟进）', 'Scheduled (follow-up)'))).toBeVisible();
    await expect(followRow.getByText(L(locale, '计划发送', 'Scheduled for'))).toBeVisible();
    await firstRow.getByRole('button', { name: edited }).click();
    await expect(
      firstRow.getByRole('heading', {
        name: L(locale, '发给这位收件人的全部邮件', 'Every email to this recipient'),
      }),
    ).toBeVisible();
    await firstRow.getByRole('button', { name: L(locale, '标记为已回复', 'Mark as replied') }).click();
    await expect(followRow.getByText(L(locale, '已取消', 'Cancelled'), { exact: true })).toBeVisible();
    await expect(firstRow.getByText(L(locale, '已回复', 'Replied'), { exact: true })).toBeVisible();

    // What went out says what the draft said, signed with the edited name.
    const mail = await mailWithSubject(to, edited, since);
    expect(mail.text).toContain(company);
    expect(mail.text).toContain('William Li');
    expect(translateCalls).toEqual([]);
    expect(named).toEqual([]);
    expect(await page.locator('body').innerText()).not.toMatch(new RegExp(settings.join('|')));
    expect(email).toContain('@');
    expect(consoleErrors).toEqual([]);
  });
}
