/** Issue 16 "Plans": which refusal an unlock gets, the current plan, money and plurals (docs/plans.md). */
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contract/api.ts';
import { formatMoney, formatPrice, pluralForm } from '@/lib/format.ts';
import { planIncludes, savingAmount } from '@/lib/plans.ts';
import { useTranslations } from '@/i18n/index.ts';
import { CONTACT_QR_PLACEHOLDER, contactLink } from '../../contract/contact.ts';
import { currentPlanId, goodsPriceLabel, planAction, unlockRefusal } from '@/lib/subscription.ts';
import { FREE_SEARCHES_PER_DAY, PLAN_ITEMS, SIGNUP_BONUS_BEANS } from '@/lib/constants.ts';
import { featureReport, loadConfig } from '../../server/platform/config.ts';

type Sub = Pick<UserInfo, 'subscription_status' | 'pay_cycle' | 'subscription_info'>;
const free: Sub = { subscription_status: 0, pay_cycle: 1, subscription_info: null };
const monthly: Sub = {
  subscription_status: 1,
  pay_cycle: 1,
  subscription_info: { goods_id: 13, goods_name: 'Monthly', goods_price: 6990 },
};
const yearly: Sub = {
  subscription_status: 2,
  pay_cycle: 2,
  subscription_info: { goods_id: 23, goods_name: 'Yearly', goods_price: 69990 },
};
const item = (id: number) => PLAN_ITEMS.find((p) => p.id === id)!;

describe('unlock refusal: 蜜豆不足 or the plan limit', () => {
  it('asks for nothing while the balance covers the cost', () => {
    expect(unlockRefusal(free, 1, 1)).toBeNull();
    expect(unlockRefusal(monthly, 5, 1)).toBeNull();
  });
  it('a free user with 0 beans gets 蜜豆不足 (spec §5)', () => {
    expect(unlockRefusal(free, 0, 1)).toBe('beans.insufficient');
    expect(unlockRefusal(null, undefined, 1)).toBe('beans.insufficient');
  });
  it('a subscriber whose unlocks are used up gets the plan limit (spec §8), cancelled until expiry too', () => {
    expect(unlockRefusal(monthly, 0, 1)).toBe('errors.planUnlockLimit');
    expect(unlockRefusal(yearly, 0, 1)).toBe('errors.planUnlockLimit');
  });
});

describe('the current plan and what buying means', () => {
  it('knows the plan from goods_id, else from pay_cycle; none without a plan', () => {
    expect(currentPlanId(free)).toBeNull();
    expect(currentPlanId(monthly)).toBe(13);
    expect(currentPlanId({ ...yearly, subscription_info: null })).toBe(23);
  });
  it('buy without a plan, renew the same, upgrade to yearly, switch to monthly; bundles are bought', () => {
    expect(planAction(free, item(13))).toBe('buy');
    expect(planAction(monthly, item(13))).toBe('renew');
    expect(planAction(monthly, item(23))).toBe('upgrade');
    expect(planAction(yearly, item(13))).toBe('switch');
    expect(planAction(monthly, item(1))).toBe('buy');
  });
});

describe('money with Intl.NumberFormat', () => {
  it('shows cents when there are any, none for whole amounts', () => {
    expect(formatPrice(69.9, 'en')).toBe('$69.90');
    expect(formatPrice(9.9, 'en')).toBe('$9.90');
    expect(formatPrice(499, 'zh')).toBe('¥499');
    expect(formatPrice(4999, 'zh')).toBe('¥4,999');
    expect(formatPrice(69.9, 'zh')).toBe('¥69.90');
    expect(savingAmount(item(23), 'en')).toBe('$139');
    expect(savingAmount(item(23), 'zh')).toBe('¥989');
    expect(goodsPriceLabel(6990)).toBe('US$69.90');
    expect(formatMoney(undefined, 'USD', 'en-US')).toBe('--');
  });
});

describe('the free tier line', () => {
  it('reads the real constants: 30 searches a day, 5 welcome unlocks (the server default)', () => {
    expect(FREE_SEARCHES_PER_DAY).toBe(30);
    expect(SIGNUP_BONUS_BEANS).toBe(5);
    expect(loadConfig({}).SIGNUP_BONUS_BEANS).toBe(SIGNUP_BONUS_BEANS);
  });
  it('picks the plural form with Intl.PluralRules', () => {
    expect(pluralForm(1, 'en')).toBe('one');
    expect(pluralForm(5, 'en')).toBe('other');
    expect(pluralForm(1, 'zh')).toBe('other');
  });
});

describe('the customer-service QR target', () => {
  it('the start banner warns while CONTACT_QR_URL is unset or the placeholder', () => {
    const warning = /WARNING: .*customer-service QR code .*placeholder.*CONTACT_QR_URL/;
    expect(featureReport(loadConfig({})).join('\n')).toMatch(warning);
    expect(
      featureReport(loadConfig({ CONTACT_QR_URL: 'mailto:sales@honeyleads.example' })).join('\n'),
    ).toMatch(warning);
    expect(
      featureReport(loadConfig({ CONTACT_QR_URL: 'https://work.weixin.qq.com/kfid/abc' })).join('\n'),
    ).not.toMatch(/customer-service QR/);
  });
});

describe('what each plan includes, from the limits the server enforces (issue 35)', () => {
  const zhT = useTranslations('zh');
  const enT = useTranslations('en');
  const item = (id: number) => PLAN_ITEMS.find((p) => p.id === id)!;

  it('a plan lists its unlocks (grouped), what an unlock buys, the searches, the emails and follow-ups', () => {
    expect(planIncludes(enT, item(23), 'en')).toEqual([
      '3,000 unlocks that never expire',
      'One unlock opens one company: its people, up to 5 emails, phones and social profiles. A company with no contacts costs nothing, and the same company is never charged twice.',
      'Up to 300 searches a day (30 on the free plan)',
      'Up to 50 outreach emails a day, each with up to 2 automatic follow-ups (as on the free plan)',
    ]);
    expect(planIncludes(zhT, item(13), 'zh')).toEqual([
      '200 次解锁，不会过期',
      '1 次解锁打开一家公司：联系人、最多 5 个邮箱、电话和社媒账号；没有联系方式的公司不扣，同一家公司不重复扣',
      '每天最多搜索 300 次（免费版每天 30 次）',
      '每天最多发 50 封开发信，每封可带 2 封自动跟进（与免费版相同）',
      '可加购 50 次或 100 次解锁包',
    ]);
  });

  it('a bundle lists its unlocks and what an unlock buys, nothing it does not change', () => {
    expect(planIncludes(enT, item(1), 'en')).toHaveLength(2);
    expect(planIncludes(enT, item(1), 'en')[0]).toBe('50 unlocks that never expire');
  });
});

describe('the customer-service contact is also a link (issue 35: a phone cannot scan its own screen)', () => {
  it('opens the schemes a contact uses, and nothing a link must not run', () => {
    expect(contactLink(CONTACT_QR_PLACEHOLDER)).toBe('mailto:sales@honeyleads.example');
    expect(contactLink('https://work.weixin.qq.com/ca/abc')).toBe('https://work.weixin.qq.com/ca/abc');
    expect(contactLink('tel:+8610123')).toBe('tel:+8610123');
    expect(contactLink('javascript:alert(1)')).toBeNull();
    expect(contactLink('data:text/html,x')).toBeNull();
    expect(contactLink('not a url')).toBeNull();
    expect(contactLink(undefined)).toBeNull();
  });
});
