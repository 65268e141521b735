/**
 * Issue 35's visual check: every page and popup in zh and en at 390, 768 and 1280 px, compared
 * with the baselines in tests/e2e/__screenshots__/ (docs/quality.md "Visual check": how to update
 * them). The API is answered from fixed fixtures (visual-api.ts), the clock's zone is fixed and
 * animations are off, so a screenshot changes only when a page does. Each shot also fails on a
 * word broken across two lines in a control or heading, and on a page that scrolls sideways.
 * Run by the `visual` project only (playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { test, expect, brokenWords, inLocale, islandsHydrated, sidewaysOverflow } from './fixtures.ts';
import { mockApi, type Account } from './visual-api.ts';

type Locale = 'zh' | 'en';
const WIDTHS = [390, 768, 1280] as const;
type Width = (typeof WIDTHS)[number];
const HEIGHT: Record<Width, number> = { 390: 844, 768: 1024, 1280: 800 };

const T = {
  zh: {
    menu: '菜单',
    account: '账户',
    plans: '套餐与价格',
    redeem: '兑换蜜豆',
    password: '修改密码',
    yourPlan: '我的套餐',
    writeEmail: '写开发信',
  },
  en: {
    menu: 'Menu',
    account: 'Account',
    plans: 'Plans and pricing',
    redeem: 'Redeem a code',
    password: 'Change password',
    yourPlan: 'Your Plan',
    writeEmail: 'Write email',
  },
} as const;

interface Shot {
  name: string;
  path: string;
  account: Account;
  /** Waits for this before the shot (what the page shows once its calls are answered). */
  ready?: string;
  /** Opens the popup or menu to shoot, on the page loaded. */
  open?: (page: Page, locale: Locale, width: Width) => Promise<void>;
  /** Shoots the whole page (default) or the first screen (popups, editorial lists that grow). */
  fullPage?: boolean;
  locales?: readonly Locale[];
}

/** Editorial content that changes without a code change: masked (the marketing team adds posts). */
const MASK = ['.post-card', '.footer-copy'];

/** Opens an item of the account menu: the sidebar's popover from 768 px, the mobile menu below. */
async function accountItem(page: Page, locale: Locale, width: Width, name: string) {
  if (width < 768) await page.getByRole('button', { name: T[locale].menu }).click();
  else await page.getByRole('complementary').getByRole('button', { name: T[locale].account }).click();
  await page.getByRole('button', { name, exact: true }).click();
  await expect(
    page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading') })
      .last(),
  ).toBeVisible();
}

const email = encodeURIComponent('new.user@example.com');
const SHOTS: Shot[] = [
  { name: 'home', path: '/', account: 'none' },
  { name: 'blog', path: '/pages/official-blog/official-blog', account: 'none', fullPage: false },
  {
    name: 'blog-post',
    path: '/pages/blog-detail/blog-detail/find-overseas-buyers-with-one-sentence',
    account: 'none',
    fullPage: false,
  },
  { name: 'blog-details', path: '/pages/blog-detail/blog-detail', account: 'none', fullPage: false },
  // Long articles: their first screen (the checks below still read the whole page).
  { name: 'terms', path: '/pages/legal/terms-of-service', account: 'none', fullPage: false },
  { name: 'privacy', path: '/pages/legal/privacy-policy', account: 'none', fullPage: false },
  { name: 'not-found', path: '/pages/404/404', account: 'none' },
  { name: 'login', path: '/pages/login/login', account: 'none', ready: 'form' },
  { name: 'signup', path: '/pages/login/login?mode=signup', account: 'none', ready: 'form' },
  {
    name: 'signup-verify',
    path: `/pages/signup/verify-email?email=${email}`,
    account: 'none',
    ready: 'form',
  },
  { name: 'forgot-password', path: '/pages/forgot-password/forgot-password', account: 'none', ready: 'form' },
  {
    name: 'reset-password',
    path: `/pages/reset-password/reset-password?email=${email}`,
    account: 'none',
    ready: 'form',
  },
  { name: 'email-sent', path: `/pages/email-sent/email-sent?type=verify&email=${email}`, account: 'none' },
  { name: 'verify-email', path: '/pages/verify-email/verify-email', account: 'user', ready: '.auth-card a' },
  { name: 'chat-first-day', path: '/pages/chat/chat', account: 'new', ready: '.chat-onboarding li li' },
  {
    name: 'chat-results',
    path: '/pages/chat/chat?q=LED',
    account: 'user',
    ready: '.chat-summary',
  },
  { name: 'leads', path: '/pages/leads/leads', account: 'user', ready: '.leads-row, .leads-line' },
  {
    name: 'unlocked-leads',
    path: '/pages/unlocked-leads/unlocked-leads',
    account: 'user',
    ready: '.leads-row, .leads-line',
  },
  { name: 'sent-emails', path: '/pages/sent-emails/sent-emails', account: 'user', ready: '.sent-row' },
  { name: 'profile', path: '/pages/profile/profile', account: 'user', ready: 'form input[value]' },
  {
    name: 'invitation-code',
    path: '/pages/invitation-code/invitation-code',
    account: 'agent',
    ready: '.invite-cards li, .invite-table tbody tr',
  },
  // Popups and the account menu, over the chat page.
  {
    name: 'popup-plan',
    path: '/pages/chat/chat',
    account: 'user',
    fullPage: false,
    open: (page, locale, width) => accountItem(page, locale, width, T[locale].plans),
  },
  {
    name: 'popup-your-plan',
    path: '/pages/chat/chat',
    account: 'subscriber',
    fullPage: false,
    // Spec §2: the Your Plan entry shows in the English locale only.
    locales: ['en'],
    open: (page, locale, width) => accountItem(page, locale, width, T[locale].yourPlan),
  },
  {
    name: 'popup-redeem',
    path: '/pages/chat/chat',
    account: 'user',
    fullPage: false,
    open: async (page, locale, width) => {
      await accountItem(page, locale, width, T[locale].redeem);
      await expect(page.getByRole('dialog').getByRole('list').last()).toBeVisible();
    },
  },
  {
    name: 'popup-password',
    path: '/pages/chat/chat',
    account: 'user',
    fullPage: false,
    open: (page, locale, width) => accountItem(page, locale, width, T[locale].password),
  },
  {
    name: 'popup-upload',
    path: '/pages/chat/chat?upload=1',
    account: 'user',
    fullPage: false,
    open: async (page) => {
      await expect(page.getByRole('dialog').getByText('company-profile.pdf').first()).toBeVisible();
    },
  },
  {
    name: 'popup-email',
    path: '/pages/chat/chat?q=LED',
    account: 'user',
    fullPage: false,
    ready: '.chat-summary',
    open: async (page, locale) => {
      await page.getByRole('button', { name: T[locale].writeEmail }).first().click();
      await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeVisible();
    },
  },
  {
    name: 'account-menu',
    path: '/pages/chat/chat',
    account: 'user',
    fullPage: false,
    open: async (page, locale, width) => {
      if (width < 768) await page.getByRole('button', { name: T[locale].menu }).click();
      else await page.getByRole('complementary').getByRole('button', { name: T[locale].account }).click();
      await expect(page.getByRole('button', { name: T[locale].plans })).toBeVisible();
    },
  },
];

/**
 * Waits until the page has drawn what its calls answered, its fonts included. A long article's
 * blocks are laid out only near the screen (`content-visibility: auto`, global.css), which made a
 * full-page shot depend on timing: here every block is laid out at once.
 */
async function settle(page: Page, ready?: string) {
  await page.waitForLoadState('networkidle');
  await islandsHydrated(page);
  if (ready) await expect(page.locator(ready).first()).toBeVisible();
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

for (const shot of SHOTS)
  for (const locale of shot.locales ?? (['zh', 'en'] as const))
    test(`${shot.name} (${locale}) at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      const unmocked = await mockApi(page, locale, shot.account);
      if (shot.account !== 'none')
        await page.addInitScript(() => {
          localStorage.setItem('token', 'visual-token');
          localStorage.setItem('deviceId', '0'.repeat(64));
        });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT[width] });
        await page.goto(inLocale(shot.path, locale));
        // A full-page shot puts its viewport back a moment late: never shoot at the last width.
        await expect.poll(() => page.evaluate(() => innerWidth)).toBe(width);
        await settle(page, shot.ready);
        if (shot.open) {
          await shot.open(page, locale, width);
          await page.waitForLoadState('networkidle');
          // A popup's panel is a chunk of its own: shot once it has replaced "加载中…".
          await expect(page.getByText(/^(加载中…|Loading…)$/).filter({ visible: true })).toHaveCount(0);
        }
        expect.soft(await sidewaysOverflow(page), `scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
        expect.soft(await brokenWords(page), `words broken at ${width} px`).toEqual([]);
        await expect.soft(page).toHaveScreenshot(`${shot.name}-${locale}-${width}.png`, {
          fullPage: shot.fullPage ?? true,
          mask: MASK.map((selector) => page.locator(selector)),
        });
      }
      expect(unmocked(), 'API calls without a fixture (tests/e2e/visual-api.ts)').toEqual([]);
    });
