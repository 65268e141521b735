import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { test, expect, signUpVerified, inLocale, pinnedCard } from './fixtures.ts';

/**
 * Issue 14 in the browser: a search card cites the import records of the asked product and says
 * how many people are behind the lock (their departments, never their names); unlocking shows
 * each named person with their contacts; the unlocked list's export has one row per contact.
 */
const TEXT = {
  zh: {
    input: '描述你要找的客户',
    sentence: '帮我找德国的LED面板买家',
    evidence: /近 12 个月从.+进口LED面板灯（HS 9405\.11）\d+ 批，最近一批 \d{4}-\d{2}-\d{2}/,
    people: /\d+ 位联系人（[^）]*采购/,
    trade: '进口记录：',
    unlock: /解锁/,
    peopleHeading: '联系人',
    exportAll: '导出全部筛选结果',
    person: '联系人',
    contact: '联系方式',
    company: '公司',
  },
  en: {
    input: 'Describe the customer you are looking for',
    sentence: 'Find LED panel buyers in Germany',
    evidence:
      /\d+ shipments? of LED panel lights \(HS 9405\.11\) from .+ in the last 12 months, latest \d{4}-\d{2}-\d{2}/,
    people: /\d+ (?:person|people) \([^)]*purchasing/,
    trade: 'Import records:',
    unlock: /Unlock/,
    peopleHeading: 'People',
    exportAll: 'Export all filtered',
    person: 'Person',
    contact: 'Contact',
    company: 'Company',
  },
} as const;

for (const locale of ['zh', 'en'] as const) {
  const x = TEXT[locale];
  test(`a card cites import records and locks its people; unlock names them; export has a row per contact (${locale})`, async ({
    page,
  }) => {
    const { token } = await signUpVerified(page, `people-${locale}`, locale);
    await page.goto(inLocale('/pages/chat/chat', locale));
    const input = page.getByLabel(x.input);
    await input.fill(x.sentence);
    await input.press('Enter');
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    // The first card with recent records of the product and a named purchasing contact (growing
    // records may rank a company nobody is named at before it).
    const card = await pinnedCard(page, cards.filter({ hasText: x.people }));
    await expect(card).toContainText(x.evidence);
    await expect(card).toContainText(x.people);
    await expect(card).toContainText(x.trade);
    await expect(card).not.toContainText('@');
    const name = (await card.getByRole('heading').first().textContent())!;

    await card.getByRole('button', { name: x.unlock }).click();
    await expect(card.getByRole('heading', { name: x.peopleHeading, exact: true })).toBeVisible();
    const unlocked = (await (await page.request.get('/api/leads/unlocked', { headers: { token } })).json())
      .data.items;
    const lead = unlocked.find((l: { name: string }) => l.name === name);
    expect(lead.people.length).toBeGreaterThan(0);
    for (const person of lead.people) await expect(card).toContainText(person.name);

    await page.goto(inLocale('/pages/unlocked-leads/unlocked-leads', locale));
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: x.exportAll }).click(),
    ]);
    const rows = parse(readFileSync((await download.path())!, 'utf8'), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    const contacts = [
      ...lead.contacts.emails.map((e: { email: string }) => e.email),
      ...lead.contacts.phones.map((p: string) => `'${p}`),
      ...lead.contacts.socials.map((s: { url: string }) => s.url),
    ];
    const mine = rows.filter((row) => row[x.company] === name);
    // One row per revealed contact, plus one for each person with none revealed.
    const bare = lead.people.filter(
      (p: { emails: unknown[]; phones: unknown[]; socials: unknown[] }) =>
        p.emails.length + p.phones.length + p.socials.length === 0,
    ).length;
    expect(mine).toHaveLength(contacts.length + bare);
    expect(
      mine
        .map((row) => row[x.contact])
        .filter(Boolean)
        .sort(),
    ).toEqual(contacts.sort());
    for (const person of lead.people) expect(mine.some((row) => row[x.person] === person.name)).toBe(true);
  });
}
