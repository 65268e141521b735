import {
  test,
  expect,
  ROUTE_PATHS,
  PRIVATE_PATHS,
  inLocale,
  networkSettled,
  signUpVerified,
  unlockableCard,
} from './fixtures.ts';

/** How far the page scrolls sideways (0 when it fits the window). */
const overflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const locale of ['zh', 'en'] as const) {
  test(`@phone every page fits a 320 px wide phone without sideways scrolling (${locale})`, async ({
    page,
  }) => {
    await signUpVerified(page, `narrow-${locale}`, locale);
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ROUTE_PATHS) {
      await page.goto(inLocale(path, locale));
      await networkSettled(page);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
  });

  // A 1280 px window at 200% zoom lays pages out in 640 CSS px: the same layout, twice the size.
  test(`every page works at 200% zoom: nothing scrolls sideways, the page's heading shows (${locale})`, async ({
    page,
  }) => {
    await signUpVerified(page, `zoom-${locale}`, locale);
    await page.setViewportSize({ width: 640, height: 400 });
    for (const path of ROUTE_PATHS) {
      await page.goto(inLocale(path, locale));
      await networkSettled(page);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
      if (!PRIVATE_PATHS.includes(path) || path.includes('verify-email')) continue;
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    }
  });
}

test('a keyboard-only user signs in, searches, unlocks and saves a lead, and sends it an email', async ({
  page,
}) => {
  // Sign-up, search, unlock, save and send in one flow: 13 s alone, over 30 s beside the other
  // workers on 2 cores (the default timeout failed it there once, mid-send).
  test.setTimeout(90_000);
  // A fresh verified account, signed in through the form with the keyboard only.
  const { email } = await signUpVerified(page, 'keyboard', 'en', { signedIn: false });
  await page.goto('/en/pages/login/login');
  const emailField = page.getByLabel('Email', { exact: true });
  await emailField.focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('Secret123');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/en/pages/chat/chat');

  // Search: the composer, typed into and sent with Enter.
  const composer = page.getByLabel('Describe the customer you are looking for');
  await composer.focus();
  await page.keyboard.type('Find LED panel buyers in Germany');
  await page.keyboard.press('Enter');
  const card = await unlockableCard(page);
  await expect(card).toContainText('Germany');

  // Tab to the first card with something behind its lock, to its Unlock button, and press it.
  const unlock = card.getByRole('button', { name: /Unlock/ });
  await tabTo(page, unlock);
  await page.keyboard.press('Enter');
  await expect(card.getByText(/@[\w-]+\.example/).first()).toBeVisible();

  // Shift+Tab back up the card to Save.
  const save = card.getByRole('button', { name: 'Save' });
  for (let i = 0; i < 40 && !(await save.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Shift+Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Space');
  await expect(card.getByRole('button', { name: 'Saved' })).toBeVisible();
  // Focus stays visible: the focused element draws an outline.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');

  // Write and send: Tab to "Write email", then through the composer to the consent box and Send.
  await tabTo(page, card.getByRole('button', { name: 'Write email' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Write an email' });
  await expect(dialog.getByLabel('Subject', { exact: true })).not.toHaveValue('', { timeout: 15_000 });
  const consent = dialog.getByLabel('I have a business relationship with this company or its consent');
  await tabTo(page, consent);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Send (1)' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Sent for delivery' })).toBeVisible();
  // Escape closes the composer and gives focus back to the page.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

/** Presses Tab until `target` has the focus (a keyboard user's only way there). */
async function tabTo(page: import('@playwright/test').Page, target: import('@playwright/test').Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
