import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { test, expect, signUpVerified, inLocale, searchLeads } from './fixtures.ts';

for (const locale of ['zh', 'en'] as const) {
  test(`saved leads: memo saved as typed, CSV export with BOM, bulk unsave to the empty state (${locale})`, async ({
    page,
  }) => {
    const { token } = await signUpVerified(page, `leads-${locale}`, locale);
    // Only leads a search of theirs returned can be saved: search first, save the first two.
    const found = await searchLeads(
      page.request,
      token,
      locale === 'zh' ? '帮我找德国的LED面板买家' : 'Find LED panel buyers in Germany',
    );
    expect(found.length).toBeGreaterThanOrEqual(2);
    const [first, second] = found.map((lead) => lead.id) as [string, string];
    for (const id of [first, second]) {
      expect(
        (
          await (
            await page.request.post('/api/leads/collect', { headers: { token }, data: { lead_id: id } })
          ).json()
        ).code,
      ).toBe(0);
    }
    await page.goto(inLocale('/pages/leads/leads', locale));
    await expect(page.getByText(locale === 'zh' ? '共 2 条' : '2 leads')).toBeVisible();
    const memo = page.getByLabel(locale === 'zh' ? '备注' : 'Memo').first();
    await memo.fill(locale === 'zh' ? '展会认识，下周跟进' : 'Met at the fair; follow up next week');
    await expect(page.getByText(locale === 'zh' ? '备注已保存' : 'Memo saved')).toBeVisible();
    const saved = (await (await page.request.get('/api/leads/collects', { headers: { token } })).json()).data
      .items;
    expect(saved.map((lead: { memo: string }) => lead.memo)).toContain(
      locale === 'zh' ? '展会认识，下周跟进' : 'Met at the fair; follow up next week',
    );

    // Sorting: oldest first puts the first saved lead on top, newest first the last one.
    const rows = page.locator('.leads-row');
    const sort = page.getByLabel(locale === 'zh' ? '排序' : 'Sort');
    await sort.selectOption('oldest');
    await expect(rows.first()).toContainText(saved.find((l: { id: string }) => l.id === first).name);
    await sort.selectOption('newest');
    await expect(rows.first()).toContainText(saved.find((l: { id: string }) => l.id === second).name);

    const checkboxes = page.getByRole('checkbox');
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: locale === 'zh' ? '导出所选（2）' : 'Export selected (2)' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n')[0]).toContain(locale === 'zh' ? '公司' : 'Company');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    // Roles in the page's language, like the page: 买家 / 供应商 on zh, Buyer / Supplier on en.
    const roles = (parse(csv, { bom: true, from_line: 2 }) as string[][]).map((row) => row[1]);
    for (const role of roles)
      expect(locale === 'zh' ? ['买家', '供应商'] : ['Buyer', 'Supplier']).toContain(role);

    await page.getByRole('button', { name: locale === 'zh' ? '取消收藏（2）' : 'Unsave (2)' }).click();
    await expect(page.getByText(locale === 'zh' ? '还没有收藏的线索' : 'No saved leads yet')).toBeVisible();
    await expect(
      page.getByRole('link', { name: locale === 'zh' ? '去搜索客户' : 'Search for leads' }),
    ).toBeVisible();
  });
}

test('unlocked leads list the contacts of what was unlocked', async ({ page }) => {
  const { token } = await signUpVerified(page, 'unlocked', 'en');
  const [lead] = await searchLeads(page.request, token, 'Find LED panel buyers in Germany');
  expect(lead, 'the search found a lead').toBeDefined();
  const unlocked = await (
    await page.request.post('/api/leads/unlock', { headers: { token }, data: { lead_id: lead!.id } })
  ).json();
  expect(unlocked.code).toBe(0);
  await page.goto('/en/pages/unlocked-leads/unlocked-leads');
  await expect(page.getByRole('heading', { name: unlocked.data.name })).toBeVisible();
  if (unlocked.data.contacts.emails.length)
    await expect(page.getByText(unlocked.data.contacts.emails[0].email)).toBeVisible();
});
