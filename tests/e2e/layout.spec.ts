import { test, expect, logInAs, DEMO } from './fixtures.ts';

test('the sidebar shows at 768 px and gives way to the mobile bar at 767 px', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 800 });
  await page.goto('/pages/official-blog/official-blog');
  const sidebar = page.getByRole('complementary', { name: '蜜探' });
  await expect(sidebar).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBe(70);
  await expect(sidebar.getByRole('link', { name: '搜索' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: '收藏' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: '上传' })).toBeVisible();
  await expect(page.getByRole('button', { name: '菜单' })).toBeHidden();

  await page.setViewportSize({ width: 767, height: 800 });
  await expect(sidebar).toBeHidden();
  await expect(page.getByRole('button', { name: '菜单' })).toBeVisible();
});

test("a signed-in visitor's sidebar does not move when the beans counter appears on first interaction", async ({
  page,
}) => {
  await logInAs(page, DEMO);
  await page.goto('/pages/official-blog/official-blog');
  const sidebar = page.getByRole('complementary', { name: '蜜探' });
  const language = sidebar.getByRole('button', { name: '语言' });
  const beans = sidebar.getByRole('button', { name: /^剩余蜜豆/ });
  await expect(beans).toHaveCount(0);
  const before = await language.boundingBox();
  // A pointer move is the first interaction: the account islands hydrate and the counter shows.
  await page.mouse.move(640, 400);
  await expect(beans).toBeVisible();
  expect(await language.boundingBox()).toEqual(before);
});

test('@phone the mobile menu reaches every sidebar item and nothing scrolls sideways', async ({ page }) => {
  await page.goto('/en/pages/official-blog/official-blog');
  await page.getByRole('button', { name: 'Menu' }).click();
  for (const name of ['Search', 'Saved', 'Upload', 'Unlocked leads', 'Sent emails', 'Log in']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Sent emails', exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Language' }).first()).toBeVisible();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    '/en',
    '/',
    '/pages/legal/privacy-policy',
    '/en/pages/blog-detail/blog-detail/write-cold-emails-german-buyers-reply-to',
    '/pages/login/login',
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the logo goes home and Upload without a session goes to login', async ({ page }) => {
  await page.goto('/en/pages/legal/privacy-policy');
  await page.getByRole('link', { name: 'HoneyLeads', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en');
  await page.goto('/en/pages/official-blog/official-blog');
  await page.getByRole('complementary').getByRole('link', { name: 'Upload' }).click();
  await page.waitForURL((url) => url.pathname === '/en/pages/login/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/en/pages/chat/chat?upload=1');
});

test('the back button goes home from a fresh tab and back one page otherwise', async ({ page }) => {
  // A page opened in a new window has one entry on its history stack.
  await page.goto('/en');
  const [fresh] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => void window.open('/en/pages/login/login')),
  ]);
  await fresh.getByRole('button', { name: 'Back' }).click();
  await fresh.waitForURL((url) => url.pathname === '/en');
  await page.goto('/pages/legal/privacy-policy');
  await page.goto('/pages/forgot-password/forgot-password');
  await page.getByRole('button', { name: '返回' }).click();
  await page.waitForURL((url) => url.pathname === '/pages/legal/privacy-policy');
});
