import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanStores, keepMount } from 'nanostores';
import { useTestStorageEngine, getTestStorage, cleanTestStorage } from '@nanostores/persistent';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, type UserInfo } from '../../contract/api.ts';
import { switchLocalePath } from '@/i18n/paths.ts';
import { ON_SITE_TARGETS, OPEN_REDIRECT_PAYLOADS, staysOnSite } from '../corpus/open-redirect.ts';

useTestStorageEngine();
const { setApiBase } = await import('@/lib/api/client.ts');
const session = await import('@/lib/stores/session.ts');
const beans = await import('@/lib/stores/beans.ts');
const device = await import('@/lib/stores/device.ts');
const locale = await import('@/lib/stores/locale.ts');
const { createPopup } = await import('@/lib/popup.ts');
const { $toasts } = await import('@/lib/toast.ts');

const user: UserInfo = {
  user_id: 1,
  user_name: 'Demo',
  email: 'demo@example.com',
  language: 'zh',
  is_agent: 0,
  subscription_status: 0,
  service_expiration_time: null,
  pay_cycle: 1,
  subscription_info: null,
  point: 12,
  bp_used: 2,
};

let server: Server;
const calls: string[] = [];
let redeemDelay = 0;
let languageFails = false;
/** Set to answer as the server does when it replaced the session's token. */
let renewWith: string | undefined;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api/, '');
      calls.push(`${req.method} ${path}${req.headers.token ? ` token=${req.headers.token}` : ''}`);
      const reply = (value: unknown) => {
        res.writeHead(200, {
          'Content-Type': 'application/json',
          ...(renewWith ? { 'New-Token': renewWith } : {}),
        });
        res.end(JSON.stringify({ code: 0, msg: '', data: value }));
      };
      if (path === '/user/login') return reply('tok-abc');
      if (path === '/user/user_info') return reply(user);
      if (path === '/get_file') return reply({ client_id: 'c', files: [], company_text: '' });
      if (path === '/user/logout') return reply(null);
      if (path === '/user/register') return reply({ signup_token: 'st-1' });
      if (path === '/user/redeem_point') {
        const added = JSON.parse(body).code === 'EMPTY' ? null : 50;
        return void setTimeout(() => reply(added), redeemDelay);
      }
      if (path === '/user/modify_language') {
        if (!languageFails) return reply(null);
        res.writeHead(500, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ code: ErrorCode.INTERNAL, msg: 'boom', data: null }));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const go = vi.fn();
beforeEach(() => {
  calls.length = 0;
  redeemDelay = 0;
  languageFails = false;
  renewWith = undefined;
  go.mockReset();
  session.navigation.go = go;
  $toasts.set([]);
  session.$deviceId.set('device-1');
});
afterEach(() => {
  session.$token.set(undefined);
  session.$userInfo.set(null);
  cleanTestStorage();
  vi.unstubAllGlobals();
});

describe('session store (spec §3, §4)', () => {
  it('login with code 0 stores the token, then loads user info and company info', async () => {
    await session.logIn({ email: 'demo@example.com', password: 'secret12' });
    expect(session.$token.get()).toBe('tok-abc');
    expect(getTestStorage()).toMatchObject({ token: 'tok-abc', deviceId: 'device-1' });
    expect(session.$userInfo.get()).toEqual(user);
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /user/login',
        'GET /user/user_info token=tok-abc',
        'GET /get_file token=tok-abc',
      ]),
    );
  });

  it('signup keeps the entered email as verifyEmail', async () => {
    await session.signUp({ email: ' new@example.com ', password: 'secret12' });
    expect(session.$verifyEmail.get()).toBe('new@example.com');
  });

  it('signup keeps its sign-up token for that address until a sign-in finishes', async () => {
    await session.signUp({ email: ' New@example.com ', password: 'secret12' });
    expect(getTestStorage()).toMatchObject({
      signupToken: JSON.stringify({ email: 'new@example.com', token: 'st-1' }),
    });
    expect(session.signupTokenFor('NEW@example.com ')).toBe('st-1');
    expect(session.signupTokenFor('other@example.com')).toBeUndefined();
    await session.finishSignIn('tok-new');
    expect(session.signupTokenFor('new@example.com')).toBeUndefined();
    expect(getTestStorage().signupToken).toBeUndefined();
  });

  it('a new token the server hands out replaces the stored one (spec §3: kept in local storage)', async () => {
    session.$token.set('tok-abc');
    renewWith = 'tok-renewed';
    await session.loadUserInfo();
    expect(session.$token.get()).toBe('tok-renewed');
    expect(getTestStorage().token).toBe('tok-renewed');
    renewWith = undefined;
    await session.loadUserInfo();
    expect(calls.at(-1)).toBe('GET /user/user_info token=tok-renewed');
  });

  it('logout clears token and userInfo and goes to login', async () => {
    session.$token.set('tok-abc');
    session.$userInfo.set(user);
    await session.logOut();
    expect(session.$token.get()).toBeUndefined();
    expect(session.$userInfo.get()).toBeNull();
    expect(getTestStorage().token).toBeUndefined();
    expect(calls).toContain('POST /user/logout token=tok-abc');
    expect(go).toHaveBeenCalledWith('/pages/login/login');
  });

  it('an expired token clears the session and sends the user to login with a way back', () => {
    vi.stubGlobal('location', { pathname: '/en/pages/leads/leads', search: '?page=2' });
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    session.$token.set('tok-old');
    session.sessionExpired();
    expect(session.$token.get()).toBeUndefined();
    expect(go).toHaveBeenCalledWith(
      '/en/pages/login/login?redirect=%2Fen%2Fpages%2Fleads%2Fleads%3Fpage%3D2',
    );
    expect($toasts.get()[0]?.message).toBe('Your session has expired. Please log in again.');
  });

  it('an expired token on a public page only clears the session', () => {
    vi.stubGlobal('location', { pathname: '/en/pages/official-blog/official-blog', search: '' });
    session.$token.set('tok-old');
    session.sessionExpired();
    expect(session.$token.get()).toBeUndefined();
    expect(go).not.toHaveBeenCalled();
    expect($toasts.get()).toEqual([]);
  });

  it('the client id is made once and kept', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    });
    const first = session.getClientId();
    expect(session.getClientId()).toBe(first);
    expect(store.get('clientId')).toBe(first);
  });
});

describe('finishing a sign-in: one path for the login page and both verify-email pages', () => {
  // The payloads another hop folds into a host, named here even if the shared corpus changes.
  const payloads = [
    ...OPEN_REDIRECT_PAYLOADS,
    '//evil.example',
    '/.//evil.example/',
    '/en//evil.example',
    '/en/.//evil.example/',
    '/en/..//evil.example',
  ];

  /** Where finishSignIn sent the browser for this `redirect`. */
  async function landing(redirect: string | null, locale: 'zh' | 'en' = 'zh'): Promise<string> {
    go.mockReset();
    await session.finishSignIn('tok-new', { locale, redirect });
    expect(go).toHaveBeenCalledTimes(1);
    return go.mock.calls[0]![0] as string;
  }

  it('stores the token, loads user info and company info, then goes to the locale’s search page', async () => {
    session.$verifyEmail.set('new@example.com');
    expect(await landing(null, 'zh')).toBe('/pages/chat/chat');
    expect(getTestStorage()).toMatchObject({ token: 'tok-new', deviceId: 'device-1' });
    expect(session.$userInfo.get()).toEqual(user);
    expect(session.$verifyEmail.get()).toBeUndefined();
    expect(calls).toEqual(
      expect.arrayContaining(['GET /user/user_info token=tok-new', 'GET /get_file token=tok-new']),
    );
    expect(await landing(null, 'en')).toBe('/en/pages/chat/chat');
  });

  it('without a target of its own, goes where the page’s ?redirect= says, when it stays on this site', async () => {
    vi.stubGlobal('location', { search: '?redirect=%2Fen%2Fpages%2Fleads%2Fleads%3Fupload%3D1' });
    go.mockReset();
    await session.finishSignIn('tok-new', { locale: 'en' });
    expect(go).toHaveBeenCalledWith('/en/pages/leads/leads?upload=1');
    expect(session.verifyPageFor('a@b.co', 'en')).toBe(
      '/en/pages/signup/verify-email?email=a%40b.co&redirect=%2Fen%2Fpages%2Fleads%2Fleads%3Fupload%3D1',
    );
    vi.stubGlobal('location', { search: '?redirect=%2F%2Fevil.example' });
    go.mockReset();
    await session.finishSignIn('tok-new', { locale: 'en' });
    expect(go).toHaveBeenCalledWith('/en/pages/chat/chat');
    expect(session.signInRedirect()).toBeNull();
  });

  it('makes the deviceId when absent (spec §3), also when a sign-up verification signs in', async () => {
    vi.stubGlobal('screen', { width: 1280, height: 800, colorDepth: 24 });
    vi.stubGlobal('devicePixelRatio', 1);
    session.$deviceId.set(undefined);
    await landing(null);
    expect(getTestStorage().deviceId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('login goes the same way: the redirect on this site, else search', async () => {
    await session.logIn(
      { email: 'demo@example.com', password: 'secret12' },
      { locale: 'en', redirect: '/en/pages/leads/leads?page=2' },
    );
    expect(go).toHaveBeenCalledWith('/en/pages/leads/leads?page=2');
    go.mockReset();
    await session.logIn({ email: 'demo@example.com', password: 'secret12' }, { redirect: '//evil.example' });
    expect(go).toHaveBeenCalledWith('/pages/chat/chat');
  });

  it(`follows none of ${payloads.length} open-redirect payloads off the site, not even after a locale switch`, async () => {
    const offSite: string[] = [];
    for (const payload of payloads) {
      const target = await landing(payload, 'en');
      const path = new URL(target, 'https://site.invalid').pathname;
      const leaves = [target, switchLocalePath(path, 'zh'), switchLocalePath(path, 'en')].some(
        (url) => !url.startsWith('/') || !staysOnSite(url),
      );
      if (leaves) offSite.push(`${JSON.stringify(payload)} -> ${target}`);
    }
    expect(offSite).toEqual([]);
  });

  it('keeps redirect targets on this site as they are', async () => {
    for (const target of ON_SITE_TARGETS) expect(await landing(target)).toBe(target);
  });
});

describe('beans store (spec §3, §4, §5)', () => {
  it('balance is point minus bp_used', () => {
    session.$userInfo.set(user);
    expect(beans.$balance.get()).toBe(10);
  });

  it('a redeem adds the returned amount, and 0 when none', async () => {
    session.$userInfo.set(user);
    expect(await beans.redeem('HONEY')).toBe(50);
    expect(beans.$balance.get()).toBe(60);
    expect(await beans.redeem('EMPTY')).toBe(0);
    expect(beans.$balance.get()).toBe(60);
    expect(beans.$redeeming.get()).toBe(false);
  });

  it('a redeem while one is running is ignored', async () => {
    session.$userInfo.set(user);
    redeemDelay = 100;
    const first = beans.redeem('HONEY');
    expect(beans.$redeeming.get()).toBe(true);
    expect(await beans.redeem('HONEY')).toBeUndefined();
    expect(await first).toBe(50);
    expect(calls.filter((call) => call.startsWith('POST /user/redeem_point'))).toHaveLength(1);
    expect(beans.$balance.get()).toBe(60);
  });

  it('consuming reduces the balance; more than the balance fails with 蜜豆不足', () => {
    session.$userInfo.set(user);
    beans.consumeBeans(3);
    expect(beans.$balance.get()).toBe(7);
    expect(() => beans.consumeBeans(8)).toThrow('蜜豆不足');
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    expect(() => beans.consumeBeans(8)).toThrow('Not enough unlocks left');
    expect(beans.$balance.get()).toBe(7);
  });

  it('a subscriber whose plan unlocks are used up is told the plan limit, not 蜜豆不足 (docs/plans.md)', () => {
    session.$userInfo.set({ ...user, subscription_status: 1, point: 200, bp_used: 200 });
    vi.stubGlobal('document', { documentElement: { lang: 'zh' } });
    expect(() => beans.consumeBeans(1)).toThrow('套餐解锁次数已用完，请联系销售');
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    expect(() => beans.consumeBeans(1)).toThrow('Plan unlock limit reached. Subscribe to get more unlocks.');
    expect(beans.$balance.get()).toBe(0);
  });
});

describe('device store (spec §3, §9)', () => {
  afterEach(() => cleanStores(device.$windowWidth));

  it('is mobile before the first measurement and below 1024', () => {
    expect(device.$isMobile.get()).toBe(true);
    device.$windowWidth.set(1023);
    expect(device.$isMobile.get()).toBe(true);
    device.$windowWidth.set(1024);
    expect(device.$isMobile.get()).toBe(false);
  });

  it('measures the window on resize, throttled to 50 ms', () => {
    vi.useFakeTimers();
    const listeners: (() => void)[] = [];
    const win = {
      innerWidth: 800,
      addEventListener: (_: string, fn: () => void) => listeners.push(fn),
      removeEventListener: vi.fn(),
    };
    const stop = device.watchWindow(win);
    expect(device.$windowWidth.get()).toBe(800);
    win.innerWidth = 500;
    listeners[0]!();
    win.innerWidth = 1200;
    listeners[0]!();
    expect(device.$windowWidth.get()).toBe(500);
    vi.advanceTimersByTime(50);
    expect(device.$windowWidth.get()).toBe(1200);
    stop();
    expect(win.removeEventListener).toHaveBeenCalled();
    vi.useRealTimers();
  });
});

describe('locale store (spec §3, §4)', () => {
  beforeEach(() => {
    vi.stubGlobal('location', { pathname: '/pages/chat/chat', search: '?q=1', hash: '' });
    vi.stubGlobal('document', { cookie: '', documentElement: { lang: 'zh-CN', getAttribute: () => null } });
  });

  it('defaults to zh and persists under the locale key', () => {
    keepMount(locale.$locale);
    expect(locale.$locale.get()).toBe('zh');
    locale.$locale.set('en');
    expect(getTestStorage().locale).toBe('en');
  });

  it('switching while logged out goes to the same page in the other language', async () => {
    expect(await locale.switchLanguage('en')).toBe(true);
    expect(locale.$locale.get()).toBe('en');
    expect(go).toHaveBeenCalledWith('/en/pages/chat/chat?q=1');
    expect(calls).toEqual([]);
    // The server answers the next Chinese URL in English from this cookie.
    expect(document.cookie).toBe('locale=en; path=/; max-age=31536000; samesite=lax');
  });

  it('switching while logged in saves the language on the server first', async () => {
    session.$token.set('tok-abc');
    expect(await locale.switchLanguage('en')).toBe(true);
    expect(calls).toEqual(['POST /user/modify_language token=tok-abc']);
  });

  it('a failed save reverts the locale, tells the user and emits language-changed', async () => {
    locale.$locale.set('zh');
    session.$token.set('tok-abc');
    languageFails = true;
    const events: unknown[] = [];
    vi.stubGlobal('dispatchEvent', (event: CustomEvent) => events.push([event.type, event.detail]));
    expect(await locale.switchLanguage('en')).toBe(false);
    expect(locale.$locale.get()).toBe('zh');
    expect(document.cookie).toMatch(/^locale=zh;/);
    expect(events).toEqual([['language-changed', 'zh']]);
    expect($toasts.get().map((toast) => toast.message)).toEqual(['语言更新失败']);
    expect(go).not.toHaveBeenCalled();
  });
});

describe('a language link clicked before hydration (spec §4 "Language switch")', () => {
  function landOnEnglishPageFrom(from: string | null) {
    const attributes = new Map<string, string>(from ? [['data-locale-from', from]] : []);
    vi.stubGlobal('document', {
      documentElement: {
        lang: 'en',
        getAttribute: (name: string) => attributes.get(name) ?? null,
        removeAttribute: (name: string) => attributes.delete(name),
      },
    });
    return attributes;
  }
  afterEach(() => vi.unstubAllGlobals());

  it('saves the page language on the server once user info is loaded, once', async () => {
    const attributes = landOnEnglishPageFrom('zh');
    session.$token.set('tok-abc');
    session.$userInfo.set(user);
    await locale.finishLanguageSwitch();
    expect(calls).toEqual(['POST /user/modify_language token=tok-abc']);
    expect(session.$userInfo.get()?.language).toBe('en');
    expect(attributes.size).toBe(0);
    await locale.finishLanguageSwitch();
    expect(calls).toHaveLength(1);
  });

  it('saves nothing when logged out, when the server already has it, or without a switch', async () => {
    landOnEnglishPageFrom('zh');
    await locale.finishLanguageSwitch();
    landOnEnglishPageFrom('zh');
    session.$token.set('tok-abc');
    session.$userInfo.set({ ...user, language: 'en' });
    await locale.finishLanguageSwitch();
    landOnEnglishPageFrom(null);
    session.$userInfo.set(user);
    await locale.finishLanguageSwitch();
    expect(calls).toEqual([]);
  });

  it('a failed save reverts the remembered locale and says so in the page language', async () => {
    landOnEnglishPageFrom('zh');
    locale.$locale.set('en');
    session.$token.set('tok-abc');
    session.$userInfo.set(user);
    languageFails = true;
    await locale.finishLanguageSwitch();
    expect(locale.$locale.get()).toBe('zh');
    expect($toasts.get().map((toast) => toast.message)).toEqual(['The language could not be updated.']);
  });
});

describe('popup (spec §2, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens over 500 ms and locks body scroll until it closes', () => {
    const classes = new Set<string>();
    vi.stubGlobal('document', {
      documentElement: {
        classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) },
      },
    });
    const popup = createPopup();
    popup.open();
    expect(popup.$phase.get()).toBe('opening');
    expect(classes.has('scroll-locked')).toBe(true);
    vi.advanceTimersByTime(500);
    expect(popup.$phase.get()).toBe('open');
    popup.close();
    expect(popup.$phase.get()).toBe('closing');
    vi.advanceTimersByTime(499);
    expect(classes.has('scroll-locked')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(popup.$phase.get()).toBe('closed');
    expect(classes.has('scroll-locked')).toBe(false);
  });

  it('closes on Escape and on overlay click when allowed', () => {
    const onClose = vi.fn();
    const popup = createPopup({ onClose });
    popup.open();
    popup.keydown({ key: 'Enter' });
    vi.advanceTimersByTime(600);
    expect(popup.$phase.get()).toBe('open');
    popup.keydown({ key: 'Escape' });
    vi.advanceTimersByTime(500);
    expect(onClose).toHaveBeenCalledOnce();
    popup.open();
    popup.overlayClick();
    vi.advanceTimersByTime(500);
    expect(popup.$phase.get()).toBe('closed');
  });

  it('ignores overlay clicks when not allowed', () => {
    const popup = createPopup({ closeOnOverlay: false });
    popup.open();
    vi.advanceTimersByTime(500);
    popup.overlayClick();
    vi.advanceTimersByTime(500);
    expect(popup.$phase.get()).toBe('open');
  });
});
