import { test, expect, signUpVerified, DEMO, inLocale, unlockableCard } from './fixtures.ts';

for (const locale of ['zh', 'en'] as const) {
  test(`one sentence streams leads of the understood country; unlock charges once and reveals contacts (${locale})`, async ({
    page,
  }) => {
    const { token } = await signUpVerified(page, `chat-${locale}`, locale);
    await page.goto(inLocale('/pages/chat/chat', locale));
    const input = page.getByLabel(
      locale === 'zh' ? '描述你要找的客户' : 'Describe the customer you are looking for',
    );
    await input.fill(locale === 'zh' ? '帮我找德国的LED面板买家' : 'Find LED panel buyers in Germany');
    await input.press('Enter');
    await expect(
      page.getByText(
        locale === 'zh'
          ? '正在查找：德国的LED面板灯买家'
          : 'Looking for buyers of LED panel lights in Germany',
      ),
    ).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    for (let i = 0; i < count; i++)
      await expect(cards.nth(i)).toContainText(locale === 'zh' ? '德国' : 'Germany');
    // The free-search counter above the chat follows the search.
    await expect(
      page.getByText(locale === 'zh' ? /^今日剩余免费搜索 29 次/ : /^29 free searches left today/),
    ).toBeVisible();

    const first = await unlockableCard(page);
    await expect(first).toContainText(locale === 'zh' ? '锁定内容' : 'Behind the lock');
    const before = (await (await page.request.get('/api/user/user_info', { headers: { token } })).json())
      .data;
    const unlock = first.getByRole('button', { name: locale === 'zh' ? /解锁/ : /Unlock/ });
    await unlock.dblclick();
    await expect(first.getByText(/@[\w-]+\.example/).first()).toBeVisible();
    const after = (await (await page.request.get('/api/user/user_info', { headers: { token } })).json()).data;
    expect(after.bp_used - before.bp_used).toBe(1);
  });
}

test('lead text from the server is shown literally and runs nothing', async ({ page }) => {
  await page.route('**/api/chat/search', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: [
        `event: understood\ndata: ${JSON.stringify({ chat_id: 'c1', criteria: { role: 'buyer', countries: [], regions: [], products: [], conditions: {} }, role_stated: true, countries: [], regions: [], products: [{ id: 'led-panel-lights', hs: '9405.11', name: 'LED panel lights' }], conditions: [], corrected: [], unknown: ['<svg onload=window.__xss=1>'], more: false, text: '<img src=x onerror=window.__xss=1>' })}\n\n`,
        `event: lead\ndata: ${JSON.stringify({ id: 'L000001', name: '<script>window.__xss=1</script>Evil Co', role: 'buyer', country: { code: 'DE', name: 'Germany' }, city: '', website: null, size: '', company_type: '', description: '<b onmouseover=window.__xss=1>bold</b>', products: [], why: { products: [], country: null, role: 'buyer', conditions: [] }, locked: { emails: 1, phones: 0, socials: 0 }, unlocked: false, collected: false, memo: null, contacts: null })}\n\n`,
        'event: summary\ndata: {"text":"done","count":1,"by_country":[],"more":false,"counted":true,"searches_left":10}\n\n',
      ].join(''),
    }),
  );
  const res = await page.request.post('/api/user/login', { data: DEMO });
  const token = (await res.json()).data;
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/en/pages/chat/chat');
  await page.getByLabel('Describe the customer you are looking for').fill('anything');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: '<script>window.__xss=1</script>Evil Co' })).toBeVisible();
  await expect(page.getByText('<b onmouseover=window.__xss=1>bold</b>')).toBeVisible();
  await expect(page.getByText('<img src=x onerror=window.__xss=1>')).toBeVisible();
  await expect(page.getByText('Not understood and left out: <svg onload=window.__xss=1>.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test('past conversations are listed, reopened with their leads, and deleted after confirming', async ({
  page,
}) => {
  await signUpVerified(page, 'history', 'en');
  await page.goto('/en/pages/chat/chat');
  const history = page.getByRole('navigation', { name: 'History' });
  await expect(history.getByText('No searches yet.', { exact: false })).toBeVisible();
  const input = page.getByLabel('Describe the customer you are looking for');
  await input.fill('Find LED panel buyers in Germany');
  await input.press('Enter');
  await expect(page.getByRole('article').first()).toBeVisible();
  const firstLead = await page.getByRole('article').first().getByRole('heading').textContent();
  await expect(history.getByRole('button', { name: /^Find LED panel buyers in Germany/ })).toBeVisible();

  await history.getByRole('button', { name: 'New search' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await history.getByRole('button', { name: /^Find LED panel buyers in Germany/ }).click();
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(firstLead!);
  await expect(page.getByText('Looking for buyers of LED panel lights in Germany')).toBeVisible();
  // The open conversation is in the address: a reload reopens it.
  await page.reload();
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(firstLead!);

  await history
    .getByRole('button', { name: 'Delete conversation: Find LED panel buyers in Germany' })
    .click();
  const confirm = history.getByRole('group', { name: /Delete this conversation/ });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(history.getByRole('button', { name: /^Find LED panel buyers in Germany/ })).toBeVisible();
  await history
    .getByRole('button', { name: 'Delete conversation: Find LED panel buyers in Germany' })
    .click();
  await history.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Conversation deleted')).toBeVisible();
  await expect(history.getByText('No searches yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('suggestions appear as the user types and the arrow keys pick one', async ({ page }) => {
  await signUpVerified(page, 'suggest', 'zh');
  await page.goto('/pages/chat/chat');
  const input = page.getByLabel('描述你要找的客户');
  await input.pressSequentially('LED', { delay: 30 });
  const list = page.getByRole('listbox', { name: '搜索建议' });
  await expect(list.getByRole('option').first()).toBeVisible();
  const first = (await list.getByRole('option').first().textContent())!;
  expect(first).toContain('LED');
  await input.press('ArrowDown');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await input.press('Escape');
  await expect(list).toBeHidden();
  await input.press('ArrowDown');
  await expect(input).toHaveValue('LED');
  await input.pressSequentially('面板', { delay: 30 });
  await expect(list.getByRole('option').first()).toBeVisible();
  const chosen = (await list.getByRole('option').first().textContent())!;
  await input.press('ArrowDown');
  await input.press('Enter');
  // The chosen suggestion is sent as the sentence.
  await expect(page.getByText(chosen, { exact: true }).first()).toBeVisible();
  await expect(list).toBeHidden();
  await expect(input).toHaveValue('');
});

test('an unlocked card finds more emails, checks social links, and a saved card keeps a memo', async ({
  page,
}) => {
  const { token } = await signUpVerified(page, 'card', 'en');
  await page.goto('/en/pages/chat/chat');
  const input = page.getByLabel('Describe the customer you are looking for');
  await input.fill('Find LED panel buyers in Germany');
  await input.press('Enter');
  const card = await unlockableCard(page);
  await card.getByRole('button', { name: /Unlock/ }).click();
  await expect(card.getByText(/@[\w-]+\.example/).first()).toBeVisible();
  const shown = await card.getByText(/@[\w-]+\.example/).count();
  await card.getByRole('button', { name: 'Find more emails' }).click();
  await expect
    .poll(
      async () =>
        (await card.getByText(/@[\w-]+\.example/).count()) > shown ||
        (await card.getByText('No more emails found.').isVisible()),
    )
    .toBe(true);

  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByLabel('Memo').fill('Call after the trade fair');
  await expect(card.getByText('Memo saved')).toBeVisible();
  await expect
    .poll(async () => {
      const saved = await page.request.get('/api/leads/collects', { headers: { token } });
      return (await saved.json()).data.items[0]?.memo;
    })
    .toBe('Call after the trade fair');
  await card.getByRole('button', { name: 'Saved' }).click();
  await expect(card.getByLabel('Memo')).toBeHidden();
  const saved = await page.request.get('/api/leads/collects', { headers: { token } });
  expect((await saved.json()).data.total).toBe(0);
});

test('the 31st search of the day is refused with the reason and the plans offer', async ({ page }) => {
  const { token } = await signUpVerified(page, 'quota', 'en');
  for (let i = 0; i < 30; i++) {
    const res = await page.request.post('/api/chat/search', {
      headers: { token },
      data: { query: `solar inverter buyers in Spain ${i}` },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto('/en/pages/chat/chat');
  await expect(page.getByText(/^0 free searches left today/)).toBeVisible();
  const input = page.getByLabel('Describe the customer you are looking for');
  await input.fill('Find LED panel buyers in Germany');
  await input.press('Enter');
  await expect(page.getByRole('alert')).toContainText('free searches');
  await page.getByRole('alert').getByRole('button', { name: 'Plans and pricing' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose a plan' })).toBeVisible();
});

test('@phone a search, its history and an unlock work at phone width without sideways scrolling', async ({
  page,
}) => {
  await signUpVerified(page, 'chat-phone', 'zh');
  await page.goto('/pages/chat/chat');
  const input = page.getByLabel('描述你要找的客户');
  await input.fill('帮我找德国的LED面板买家');
  await input.press('Enter');
  const card = await unlockableCard(page);
  await expect(card).toContainText('德国');
  // On a phone the history is folded above the conversation until asked for.
  const history = page.getByRole('navigation', { name: '历史记录' });
  const past = history.getByRole('button', { name: /^帮我找德国的LED面板买家/ });
  await expect(past).toBeHidden();
  await history.getByRole('button', { name: '历史记录 (1)' }).click();
  await expect(history.getByRole('button', { name: '历史记录 (1)' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(past).toBeVisible();
  await card.getByRole('button', { name: /解锁/ }).click();
  await expect(card.getByText(/@[\w-]+\.example/).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
