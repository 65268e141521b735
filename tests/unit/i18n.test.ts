import { describe, expect, it } from 'vitest';
import { zh } from '@/i18n/ui/zh.ts';
import { en } from '@/i18n/ui/en.ts';
import { useTranslations, localeFromParam } from '@/i18n/index.ts';
import { counted, emailCheckLabel, roleLabel } from '@/lib/format.ts';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, isLocale } from '@/i18n/locales.ts';
import { localizedPath, splitLocale, switchLocalePath } from '@/i18n/paths.ts';

describe('dictionaries', () => {
  it('en has exactly the keys of zh, each a non-empty string', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const value of [...Object.values(zh), ...Object.values(en)]) expect(value.trim()).not.toBe('');
  });

  it('the product has a different display name and tagline in each locale (spec §1)', () => {
    expect(zh['app.name']).not.toBe(en['app.name']);
    expect(zh['app.tagline']).not.toBe(en['app.tagline']);
  });

  it('every {parameter} of a zh string also appears in its en twin', () => {
    const params = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(zh) as (keyof typeof zh)[])
      expect(params(en[key]), key).toEqual(params(zh[key]));
  });
});

describe('useTranslations', () => {
  it('returns the locale’s string and fills parameters', () => {
    expect(useTranslations('zh')('home.freeNote', { count: 30 })).toBe('每天免费搜索 30 次，注册即可使用。');
    expect(useTranslations('en')('home.freeNote', { count: 30 })).toBe(
      '30 free searches every day when you sign up.',
    );
  });

  it('leaves an unknown parameter visible instead of inventing a value', () => {
    expect(useTranslations('en')('home.freeNote')).toBe('{count} free searches every day when you sign up.');
  });
});

describe('locales (spec §1: default zh, fallback en)', () => {
  it('has zh as default and en as fallback', () => {
    expect(LOCALES).toEqual(['zh', 'en']);
    expect(DEFAULT_LOCALE).toBe('zh');
    expect(FALLBACK_LOCALE).toBe('en');
  });

  it('recognizes only our locales', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(localeFromParam(undefined)).toBe('zh');
    expect(localeFromParam('en')).toBe('en');
  });
});

describe('localized paths (zh unprefixed, en under /en)', () => {
  it('prefixes only English', () => {
    expect(localizedPath('/pages/chat/chat', 'zh')).toBe('/pages/chat/chat');
    expect(localizedPath('/pages/chat/chat', 'en')).toBe('/en/pages/chat/chat');
    expect(localizedPath('/', 'en')).toBe('/en');
  });

  it('splits a pathname into locale and path', () => {
    expect(splitLocale('/en/pages/leads/leads')).toEqual({ locale: 'en', path: '/pages/leads/leads' });
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/english/x')).toEqual({ locale: 'zh', path: '/english/x' });
  });

  it('switches a page to the same page in the other locale', () => {
    expect(switchLocalePath('/en/pages/leads/leads', 'zh')).toBe('/pages/leads/leads');
    expect(switchLocalePath('/pages/legal/privacy-policy', 'en')).toBe('/en/pages/legal/privacy-policy');
  });
});

describe('counted texts take the form their number needs', () => {
  it('says "1 lead" and "2 leads" in English, and the one form in Chinese', () => {
    const en = useTranslations('en');
    const zh = useTranslations('zh');
    expect(counted(en, 'leads.count', 1, 'en')).toBe('1 lead');
    expect(counted(en, 'leads.count', 2, 'en')).toBe('2 leads');
    expect(counted(en, 'chat.lockedPhones', 1, 'en')).toBe('1 phone');
    expect(counted(en, 'chat.searchesLeft', 1, 'en')).toBe('1 free search left today');
    expect(counted(en, 'chat.searchesLeft', 0, 'en')).toBe('0 free searches left today');
    expect(counted(en, 'home.planUnlocks', 1000, 'en', '1,000')).toBe('1,000 unlocks');
    expect(counted(zh, 'leads.count', 1, 'zh')).toBe('共 1 条');
    expect(counted(zh, 'chat.lockedPhones', 2, 'zh')).toBe('2 个电话');
  });
});

describe('labels of lead values', () => {
  it('names roles and email checks in the page language, and leaves a check it does not know unlabelled', () => {
    expect(roleLabel(useTranslations('zh'), 'supplier')).toBe('供应商');
    expect(roleLabel(useTranslations('en'), 'buyer')).toBe('Buyer');
    expect(emailCheckLabel(useTranslations('zh'), 'valid')).toBe('有效');
    expect(emailCheckLabel(useTranslations('en'), 'risky')).toBe('risky');
    expect(emailCheckLabel(useTranslations('en'), 'bounced')).toBeNull();
  });
});
