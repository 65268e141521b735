import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { test, expect, signUpVerified, inLocale, searchLeads } from './fixtures.ts';

/** Issue 16.3: saved leads as a working list, in zh and en, on desktop and on a phone. */
const TEXT = {
  zh: {
    queries: ['帮我找德国的LED面板买家', '帮我找法国的LED面板买家'],
    stageOf: (name: string) => `${name} 的阶段`,
    contacted: '已联系',
    addTagTo: (name: string) => `为 ${name} 添加标签`,
    table: '表格',
    cards: '卡片',
    country: '国家（名称或代码）',
    stage: '阶段',
    noMatch: '没有符合筛选条件的线索',
    clear: '清除筛选',
    exportAll: '导出全部筛选结果',
    company: '公司',
    empty: '还没有收藏的线索',
    sort: '排序',
    search: '开始搜索',
  },
  en: {
    queries: ['Find LED panel buyers in Germany', 'Find LED panel buyers in France'],
    stageOf: (name: string) => `Stage of ${name}`,
    contacted: 'Contacted',
    addTagTo: (name: string) => `Add a tag to ${name}`,
    table: 'Table',
    cards: 'Cards',
    country: 'Country (name or code)',
    stage: 'Stage',
    noMatch: 'No leads match these filters',
    clear: 'Clear filters',
    exportAll: 'Export all filtered',
    company: 'Company',
    empty: 'No saved leads yet',
    sort: 'Sort',
    search: 'Search',
  },
};

for (const locale of ['zh', 'en'] as const)
  for (const device of ['desktop', 'phone'] as const) {
    const tag = device === 'phone' ? ' @phone' : '';
    test(`saved leads as a pipeline: stage, tag, table, country name filter, empty states, export all (${locale}, ${device})${tag}`, async ({
      page,
    }) => {
      const x = TEXT[locale];
      const { token } = await signUpVerified(page, `pipeline-${locale}-${device}`, locale);
      await page.goto(inLocale('/pages/leads/leads', locale));
      // Nothing saved yet: says so, with a link to search.
      await expect(page.getByText(x.empty)).toBeVisible();
      const [de] = await searchLeads(page.request, token, x.queries[0]!);
      const [fr] = await searchLeads(page.request, token, x.queries[1]!);
      for (const lead of [de!, fr!])
        await page.request.post('/api/leads/collect', { headers: { token }, data: { lead_id: lead.id } });
      await page.reload();

      // Stage and tag on a card.
      const stage = page.getByLabel(x.stageOf(de!.name));
      await stage.selectOption({ label: x.contacted });
      const tagBox = page.getByLabel(x.addTagTo(de!.name));
      await tagBox.fill('  VIP ');
      await tagBox.press('Enter');
      await expect(page.locator('.leads-tag', { hasText: 'VIP' })).toBeVisible();
      await expect
        .poll(async () => {
          const items = (await (await page.request.get('/api/leads/collects', { headers: { token } })).json())
            .data.items as { id: string; stage: string; tags: string[] }[];
          return items.find((i) => i.id === de!.id);
        })
        .toMatchObject({ stage: 'contacted', tags: ['VIP'] });

      // A failed stage change: a toast, and the select goes back.
      // (The server refuses, as it would a lead that is no longer this user's.)
      await page.route('**/api/leads/stage', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 40400,
            msg: locale === 'zh' ? '请求的内容不存在' : 'The requested content does not exist.',
            data: null,
          }),
        }),
      );
      await page.getByLabel(x.stageOf(fr!.name)).selectOption('won');
      await expect(page.locator('.toaster [role="alert"]').first()).toContainText(
        locale === 'zh' ? '请求的内容不存在' : 'does not exist',
      );
      await expect(page.getByLabel(x.stageOf(fr!.name))).toHaveValue('new');
      await page.unroute('**/api/leads/stage');

      const names = [de!.name, fr!.name].sort();
      // A row of the list: a table line on a desktop, a card on a phone.
      const line = device === 'desktop' ? '.leads-line' : '.leads-row';
      if (device === 'desktop') {
        // The table view, remembered across a reload; sortable by name.
        await page.getByRole('button', { name: x.table, exact: true }).click();
        await page.reload();
        await expect(page.getByRole('table')).toBeVisible();
        await page.getByRole('button', { name: locale === 'zh' ? '公司' : 'Company', exact: true }).click();
        await expect(page.locator(line).first()).toContainText(names[0]!);
        await page.getByRole('button', { name: locale === 'zh' ? '公司' : 'Company', exact: true }).click();
        await expect(page.locator(line).first()).toContainText(names[1]!);
      } else {
        // Phones keep the cards (issue 35: a table row broke a name over 8 lines), even with the
        // table remembered from a desktop; the sort menu sorts them.
        await page.evaluate(() => localStorage.setItem('leads-view', 'table'));
        await page.reload();
        await expect(page.locator(line)).toHaveCount(2);
        await expect(page.getByRole('table')).toHaveCount(0);
        await expect(page.getByRole('button', { name: x.table, exact: true })).toBeHidden();
        await page.getByRole('combobox', { name: x.sort }).selectOption('name');
        await page.getByRole('button', { name: x.search, exact: true }).click();
        await expect(page.locator(line).first()).toContainText(names[0]!);
      }

      // Country by its name in the page's language, and by code in the other one.
      const country = page.getByPlaceholder(x.country);
      await country.fill(de!.country.name);
      await country.press('Enter');
      await expect(page.locator(line)).toHaveCount(1);
      await expect(page.locator(line)).toContainText(de!.name);
      await country.fill(locale === 'zh' ? 'France' : '法国');
      await country.press('Enter');
      await expect(page.locator(line)).toContainText(fr!.name);
      await country.fill('Atlantis');
      await country.press('Enter');
      await expect(page.getByText(x.noMatch)).toBeVisible();
      await page.getByRole('button', { name: x.clear }).first().click();
      await expect(page.locator(line)).toHaveCount(2);

      // Stage filter, then export of every filtered row with stage and tags.
      await page.getByRole('combobox', { name: x.stage, exact: true }).selectOption('contacted');
      await expect(page.locator(line)).toHaveCount(1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: x.exportAll }).click(),
      ]);
      const rows = parse(readFileSync((await download.path())!, 'utf8'), { bom: true }) as string[][];
      expect(rows[0]![0]).toBe(x.company);
      expect(rows[0]!.slice(-2)).toEqual(locale === 'zh' ? ['阶段', '标签'] : ['Stage', 'Tags']);
      expect(rows.slice(1).map((r) => [r[0], r.at(-2), r.at(-1)])).toEqual([[de!.name, x.contacted, 'VIP']]);
    });
  }
