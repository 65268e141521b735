import type { Translate, UIKey } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { CURRENCY_SYMBOL, type PlanItem } from './constants.ts';

/**
 * A number for display, or '--' when missing or invalid (spec §5).
 * @example formatNumber(undefined) // '--'
 */
export function formatNumber(value: unknown, locale: Locale = 'zh'): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '--';
  return n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
}

/** Spec §9 "Currency symbol": ¥ (CNY) for zh, $ (USD) for en. */
const CURRENCY = { zh: 'CNY', en: 'USD' } as const satisfies Record<Locale, string>;

/**
 * An amount of money with Intl.NumberFormat: whole amounts without cents, others with two
 * decimals (never '$69.9'). '--' when missing or invalid, as numbers are (spec §5).
 * @example formatMoney(69.9, 'USD', 'en-US') // '$69.90'
 */
export function formatMoney(amount: unknown, currency: string, intlLocale: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '--';
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(intlLocale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/**
 * A price in the locale's currency: ¥ (CNY) for zh, $ (USD) for en (spec §9).
 * @example formatPrice(69.9, 'en') // '$69.90'
 * @example formatPrice(499, 'zh') // '¥499'
 */
export function formatPrice(amount: number, locale: Locale): string {
  const price = formatMoney(amount, CURRENCY[locale], locale === 'zh' ? 'zh-CN' : 'en-US');
  // The symbol the spec names, whatever the runtime's locale data prints.
  return price.replace(/^(-?)[^\d-]+/, `$1${CURRENCY_SYMBOL[locale]}`);
}

/** A plan item's current and original price in the locale's currency (spec §3 "Plan item"). */
export function planPrices(item: PlanItem, locale: Locale): { price: number; origin: number | undefined } {
  return locale === 'zh'
    ? { price: item.price, origin: item.origin_price }
    : { price: item.price_en, origin: item.origin_price_en };
}

/**
 * A calendar date for content pages (publication dates are days, not instants).
 * @example formatDay(new Date('2026-11-01'), 'en') // 'November 1, 2026'
 */
export function formatDay(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * The dictionary form for `count`: Intl.PluralRules' `one`, else `other` (the two forms our
 * dictionaries hold; zh has only `other`).
 * @example pluralForm(1, 'en') // 'one'
 */
export function pluralForm(count: number, locale: Locale): 'one' | 'other' {
  return new Intl.PluralRules(locale === 'zh' ? 'zh-CN' : 'en-US').select(count) === 'one' ? 'one' : 'other';
}

/** Dictionary keys that come in `.one` / `.other` forms, named without the form. */
export type PluralKey = { [K in UIKey]: K extends `${infer Base}.one` ? Base : never }[UIKey];

/**
 * A counted text in the form `count` takes ("1 lead", "2 leads"): `key.one` or `key.other`, with
 * `{count}` filled by `shown` (a formatted number) or the count itself.
 * @example counted(t, 'leads.count', 1, 'en') // '1 lead'
 */
export function counted(
  t: Translate,
  key: PluralKey,
  count: number,
  locale: Locale,
  shown: string | number = count,
): string {
  return t(`${key}.${pluralForm(count, locale)}` as UIKey, { count: shown });
}

/** The checks an address can have passed (contract/api.ts `emails[].status`). */
const EMAIL_CHECKS = new Set(['valid', 'risky', 'unknown', 'invalid']);

/**
 * An email check in the page's language (有效, risky…), or null for a value this page does not
 * know yet (a newer server), which is then left unlabelled rather than shown as a dictionary key.
 * @example emailCheckLabel(useTranslations('zh'), 'valid') // '有效'
 */
export function emailCheckLabel(t: Translate, status: string): string | null {
  return EMAIL_CHECKS.has(status) ? t(`chat.status.${status}` as UIKey) : null;
}

/** A lead's role in the page's language: 买家 / Buyer, 供应商 / Supplier. */
export function roleLabel(t: Translate, role: 'buyer' | 'supplier'): string {
  return t(role === 'buyer' ? 'chat.roleBuyer' : 'chat.roleSupplier');
}

/**
 * The language a piece of user-facing text is written in, for its `lang` attribute: an example
 * sentence in the other language (the home page shows one of each) is marked as such.
 */
export const writtenIn = (text: string): 'zh-Hans' | 'en' =>
  /\p{Script=Han}/u.test(text) ? 'zh-Hans' : 'en';
