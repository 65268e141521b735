import type { Page } from '@playwright/test';
import {
  ROUTE_PATHS,
  expect,
  inLocale,
  islandsHydrated,
  networkSettled,
  signUpVerified,
  test,
} from './fixtures.ts';

/**
 * Issue 16, point 4: one language per page. Every page, signed in, in each locale, with its
 * popups open, shows no text of the other language: no Chinese on an English page, no English
 * phrase on a Chinese page. Names (companies, brands, emails, codes) are not phrases and pass;
 * text marked with its own `lang` (the language menu's "English" / "中文") is meant to differ.
 */

/** Visible text of the page, leaving out text inside an element marked with another language. */
async function visibleTexts(page: Page, locale: 'zh' | 'en'): Promise<string[]> {
  return page.evaluate((pageLang) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const element = node.parentElement;
      if (!text || !element || element.closest('script, style, noscript, [hidden], [aria-hidden="true"]'))
        continue;
      const marked = element.closest('[lang]')?.getAttribute('lang') ?? '';
      if (marked && !marked.toLowerCase().startsWith(pageLang)) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none')
        continue;
      out.push(text);
    }
    // Labels people hear and read on controls too.
    for (const element of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]')) {
      if (element.closest('[hidden]')) continue;
      const marked = element.closest('[lang]')?.getAttribute('lang') ?? '';
      if (marked && !marked.toLowerCase().startsWith(pageLang)) continue;
      for (const name of ['aria-label', 'placeholder', 'title'])
        if (element.getAttribute(name)) out.push(element.getAttribute(name)!);
    }
    return out;
  }, locale);
}

/** Two or more lower-case English words in a row: a phrase, not a name, a code or an address. */
const ENGLISH_PHRASE = /(?<![\w@./-])[a-z]{2,}(?:[ '][a-z]{2,}){1,}(?![\w@/-])/;
const HAN = /\p{Script=Han}/u;

function otherLanguage(texts: string[], locale: 'zh' | 'en'): string[] {
  return texts.filter((text) => {
    if (locale === 'en') return HAN.test(text);
    // Addresses and links are written as they are.
    const words = text.replace(/\S+@\S+|https?:\/\/\S+|\b[\w-]+\.example\b/g, ' ');
    return ENGLISH_PHRASE.test(words);
  });
}

async function expectOneLanguage(page: Page, locale: 'zh' | 'en', where: string) {
  const stray = otherLanguage(await visibleTexts(page, locale), locale);
  expect(stray, `${where}: text in the other language`).toEqual([]);
}

/** Walks every page, the workspace's popups and a search answer, signed in as a new account. */
async function walk(page: Page, locale: 'zh' | 'en') {
  // An account of its own: the shared demo account's history holds other tests' sentences.
  await signUpVerified(page, `one-language-${locale}`, locale);
  await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
  for (const path of ROUTE_PATHS) {
    const url = inLocale(path, locale);
    await page.goto(url);
    await islandsHydrated(page);
    await networkSettled(page);
    await expectOneLanguage(page, locale, url);
  }

  // The popups of the signed-in workspace: account menu, plans, redeem with its history.
  await page.goto(inLocale('/pages/chat/chat', locale));
  await islandsHydrated(page);
  const account = page.getByRole('button', { name: locale === 'zh' ? '账户' : 'Account' }).first();
  if (await account.isVisible()) {
    await account.click();
    await expectOneLanguage(page, locale, 'account menu');
    // Plans and pricing: names, prices, the free tier line.
    await page
      .getByText(locale === 'zh' ? '套餐与价格' : 'Plans and pricing')
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectOneLanguage(page, locale, 'plans popup');
    await page.keyboard.press('Escape');
  }
  const beans = page.locator('.beans-counter, [data-beans-counter]').first();
  if (await beans.isVisible()) {
    await beans.click();
    await page.waitForLoadState('networkidle');
    await expectOneLanguage(page, locale, 'redeem popup and bean history');
    await page.keyboard.press('Escape');
  }

  // A search answer: understanding, chips, cards and summary.
  await page.goto(inLocale('/pages/chat/chat', locale));
  await islandsHydrated(page);
  const box = page.getByLabel(
    locale === 'zh' ? '描述你要找的客户' : 'Describe the customer you are looking for',
  );
  await box.fill(
    locale === 'zh'
      ? '阿联酋和沙特的LED灯具买家，要有电话'
      : 'LED lighting buyers in the UAE and Saudi Arabia with phone numbers',
  );
  await box.press('Enter');
  await expect(page.locator('.chat-summary').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectOneLanguage(page, locale, 'search answer');
}

for (const locale of ['zh', 'en'] as const) {
  test(`every page and its popups speak ${locale} only, signed in (desktop)`, async ({ page }) => {
    test.setTimeout(180_000);
    await walk(page, locale);
  });
  test(`@phone every page and its popups speak ${locale} only, signed in`, async ({ page }) => {
    test.setTimeout(180_000);
    await walk(page, locale);
  });
}
