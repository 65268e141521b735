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

/**
 * A price with the locale's currency symbol: CNY for zh, USD for en (spec §9).
 * @example formatPrice(69.9, 'en') // '$69.9'
 */
export function formatPrice(amount: number, locale: Locale): string {
  return `${CURRENCY_SYMBOL[locale]}${formatNumber(amount, locale)}`;
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
