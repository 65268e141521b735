import { test, expect, inLocale } from './fixtures.ts';

for (const locale of ['zh', 'en'] as const) {
  test(`the ${locale} blog list links to each post, and each post opens`, async ({ page }) => {
    await page.goto(inLocale('/pages/official-blog/official-blog', locale));
    const links = page.getByRole('list', { name: locale === 'zh' ? '文章' : 'Articles' }).getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(4);
    const posts: { href: string; title: string }[] = [];
    for (let i = 0; i < count; i++) {
      posts.push({
        href: (await links.nth(i).getAttribute('href'))!,
        title: (await links.nth(i).innerText()).trim(),
      });
    }
    for (const post of posts) {
      const response = await page.goto(post.href);
      expect(response?.status(), post.href).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
      await expect(page.getByRole('article').getByRole('img')).toBeVisible();
    }
  });

  test(`the bare details route with ?id= reaches the post (${locale})`, async ({ page }) => {
    await page.goto(
      `${inLocale('/pages/blog-detail/blog-detail', locale)}?id=verify-buyer-emails-before-outreach`,
    );
    await page.waitForURL(
      `**${inLocale('/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach', locale)}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(locale === 'zh' ? '验证' : 'Verify');
  });
}

// Issue 17: what a phone shows first is rendered with the page; a long page's later blocks and its
// footer are laid out when they come near the screen, and are there when the reader scrolls to them.
const PAGES_BY_SCREEN = [
  {
    path: '/pages/blog-detail/blog-detail/find-overseas-buyers-with-one-sentence',
    first: ['h1', 'article img', '.prose > :first-child'],
    later: ['.prose > :last-child', '.site-footer'],
  },
  {
    path: '/pages/legal/privacy-policy',
    first: ['h1', '.prose > :first-child'],
    later: ['.prose > :last-child', '.site-footer'],
  },
];
for (const locale of ['zh', 'en'] as const) {
  for (const { path, first, later } of PAGES_BY_SCREEN) {
    test(`@phone ${inLocale(path, locale)} renders its first screen at once and the rest as it is reached`, async ({
      page,
    }) => {
      // The browser tells an element held back this way when it starts and stops skipping its content.
      await page.addInitScript(() => {
        const skipped = new Map<Element, boolean>();
        (window as unknown as { skipped: typeof skipped }).skipped = skipped;
        document.addEventListener(
          'contentvisibilityautostatechange',
          (event) => skipped.set(event.target as Element, (event as Event & { skipped: boolean }).skipped),
          true,
        );
      });
      await page.goto(inLocale(path, locale));
      const rendered = (selector: string) =>
        page.locator(selector).evaluate((el) => {
          const skipped = (window as unknown as { skipped: Map<Element, boolean> }).skipped;
          return el.checkVisibility({ contentVisibilityAuto: true }) && skipped.get(el) !== true;
        });
      for (const selector of first) expect(await rendered(selector), selector).toBe(true);
      for (const selector of later) expect(await rendered(selector), selector).toBe(false);
      // Jumping straight to a block renders the blocks around it, whose real heights replace their
      // placeholders and can push it off the screen again; a reader then scrolls to it once more.
      const onScreen = (selector: string) =>
        page.locator(selector).evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
        });
      for (const selector of later) {
        await expect
          .poll(async () => {
            await page.locator(selector).scrollIntoViewIfNeeded();
            return (await rendered(selector)) && (await onScreen(selector));
          }, selector)
          .toBe(true);
      }
      await expect(page.locator('.site-footer').getByRole('link').first()).toBeVisible();
    });
  }
}

test('drafts are not published', async ({ page, request }) => {
  await page.goto('/pages/official-blog/official-blog');
  await expect(page.getByText('展会结束后')).toHaveCount(0);
  expect((await request.get('/pages/blog-detail/blog-detail/trade-show-followup')).status()).toBe(404);
});

test('RSS feeds list the posts of their locale', async ({ request }) => {
  const zh = await (await request.get('/rss.xml')).text();
  const en = await (await request.get('/en/rss.xml')).text();
  expect(zh).toContain('<language>zh-CN</language>');
  expect(zh).toContain('/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach');
  expect(en).toContain('/en/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach');
});

test('sitemap and robots.txt list the indexable pages only', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/en/pages/legal/privacy-policy');
  expect(sitemap).toContain('/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach');
  expect(sitemap).not.toContain('/pages/chat/chat');
  expect(sitemap).not.toContain('/pages/index/index');
});
