/**
 * The chat page's answers as chips (docs/search.md): a sentence naming two countries shows a chip
 * for each and for the product; removing a chip searches again in the same conversation; "Show
 * more" brings leads not shown before; a follow-up sentence refines the last answer.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, signUpVerified, inLocale, DEMO } from './fixtures.ts';

const TEXT = {
  zh: {
    input: '描述你要找的客户',
    sentence: '阿联酋和沙特的LED灯具经销商',
    uae: '阿联酋',
    saudi: '沙特阿拉伯',
    product: 'LED灯',
    type: '经销商',
    why: '类型 经销商',
    criteria: '搜索条件',
    remove: (name: string) => `移除“${name}”`,
    lastProduct: '至少要保留一个产品',
    roles: '找买家还是供应商',
    buyer: '买家',
    edited: '修改条件',
    more: '显示更多',
    followUp: '换成法国的',
    france: '法国',
    refine: '继续补充，例如：换成法国的、只要进口商',
    left: /^今日剩余免费搜索 \d+ 次/,
  },
  en: {
    input: 'Describe the customer you are looking for',
    sentence: 'LED lighting distributors in the UAE and Saudi Arabia',
    uae: 'United Arab Emirates',
    saudi: 'Saudi Arabia',
    product: 'LED lights',
    type: 'distributors',
    why: 'type Distributor',
    criteria: 'Search criteria',
    remove: (name: string) => `Remove “${name}”`,
    lastProduct: 'A search needs at least one product',
    roles: 'Buyers or suppliers',
    buyer: 'Buyer',
    edited: 'Changed the search',
    more: 'Show more',
    followUp: 'switch to France',
    france: 'France',
    refine: 'Refine it, e.g. “switch to France” or “only importers”',
    left: /^\d+ free searches left today/,
  },
} as const;

/** The conversation's turns; a turn is done once its summary is shown. */
const turns = (page: Page) => page.locator('.chat-turn');
async function done(turn: Locator) {
  await expect(turn.locator('.chat-summary')).toBeVisible({ timeout: 15_000 });
}
/** The company names on a turn's cards. */
const names = async (turn: Locator) => turn.getByRole('article').getByRole('heading').allTextContents();

for (const locale of ['zh', 'en'] as const) {
  const L = TEXT[locale];

  test(`chips edit the search, "show more" adds new leads, a follow-up refines it (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpVerified(page, `chips-${locale}`, locale);
    await page.goto(inLocale('/pages/chat/chat', locale));
    const input = page.getByLabel(L.input);
    await input.fill(L.sentence);
    await input.press('Enter');

    // 1. Both countries, the product and the kind of company are chips; the role is a toggle.
    const first = turns(page).nth(0);
    await done(first);
    const chips = first.getByRole('list', { name: L.criteria });
    for (const name of [L.uae, L.saudi, L.product, L.type])
      await expect(chips.getByRole('button', { name: L.remove(name) })).toBeVisible();
    await expect(
      chips.getByRole('group', { name: L.roles }).getByRole('button', { name: L.buyer }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The only product cannot be removed, and says why.
    const product = chips.getByRole('button', { name: L.remove(L.product) });
    await expect(product).toHaveAttribute('aria-disabled', 'true');
    await expect(product).toHaveAttribute('title', L.lastProduct);
    const cards = first.getByRole('article');
    await expect(cards.first()).toContainText(L.why);
    // Free searches are counted for a free account; the composer now refines the conversation.
    await expect(page.getByText(L.left)).toBeVisible();
    await expect(input).toHaveAttribute('placeholder', L.refine);

    // 2. Removing one country searches again in the same conversation: every card is in the other.
    await chips.getByRole('button', { name: L.remove(L.uae) }).click();
    const second = turns(page).nth(1);
    await expect(second.locator('.chat-query')).toHaveText(L.edited);
    await done(second);
    const secondChips = second.getByRole('list', { name: L.criteria });
    await expect(secondChips.getByRole('button', { name: L.remove(L.uae) })).toHaveCount(0);
    await expect(secondChips.getByRole('button', { name: L.remove(L.saudi) })).toBeVisible();
    const inSaudi = second.getByRole('article');
    expect(await inSaudi.count()).toBeGreaterThan(0);
    for (const card of await inSaudi.all()) {
      await expect(card).toContainText(L.saudi);
      await expect(card).not.toContainText(L.uae);
    }
    // Only the latest answer's chips can be edited.
    await expect(chips.getByRole('button')).toHaveCount(0);

    // 3. Without the kind of company there are more than one answer holds: "Show more" brings new ones.
    await secondChips.getByRole('button', { name: L.remove(L.type) }).click();
    const third = turns(page).nth(2);
    await done(third);
    const more = third.getByRole('button', { name: L.more, exact: true });
    await expect(more).toBeVisible();
    const shown = new Set([...(await names(first)), ...(await names(second)), ...(await names(third))]);
    await more.click();
    const fourth = turns(page).nth(3);
    await expect(fourth.locator('.chat-query')).toHaveText(L.more);
    await done(fourth);
    const fresh = await names(fourth);
    expect(fresh.length).toBeGreaterThan(0);
    for (const name of fresh) expect(shown.has(name), `${name} was shown before`).toBe(false);
    for (const card of await fourth.getByRole('article').all()) await expect(card).toContainText(L.saudi);
    await expect(third.getByRole('button', { name: L.more, exact: true })).toHaveCount(0);

    // 4. A follow-up sentence refines the last answer: the same product, now in France.
    await input.fill(L.followUp);
    await input.press('Enter');
    const fifth = turns(page).nth(4);
    await done(fifth);
    await expect(
      fifth.getByRole('list', { name: L.criteria }).getByRole('button', { name: L.remove(L.france) }),
    ).toBeVisible();
    await expect(
      fifth.getByRole('list', { name: L.criteria }).getByRole('button', { name: L.remove(L.product) }),
    ).toBeVisible();
    const inFrance = fifth.getByRole('article');
    expect(await inFrance.count()).toBeGreaterThan(0);
    for (const card of await inFrance.all()) await expect(card).toContainText(L.france);
    // All of it is one conversation.
    await expect(
      page.getByRole('navigation', { name: locale === 'zh' ? '历史记录' : 'History' }),
    ).toContainText(L.sentence);
  });
}

test('a subscriber sees no free-search count; a failure mid-stream keeps the leads and says why', async ({
  page,
}) => {
  await page.route('**/api/chat/quota', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ code: 0, msg: 'ok', data: { searches_left: null } }),
    }),
  );
  await page.route('**/api/chat/search', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: [
        `event: understood\ndata: ${JSON.stringify({
          chat_id: 'c1',
          criteria: {
            role: 'buyer',
            countries: ['DE'],
            regions: [],
            products: ['led-lights'],
            conditions: {},
          },
          role_stated: false,
          countries: [{ code: 'DE', name: 'Germany' }],
          regions: [],
          products: [{ id: 'led-lights', hs: '9405.42', name: 'LED lights' }],
          conditions: [],
          corrected: [{ written: 'Germnay', read_as: 'Germany' }],
          unknown: ['blorf'],
          more: false,
          text: 'Looking for buyers of LED lights in Germany',
        })}\n\n`,
        `event: lead\ndata: ${JSON.stringify({ id: 'L000001', name: 'Lumen GmbH', role: 'buyer', country: { code: 'DE', name: 'Germany' }, city: 'Berlin', website: null, size: '11-50', company_type: 'manufacturer', description: '', products: ['LED strips'], why: { products: [], country: 'Germany', role: 'buyer', conditions: [] }, locked: { emails: 1, phones: 0, socials: 0 }, unlocked: false, collected: false, memo: null, contacts: null })}\n\n`,
        `event: error\ndata: ${JSON.stringify({ code: 50000, msg: 'The server is busy. Please try again later.' })}\n\n`,
      ].join(''),
    }),
  );
  const res = await page.request.post('/api/user/login', { data: DEMO });
  const token = (await res.json()).data;
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/en/pages/chat/chat');
  const input = page.getByLabel('Describe the customer you are looking for');
  await input.fill('LED in Germnay blorf');
  await input.press('Enter');
  const turn = page.locator('.chat-turn');
  await expect(turn.getByRole('heading', { name: 'Lumen GmbH' })).toBeVisible();
  await expect(turn.getByRole('alert')).toContainText('The server is busy. Please try again later.');
  await expect(turn.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(turn.getByText('Read “Germnay” as “Germany”.')).toBeVisible();
  await expect(turn.getByText('Not understood and left out: blorf.')).toBeVisible();
  await expect(turn.getByText(/buyers or suppliers, so this looks for buyers/)).toBeVisible();
  // The why line never shows an empty products part.
  await expect(turn.getByRole('article')).toContainText('Why it matched: country Germany; role Buyer');
  await expect(turn.getByRole('article')).not.toContainText('products —');
  await expect(turn.getByRole('article')).toContainText('Manufacturer');
  await expect(page.getByText(/free searches? left/)).toHaveCount(0);
  await expect(turn.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
