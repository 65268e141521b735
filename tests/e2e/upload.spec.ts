import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES } from '../../contract/limits.ts';
import { test, expect, signUpVerified, inLocale, islandsHydrated, DEMO } from './fixtures.ts';
import { makeXlsx, row } from '../unit/support/xlsx.ts';

const TEXT = {
  zh: {
    upload: '上传',
    menu: '菜单',
    title: '公司资料',
    drop: '拖放文件到这里，或点击选择文件',
    noFiles: '还没有上传文件。',
    companyHeading: '从你的文件中提取的公司信息',
    review: '核对从文件中读取的公司资料 →',
    companyEn: '公司英文名称',
    source: '文件原文：',
    companyEmpty: /还没有公司信息。上传一份介绍公司的 PDF、DOCX、XLSX 或 TXT/,
    uploaded: (name: string) => `${name} 已上传`,
    duplicate: (name: string) => `已有同名文件 ${name}：请先删除它，或给新文件换个名字。`,
    tooLarge: '文件太大：最大 10 MB。',
    tooMany: '一次只能上传一个文件，请只选择一个。',
    mismatch: '文件扩展名与文件内容不符',
    cancel: '取消上传',
    busy: '请等当前文件上传完成，或先取消它。',
    cancelled: (name: string) => `已取消上传 ${name}`,
    preview: (name: string) => `预览 ${name}`,
    download: (name: string) => `下载 ${name}`,
    remove: (name: string) => `删除 ${name}`,
    confirm: '确认删除',
    deleted: (name: string) => `已删除 ${name}`,
    viewer: (name: string) => `图片预览：${name}`,
    zoomIn: '放大',
    zoomOut: '缩小',
    zoom: (percent: number) => `缩放 ${percent}%`,
    email: '邮箱',
    password: '密码',
    login: '登录',
  },
  en: {
    upload: 'Upload',
    menu: 'Menu',
    title: 'Company files',
    drop: 'Drop a file here or choose one',
    noFiles: 'No files uploaded yet.',
    companyHeading: 'Company info from your files',
    review: 'Check the company profile read from your files →',
    companyEn: 'Company name in English',
    source: 'In your file:',
    companyEmpty: /No company info yet. Upload a PDF, DOCX, XLSX or TXT about your company/,
    uploaded: (name: string) => `${name} uploaded`,
    duplicate: (name: string) =>
      `A file named ${name} is already in your list: delete it or rename the new one first.`,
    tooLarge: 'The file is too large: the limit is 10 MB.',
    tooMany: 'Upload one file at a time: choose just one.',
    mismatch: 'The file name’s extension does not match what the file contains.',
    cancel: 'Cancel upload',
    busy: 'Wait for the current upload to finish, or cancel it first.',
    cancelled: (name: string) => `Upload of ${name} cancelled`,
    preview: (name: string) => `Preview ${name}`,
    download: (name: string) => `Download ${name}`,
    remove: (name: string) => `Delete ${name}`,
    confirm: 'Yes, delete',
    deleted: (name: string) => `${name} deleted`,
    viewer: (name: string) => `Image preview: ${name}`,
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    zoom: (percent: number) => `Zoom ${percent}%`,
    email: 'Email',
    password: 'Password',
    login: 'Log in',
  },
} as const;

const PROFILE =
  'Ningbo Bright Panel Co. makes LED panel lights and exports to Germany and Vietnam since 2009.';

/** Counts the upload requests the page sends (checks refused in the browser send none). */
function countUploads(page: Page) {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/api/upload_file')) sent.count++;
  });
  return sent;
}

/** Opens the modal from the sidebar's Upload item, in place (no navigation). */
async function openFromSidebar(page: Page, locale: 'zh' | 'en') {
  const before = page.url();
  await page.getByRole('link', { name: TEXT[locale].upload, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: TEXT[locale].title });
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(before);
  return dialog;
}

const png = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#f5a524' } })
    .png()
    .toBuffer();

for (const locale of ['zh', 'en'] as const) {
  const t = TEXT[locale];

  test(`anonymous: Upload goes to login, and logging in comes back to the modal (${locale})`, async ({
    page,
  }) => {
    await page.goto(inLocale('/pages/official-blog/official-blog', locale));
    // Content pages hydrate on the first interaction: this time the Upload item is live when clicked.
    await page.mouse.move(400, 300);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('link', { name: t.upload, exact: true }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(
      `${inLocale('/pages/chat/chat', locale)}?upload=1`,
    );
    // Straight to login: the chat page was not loaded only to be turned away.
    expect(visited).toEqual([inLocale('/pages/login/login', locale)]);
    await page.getByLabel(t.email, { exact: true }).fill(DEMO.email);
    await page.getByLabel(t.password, { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: t.login, exact: true }).last().click();
    await expect(page.getByRole('dialog', { name: t.title })).toBeVisible();
    // The parameter has done its job: a reload does not open the modal again.
    expect(new URL(page.url()).searchParams.has('upload')).toBe(false);
  });

  test(`a company profile uploads with progress, is listed with its text, and is checked before and after sending (${locale})`, async ({
    page,
  }) => {
    await signUpVerified(page, `upload-${locale}`, locale);
    await page.goto(inLocale('/pages/chat/chat', locale));
    await islandsHydrated(page);
    const uploads = countUploads(page);
    const dialog = await openFromSidebar(page, locale);
    await expect(dialog.getByText(t.noFiles)).toBeVisible();
    await expect(dialog.getByText(t.companyEmpty)).toBeVisible();

    const input = dialog.getByLabel(t.drop);
    await input.setInputFiles({ name: 'profile.txt', mimeType: 'text/plain', buffer: Buffer.from(PROFILE) });
    const progress = dialog.getByRole('progressbar', { name: t.uploaded('profile.txt') });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveJSProperty('value', 100);
    await expect(dialog.getByRole('status').getByText(t.uploaded('profile.txt'))).toBeVisible();
    const row = dialog.getByRole('listitem').filter({ hasText: 'profile.txt' });
    await expect(row).toContainText(`${Buffer.byteLength(PROFILE)} B`);
    // Spec §9 date format, YYYY-MM-DD HH:mm in local time.
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(dialog.getByRole('region', { name: t.companyHeading })).toContainText(
      'makes LED panel lights',
    );
    expect(uploads.count).toBe(1);

    // The same name again: refused in the browser, nothing sent.
    await input.setInputFiles({ name: 'profile.txt', mimeType: 'text/plain', buffer: Buffer.from('v2') });
    await expect(dialog.getByText(t.duplicate('profile.txt'))).toBeVisible();
    // Too large: refused before sending.
    await input.setInputFiles({
      name: 'catalogue.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a'),
    });
    await expect(dialog.getByText(t.tooLarge)).toBeVisible();
    // Two files dropped at once: one at a time.
    const twoFiles = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['a'], 'a.txt', { type: 'text/plain' }));
      transfer.items.add(new File(['b'], 'b.txt', { type: 'text/plain' }));
      return transfer;
    });
    await dialog.getByText(t.drop).dispatchEvent('drop', { dataTransfer: twoFiles });
    await expect(dialog.getByText(t.tooMany)).toBeVisible();
    expect(uploads.count).toBe(1);

    // Image bytes named .pdf pass the browser's checks; the server sniffs them and says why not.
    await input.setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: await png() });
    await expect(dialog.getByText(t.mismatch)).toBeVisible();
    expect(uploads.count).toBe(2);
    await expect(dialog.getByRole('listitem')).toHaveCount(1);

    // Delete asks first; confirming removes the file and the text taken from it.
    await dialog.getByRole('button', { name: t.remove('profile.txt') }).click();
    await dialog.getByRole('button', { name: t.confirm }).click();
    await expect(dialog.getByRole('status').getByText(t.deleted('profile.txt'))).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(0);
    await expect(dialog.getByText(t.companyEmpty)).toBeVisible();
  });

  test(`an Excel price list uploads, and a link leads to the profile read from it, each fact quoted (${locale})`, async ({
    page,
  }) => {
    await signUpVerified(page, `upload-xlsx-${locale}`, locale);
    await page.goto(inLocale('/pages/chat/chat', locale));
    await islandsHydrated(page);
    const dialog = await openFromSidebar(page, locale);
    const workbook = makeXlsx([
      {
        name: 'Company',
        rows: [
          row(1, 'A1=inline:Company name', 'B1=inline:Tidewater Lamps Co., Ltd.'),
          row(2, 'A2=inline:Product', 'B2=inline:Size', 'C2=inline:MOQ'),
          row(3, 'A3=inline:LED panel light', 'B3=inline:600x600', 'C3=inline:500 pcs'),
        ].join(''),
      },
    ]);
    await dialog.getByLabel(t.drop).setInputFiles({
      name: 'price-list.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(workbook),
    });
    await expect(dialog.getByRole('status').getByText(t.uploaded('price-list.xlsx'))).toBeVisible();
    await expect(dialog.getByRole('region', { name: t.companyHeading })).toContainText(
      'Product: LED panel light; Size: 600x600; MOQ: 500 pcs',
    );
    await dialog.getByRole('link', { name: t.review }).click();
    await expect(page).toHaveURL(new RegExp(`${inLocale('/pages/profile/profile', locale)}$`));
    await expect(page.getByLabel(t.companyEn, { exact: true })).toHaveValue('Tidewater Lamps Co., Ltd.');
    await expect(page.getByText(`${t.source} Company name: Tidewater Lamps Co., Ltd.`)).toBeVisible();
  });

  test(`an upload can be cancelled while it runs (${locale})`, async ({ page }) => {
    await signUpVerified(page, `upload-cancel-${locale}`, locale);
    // Hold the request so the upload is still running when the user cancels.
    await page.route('**/api/upload_file', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await route.continue().catch(() => undefined);
    });
    await page.goto(inLocale('/pages/leads/leads', locale));
    await islandsHydrated(page);
    const dialog = await openFromSidebar(page, locale);
    await expect(dialog.getByText(t.noFiles)).toBeVisible();
    await dialog
      .getByLabel(t.drop)
      .setInputFiles({ name: 'slow.txt', mimeType: 'text/plain', buffer: Buffer.from(PROFILE) });
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    // One at a time: a second pick while the first runs is refused, the first goes on.
    await dialog
      .getByLabel(t.drop)
      .setInputFiles({ name: 'other.txt', mimeType: 'text/plain', buffer: Buffer.from(PROFILE) });
    await expect(dialog.getByText(t.busy)).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await dialog.getByRole('button', { name: t.cancel }).click();
    await expect(dialog.getByText(t.cancelled('slow.txt'))).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await expect(dialog.getByText(t.noFiles)).toBeVisible();
  });

  test(`a PNG previews in the modal, zooms within 1 to 4 and pans only past 20 px; other files download (${locale})`, async ({
    page,
  }) => {
    await signUpVerified(page, `upload-png-${locale}`, locale);
    await page.goto(inLocale('/pages/chat/chat', locale));
    await islandsHydrated(page);
    const dialog = await openFromSidebar(page, locale);
    const input = dialog.getByLabel(t.drop);
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png() });
    await expect(dialog.getByRole('listitem').filter({ hasText: 'logo.png' })).toBeVisible();
    // An image alone adds no company text.
    await expect(dialog.getByText(t.companyEmpty)).toBeVisible();

    const previewButton = dialog.getByRole('button', { name: t.preview('logo.png') });
    await previewButton.click();
    const viewer = dialog.getByRole('group', { name: t.viewer('logo.png') });
    const image = viewer.getByRole('img', { name: 'logo.png' });
    await expect(image).toBeVisible();
    await expect(viewer).toBeFocused();
    const zoomIn = dialog.getByRole('button', { name: t.zoomIn });
    const zoomOut = dialog.getByRole('button', { name: t.zoomOut });
    await expect(dialog.getByText(t.zoom(100))).toBeVisible();
    await expect(zoomOut).toBeDisabled();
    const small = (await image.boundingBox())!;

    for (let i = 0; i < 6; i++) await zoomIn.click();
    await expect(dialog.getByText(t.zoom(400))).toBeVisible();
    await expect(zoomIn).toBeDisabled();
    // Focus stays on the button at the limit; + from the keyboard goes no further either.
    await expect(zoomIn).toBeFocused();
    await page.keyboard.press('+');
    await expect(dialog.getByText(t.zoom(400))).toBeVisible();
    const big = (await image.boundingBox())!;
    expect(big.width / small.width).toBeCloseTo(4, 1);

    // Keyboard: - zooms out a step.
    await viewer.focus();
    await page.keyboard.press('-');
    await expect(dialog.getByText(t.zoom(350))).toBeVisible();

    // A press that moves 15 px is still a click: the image stays. Past 20 px it follows the pointer.
    const before = (await image.boundingBox())!;
    const frame = (await viewer.boundingBox())!;
    const cx = frame.x + frame.width / 2;
    const cy = frame.y + frame.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 15, cy, { steps: 3 });
    expect((await image.boundingBox())!.x).toBeCloseTo(before.x, 0);
    await page.mouse.move(cx + 60, cy, { steps: 6 });
    await page.mouse.up();
    expect((await image.boundingBox())!.x - before.x).toBeCloseTo(60, 0);

    // Five steps from 350% reach 100%, the smallest, and the image is back in place.
    for (let i = 0; i < 5; i++) await zoomOut.click();
    await expect(dialog.getByText(t.zoom(100))).toBeVisible();
    await expect(zoomOut).toBeDisabled();
    expect((await image.boundingBox())!.x).toBeCloseTo(small.x, 0);

    // Escape leaves the preview, not the modal, and focus returns to the Preview button.
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(previewButton).toBeFocused();

    // A file that is not an image downloads from its signed link in a new tab.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(PROFILE) });
    const downloaded = page.waitForEvent('download');
    await dialog.getByRole('button', { name: t.download('notes.txt') }).click();
    expect((await downloaded).suggestedFilename()).toBe('notes.txt');
  });

  test(`on a phone the menu's Upload opens the modal, a file uploads and is deleted after a confirm (${locale}) @phone`, async ({
    page,
  }) => {
    await signUpVerified(page, `upload-phone-${locale}`, locale);
    await page.goto(inLocale('/pages/leads/leads', locale));
    await islandsHydrated(page);
    await page.getByRole('button', { name: t.menu }).click();
    await page.getByRole('link', { name: t.upload, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('button', { name: t.menu })).toBeVisible();
    await expect(page.getByRole('link', { name: t.upload, exact: true })).toBeHidden();

    await dialog
      .getByLabel(t.drop)
      .setInputFiles({ name: 'profile.txt', mimeType: 'text/plain', buffer: Buffer.from(PROFILE) });
    await expect(dialog.getByRole('progressbar', { name: t.uploaded('profile.txt') })).toBeVisible();
    await expect(dialog.getByRole('region', { name: t.companyHeading })).toContainText(
      'makes LED panel lights',
    );
    await dialog.getByRole('button', { name: t.remove('profile.txt') }).click();
    await dialog.getByRole('button', { name: t.confirm }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(0);
    await expect(dialog.getByText(t.noFiles)).toBeVisible();
  });

  test(`on a phone, an anonymous visitor's Upload goes to login (${locale}) @phone`, async ({ page }) => {
    await page.goto(inLocale('/pages/official-blog/official-blog', locale));
    await page.getByRole('button', { name: t.menu }).click();
    await page.getByRole('link', { name: t.upload, exact: true }).click();
    await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(
      `${inLocale('/pages/chat/chat', locale)}?upload=1`,
    );
  });
}
