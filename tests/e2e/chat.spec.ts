import { test, expect, signUpVerified, DEMO, inLocale } from './fixtures.ts';

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
        locale === 'zh' ? '正在查找：德国的LED面板灯买家' : 'Looking for LED panel lights buyers in Germany',
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

    const first = cards.first();
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
        'event: understood\ndata: {"chat_id":"c1","role":"buyer","country":null,"products":[],"keywords":["x"],"text":"<img src=x onerror=window.__xss=1>"}\n\n',
        `event: lead\ndata: ${JSON.stringify({ id: 'L000001', name: '<script>window.__xss=1</script>Evil Co', role: 'buyer', country: { code: 'DE', name: 'Germany' }, city: '', website: null, size: '', description: '<b onmouseover=window.__xss=1>bold</b>', products: [], why: { products: [], country: null, role: 'buyer' }, locked: { emails: 1, phones: 0, socials: 0 }, unlocked: false, collected: false, memo: null, contacts: null })}\n\n`,
        'event: summary\ndata: {"text":"done","count":1,"searches_left":10}\n\n',
      ].join(''),
    }),
  );
  const res = await page.request.post('/api/user/login', { data: DEMO });
  const token = (await res.json()).data;
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto('/en/pages/chat/chat');
  await page.getByLabel('Describe the customer you are looking for').fill('anything');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: '<script>window.__xss=1</script>Evil Co' })).toBeVisible();
  await expect(page.getByText('<b onmouseover=window.__xss=1>bold</b>')).toBeVisible();
  await expect(page.getByText('<img src=x onerror=window.__xss=1>')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
