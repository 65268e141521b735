import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium';
// Debian's Chromium as root in a closed network (developers' guide).
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  ...(process.env.CI ? { workers: 2 } : {}),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Multi-step flows (sign up, search, unlock, write) take 15–25 s beside a second worker on 2 cores.
  timeout: 60_000,
  // The JSON report feeds docs/quality.md (npm run report).
  reporter: [['list'], ['json', { outputFile: 'bench-results/tests-e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath, args },
    // A trace records every action's DOM and screenshots: on CI's 2 cores that was a fifth of the
    // e2e time (routes and account specs: 4.1 → 3.3 min without). CI keeps a screenshot and the
    // error context of a failure; a failure is traced by running the test again locally.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The visual check's baselines (tests/e2e/visual.spec.ts): one file per page, locale and width,
  // made on Debian's Chromium with fonts-noto-cjk, as CI runs it (docs/quality.md "Visual check").
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  expect: {
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // A broken label or a shifted box moves hundreds of pixels; a stray anti-aliased edge does not.
      maxDiffPixels: 100,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grepInvert: /@phone/,
      testIgnore: /visual\.spec\.ts/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@phone/, testIgnore: /visual\.spec\.ts/ },
    {
      name: 'visual',
      testMatch: /visual\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        // Dates are shown in local time (spec §9): one zone, whatever the machine's.
        timezoneId: 'Asia/Shanghai',
        locale: 'zh-CN',
        colorScheme: 'light',
        reducedMotion: 'reduce',
        // The shots add one stylesheet of their own (visual.spec.ts settle); the CSP is tested elsewhere.
        bypassCSP: true,
      },
    },
  ],
  globalSetup: './tests/e2e/global-setup.ts',
  webServer: {
    // The built site served exactly as `npm start` serves it.
    command: 'node server/main.ts',
    url: `http://127.0.0.1:${PORT}/`,
    // A fresh embedded database per run, seeded with the demo accounts.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: '',
      // Many tests log in as the demo accounts; the limits themselves are tested in tests/api.
      RATE_LIMIT_SCALE: '100',
      // Idle keep-alive sockets are closed after 5 s; Playwright's request client (Node's http,
      // unlike a browser) does not retry a request sent on a socket the server is closing, and
      // failed once with ECONNRESET. Longer than any pause inside a test.
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      // Mail goes to the test SMTP server of tests/e2e/mailbox.ts; codes are read from there.
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 4398}`,
      SEED_REDEEM_CODES: Array.from(
        { length: 12 },
        (_, i) => `E2E-CODE-${String(i).padStart(2, '0')}:50`,
      ).join(','),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'honeyleads-e2e-')),
    },
    reuseExistingServer: !process.env.CI,
    // The first start generates the demo leads (about 15 s on 2 cores).
    timeout: 240_000,
  },
});
