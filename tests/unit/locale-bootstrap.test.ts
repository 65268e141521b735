import { describe, expect, it } from 'vitest';
import { LOCALE_BOOTSTRAP, PAGE_BOOTSTRAP } from '@/i18n/bootstrap.ts';
import { LOCALE_STORAGE_KEY } from '@/i18n/locales.ts';
import { OPEN_REDIRECT_PAYLOADS, SITE_ORIGIN, staysOnSite } from '../corpus/open-redirect.ts';

/** Runs the inline bootstrap against a fake page at `href` whose <html lang> is `lang`. */
function run(href: string, lang: 'zh-CN' | 'en', stored: string | null, storageThrows = false) {
  const store = new Map<string, string>(stored === null ? [] : [[LOCALE_STORAGE_KEY, stored]]);
  const attributes = new Map<string, string>();
  const calls: { replaced?: string; replacedState?: string } = {};
  const localStorage = {
    getItem: (key: string) => {
      if (storageThrows) throw new Error('SecurityError');
      return store.get(key) ?? null;
    },
    setItem: (key: string, value: string) => void store.set(key, value),
  };
  const location = { href, replace: (to: string) => (calls.replaced = to) };
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, to: string) => (calls.replacedState = to),
  };
  const document = {
    documentElement: { lang, setAttribute: (name: string, value: string) => attributes.set(name, value) },
    cookie: undefined as string | undefined,
  };
  new Function('document', 'location', 'localStorage', 'history', LOCALE_BOOTSTRAP)(
    document,
    location,
    localStorage,
    history,
  );
  return {
    ...calls,
    stored: store.get(LOCALE_STORAGE_KEY),
    cookie: document.cookie,
    from: attributes.get('data-locale-from'),
  };
}

describe('locale bootstrap (locale persisted under the `locale` key)', () => {
  it('sends a visitor whose stored locale is en to the same page in English', () => {
    expect(run('https://x.test/pages/chat/chat?q=led#top', 'zh-CN', 'en').replaced).toBe(
      '/en/pages/chat/chat?q=led#top',
    );
    expect(run('https://x.test/', 'zh-CN', 'en').replaced).toBe('/en');
  });

  it('sends a visitor whose stored locale is zh to the unprefixed page', () => {
    expect(run('https://x.test/en/pages/leads/leads', 'en', 'zh').replaced).toBe('/pages/leads/leads');
    expect(run('https://x.test/en', 'en', 'zh').replaced).toBe('/');
  });

  it('stays when the stored locale matches, is missing or is not ours', () => {
    expect(run('https://x.test/en/pages/chat/chat', 'en', 'en').replaced).toBeUndefined();
    expect(run('https://x.test/pages/chat/chat', 'zh-CN', null).replaced).toBeUndefined();
    expect(run('https://x.test/pages/chat/chat', 'zh-CN', 'fr').replaced).toBeUndefined();
  });

  it('remembers ?locale= from a language link and removes it from the address', () => {
    const result = run('https://x.test/en/pages/chat/chat?locale=en&q=1', 'en', 'zh');
    expect(result.stored).toBe('en');
    expect(result.replacedState).toBe('/en/pages/chat/chat?q=1');
    expect(result.replaced).toBeUndefined();
  });

  it('marks where a language link came from, so a signed-in session can save the switch', () => {
    expect(run('https://x.test/en/pages/chat/chat?locale=en', 'en', 'zh').from).toBe('zh');
    expect(run('https://x.test/en/pages/chat/chat?locale=en', 'en', null).from).toBe('zh');
    expect(run('https://x.test/pages/chat/chat?locale=zh', 'zh-CN', null).from).toBe('en');
    expect(run('https://x.test/pages/chat/chat', 'zh-CN', 'zh').from).toBeUndefined();
  });

  it('keeps the chosen locale in a cookie for the server, for a year, on every path', () => {
    const chosen = run('https://x.test/en/pages/chat/chat?locale=en', 'en', 'zh').cookie!;
    expect(chosen.split('; ')).toEqual(['locale=en', 'path=/', 'max-age=31536000', 'samesite=lax']);
    // A remembered choice is copied too (visitors from before the cookie), also when it redirects.
    expect(run('https://x.test/pages/chat/chat', 'zh-CN', 'zh').cookie).toMatch(/^locale=zh;/);
    expect(run('https://x.test/pages/chat/chat', 'zh-CN', 'en').cookie).toMatch(/^locale=en;/);
  });

  it('drops the cookie when no locale is remembered, so the server stops redirecting', () => {
    expect(run('https://x.test/en/pages/chat/chat', 'en', null).cookie).toBe('locale=; path=/; max-age=0');
    expect(run('https://x.test/en/pages/chat/chat', 'en', 'fr').cookie).toBe('locale=; path=/; max-age=0');
    expect(run('https://x.test/en/pages/chat/chat', 'en', 'en', true).cookie).toBeUndefined();
  });

  it('does nothing when storage is blocked', () => {
    expect(run('https://x.test/pages/chat/chat', 'zh-CN', 'en', true).replaced).toBeUndefined();
  });

  it('never sends a visitor off the site (open-redirect corpus as page addresses)', () => {
    const offSite: { page: string; to: string }[] = [];
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      let page: URL;
      try {
        page = new URL(payload, `${SITE_ORIGIN}/pages/login/login`);
      } catch {
        continue;
      }
      if (page.origin !== SITE_ORIGIN) continue;
      // The server answers /en/… in English, so the page's own language is the other one.
      const english = /^\/en(?:\/|$)/.test(page.pathname);
      const to = run(page.href, english ? 'en' : 'zh-CN', english ? 'zh' : 'en').replaced;
      if (to !== undefined && (/^[/\\]{2}/.test(to) || !staysOnSite(to)))
        offSite.push({ page: page.href, to });
    }
    expect(offSite).toEqual([]);
    // `/en//evil.example` is an English page whose zh path must not start with `//`.
    expect(run(`${SITE_ORIGIN}/en//evil.example`, 'en', 'zh').replaced).toBe('/evil.example');
  });
});

/** Runs the whole page script (locale, then arrival) against a fake page. */
function arrive(href: string, lang: 'zh-CN' | 'en', store: Record<string, string>) {
  const attributes = new Map<string, string>();
  const appended: { className: string; role?: string; textContent: string; removed: boolean }[] = [];
  const calls: { replaced?: string; replacedState?: string } = {};
  const location = { href, replace: (to: string) => (calls.replaced = to) };
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, to: string) => {
      calls.replacedState = to;
      location.href = new URL(to, href).href;
    },
  };
  const document = {
    documentElement: {
      lang,
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      hasAttribute: (name: string) => attributes.has(name),
    },
    cookie: undefined as string | undefined,
    createElement: () => {
      const element = {
        className: '',
        role: undefined as string | undefined,
        textContent: '',
        removed: false,
        setAttribute: (name: string, value: string) => name === 'role' && (element.role = value),
        remove: () => (element.removed = true),
      };
      return element;
    },
    body: { appendChild: (element: (typeof appended)[number]) => appended.push(element) },
  };
  const localStorage = {
    getItem: (key: string) => store[key] ?? null,
    setItem: (key: string, value: string) => (store[key] = value),
  };
  new Function('document', 'location', 'localStorage', 'history', PAGE_BOOTSTRAP)(
    document,
    location,
    localStorage,
    history,
  );
  return { ...calls, attributes, appended };
}

describe('arrival: the session mark and the return from payment, without loading a script (issue 35)', () => {
  it('marks a stored session on <html> for the home header, and nothing without one', () => {
    expect(arrive('https://x.test/', 'zh-CN', { token: 't' }).attributes.has('data-signed-in')).toBe(true);
    expect(arrive('https://x.test/', 'zh-CN', {}).attributes.has('data-signed-in')).toBe(false);
  });

  it('back from a payment: a success toast in the page’s language, and `action` leaves the address (spec §2)', () => {
    const zh = arrive(
      'https://x.test/pages/blog-detail/blog-detail/a?type=plan&action=paySuccess#top',
      'zh-CN',
      {},
    );
    expect(zh.replacedState).toBe('/pages/blog-detail/blog-detail/a?type=plan#top');
    expect(zh.appended).toMatchObject([{ className: 'boot-toast', role: 'status', textContent: '支付成功' }]);
    const en = arrive('https://x.test/en?type=plan&action=paySuccess', 'en', { locale: 'en' });
    expect(en.replacedState).toBe('/en?type=plan');
    expect(en.appended.map((toast) => toast.textContent)).toEqual(['Payment successful']);
  });

  it('says nothing for another address, and leaves it to the next page when the locale sends the visitor on', () => {
    expect(arrive('https://x.test/pages/chat/chat?action=paySuccess', 'zh-CN', {}).appended).toEqual([]);
    const leaving = arrive('https://x.test/pages/chat/chat?type=plan&action=paySuccess', 'zh-CN', {
      locale: 'en',
    });
    expect(leaving.replaced).toBe('/en/pages/chat/chat?type=plan&action=paySuccess');
    expect(leaving.appended).toEqual([]);
  });
});
