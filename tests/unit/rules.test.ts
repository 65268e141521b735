import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTranslations } from '@/i18n/index.ts';
import {
  passwordChecks,
  validateAuthCode,
  validateEmail,
  validateEmailCode,
  validateInvitationPrefix,
  validateInvitationQuantity,
  validatePassword,
  validatePasswordChange,
  validateRecipients,
  validateTerms,
} from '@/lib/validation.ts';
import { debounceAction, throttle } from '@/lib/debounce.ts';
import { $toasts, hideToast, showToast } from '@/lib/toast.ts';
import { copyText } from '@/lib/clipboard.ts';
import { billingCycle, goodsPriceLabel, subscriptionView } from '@/lib/subscription.ts';
import { paymentReturn, paymentSuccessUrl } from '@/lib/payment.ts';
import { $selectedPlanId, canBuyBundles, offeredItems, savingAmount } from '@/lib/plans.ts';
import { PLAN_ITEMS } from '@/lib/constants.ts';
import { fingerprintHash, makeClientId } from '@/lib/identity.ts';
import { formatDateTime } from '@/lib/dates.ts';

const zh = useTranslations('zh');
const en = useTranslations('en');

describe('validation (spec §5)', () => {
  it('email is required and must be valid', () => {
    expect(validateEmail('')).toBe('validation.emailRequired');
    expect(zh('validation.emailRequired')).toBe('请输入邮箱');
    expect(en('validation.emailRequired')).toBe('Please enter your email');
    expect(validateEmail('buyer@example')).toBe('validation.emailInvalid');
    expect(validateEmail('a b@example.com')).toBe('validation.emailInvalid');
    expect(validateEmail(' buyer@example.com ')).toBeNull();
  });

  it('password needs 8-14 characters', () => {
    expect(validatePassword('')).toBe('validation.passwordRequired');
    expect(validatePassword('abc123')).toBe('validation.passwordLength');
    expect(validatePassword('abcdefgh1234567')).toBe('validation.passwordLength');
    expect(validatePassword('abcd1234')).toBeNull();
    expect(validatePassword('abcdefgh123456')).toBeNull();
  });

  it('password needs two of letters, digits, symbols', () => {
    expect(validatePassword('abcdefgh')).toBe('validation.passwordKinds');
    expect(validatePassword('12345678')).toBe('validation.passwordKinds');
    expect(validatePassword('!@#$%^&*')).toBe('validation.passwordKinds');
    expect(validatePassword('1234!@#$')).toBeNull();
    expect(validatePassword('abcd!@#$')).toBeNull();
  });

  it('password has no Chinese characters or spaces', () => {
    expect(validatePassword('abcd 1234')).toBe('validation.passwordChars');
    expect(validatePassword('密码abcd1234')).toBe('validation.passwordChars');
    expect(passwordChecks('ab 12')).toEqual({ length: false, kinds: true, chars: false });
  });

  it('changing the password asks for the current one, a new one of spec §5, different, typed twice alike', () => {
    const change = (current: string, next: string, confirm = next) =>
      validatePasswordChange({ current, next, confirm });
    expect(change('Secret123', 'N3w-Passw0rd!')).toEqual({});
    expect(change('', 'N3w-Passw0rd!')).toEqual({ old_password: 'validation.currentPasswordRequired' });
    expect(change('Secret123', '')).toEqual({ password: 'validation.passwordRequired' });
    expect(change('Secret123', 'short1')).toEqual({ password: 'validation.passwordLength' });
    expect(change('Secret123', '新密码abc123')).toEqual({ password: 'validation.passwordChars' });
    expect(change('Secret123', 'Secret123')).toEqual({ password: 'validation.passwordUnchanged' });
    expect(change('Secret123', 'N3w-Passw0rd!', 'N3w-Passw0rd')).toEqual({
      confirm: 'validation.passwordMismatch',
    });
    // Only the first thing to fix about the new password: a mismatch waits for a valid one.
    expect(change('', 'abc', 'abd')).toEqual({
      old_password: 'validation.currentPasswordRequired',
      password: 'validation.passwordLength',
    });
  });

  it('terms must be agreed', () => {
    expect(validateTerms(false)).toBe('validation.termsRequired');
    expect(validateTerms(true)).toBeNull();
  });

  it('invitation prefix: required, exactly 4, letters and digits', () => {
    expect(validateInvitationPrefix('')).toBe('validation.prefixRequired');
    expect(validateInvitationPrefix('AB1')).toBe('validation.prefixLength');
    expect(validateInvitationPrefix('AB123')).toBe('validation.prefixLength');
    expect(validateInvitationPrefix('AB-1')).toBe('validation.prefixChars');
    expect(validateInvitationPrefix('蜜豆AB')).toBe('validation.prefixChars');
    expect(validateInvitationPrefix('Ab12')).toBeNull();
  });

  it('invitation quantity: required, a number, 1 to 5', () => {
    expect(validateInvitationQuantity('')).toBe('validation.quantityRequired');
    expect(validateInvitationQuantity('two')).toBe('validation.quantityNumber');
    expect(validateInvitationQuantity('1.5')).toBe('validation.quantityNumber');
    expect(validateInvitationQuantity(0)).toBe('validation.quantityRange');
    expect(validateInvitationQuantity('6')).toBe('validation.quantityRange');
    expect(validateInvitationQuantity('1')).toBeNull();
    expect(validateInvitationQuantity(5)).toBeNull();
  });

  it('authorization code cannot be empty', () => {
    expect(validateAuthCode('   ')).toBe('validation.authCodeRequired');
    expect(zh('validation.authCodeRequired')).toBe('授权码不能为空');
    expect(validateAuthCode('HONEY-1234')).toBeNull();
    expect(validateAuthCode('x'.repeat(65))).toBe('validation.authCodeInvalid');
    expect(zh('validation.authCodeInvalid')).toBe('授权码无效');
  });

  it('the emailed code is the 6 digits of the email', () => {
    expect(validateEmailCode(' 123456 ')).toBeNull();
    expect(validateEmailCode('12345')).toBe('auth.codeFormat');
    expect(validateEmailCode('１２３４５６')).toBe('auth.codeFormat');
  });

  it('email refuses what the server refuses: non-ASCII, double or edge dots, underscores in the host', () => {
    for (const email of ['müller@example.de', 'a..b@example.com', '.a@example.com', 'a@b_c.de'])
      expect(validateEmail(email)).toBe('validation.emailInvalid');
    expect(validateEmail('a+b@sub.example.co.uk')).toBeNull();
  });

  it('recipient email format is checked', () => {
    expect(validateRecipients([])).toEqual({ key: 'validation.recipientRequired' });
    expect(validateRecipients(['ok@example.com', 'bad@'])).toEqual({
      key: 'validation.recipientInvalid',
      email: 'bad@',
    });
    expect(en('validation.recipientInvalid', { email: 'bad@' })).toBe('Invalid recipient email: bad@');
    expect(validateRecipients(['a@example.com', 'b@example.de'])).toEqual({ key: null });
  });
});

describe('timing helpers (spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clicks within 300 ms collapse into one action, run 300 ms after the last', () => {
    const fn = vi.fn();
    const click = debounceAction(fn);
    click(1);
    vi.advanceTimersByTime(200);
    click(2);
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenLastCalledWith(2);
    click(3);
    vi.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('resize is throttled to 50 ms and keeps the last value', () => {
    const fn = vi.fn();
    const resize = throttle(fn);
    resize(1);
    resize(2);
    resize(3);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50);
    expect(fn).toHaveBeenLastCalledWith(3);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('a toast hides itself after 1500 ms by default; a loading toast stays until hidden', () => {
    $toasts.set([]);
    showToast('done');
    const loading = showToast('加载中…', { kind: 'loading' });
    vi.advanceTimersByTime(1499);
    expect($toasts.get().map((toast) => toast.message)).toEqual(['done', '加载中…']);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((toast) => toast.message)).toEqual(['加载中…']);
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(1);
    hideToast(loading);
    expect($toasts.get()).toEqual([]);
  });
});

describe('clipboard (spec §5)', () => {
  const messages = () => $toasts.get().map((toast) => toast.message);
  beforeEach(() => $toasts.set([]));

  it('refuses empty text after trimming', async () => {
    expect(await copyText('  \n', zh, { writeText: vi.fn() })).toBe(false);
    expect(await copyText('', en, { writeText: vi.fn() })).toBe(false);
    expect(messages()).toEqual(['复制的内容不能为空！', 'There is nothing to copy!']);
  });

  it('says 复制成功！ / Copied! on success', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await copyText('buyer@example.de', zh, { writeText })).toBe(true);
    expect(await copyText('buyer@example.de', en, { writeText })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('buyer@example.de');
    expect(messages()).toEqual(['复制成功！', 'Copied!']);
  });

  it('says 复制失败 with the reason when there is one', async () => {
    await copyText('x', zh, { writeText: vi.fn().mockRejectedValue(new Error('权限被拒绝')) });
    await copyText('x', zh, { writeText: vi.fn().mockRejectedValue(new Error('')) });
    await copyText('x', en, { writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    await copyText('x', en, undefined);
    expect(messages()).toEqual(['复制失败：权限被拒绝', '复制失败', 'Copy failed: denied', 'Copy failed']);
  });
});

describe('subscription (spec §3, §4)', () => {
  const at = '2026-12-01T08:30:00Z';
  it('status 0 shows no plan', () => {
    expect(subscriptionView({ subscription_status: 0, service_expiration_time: null })).toEqual({
      kind: 'none',
    });
  });
  it('status 1 or 3 renews with the date and can unsubscribe', () => {
    for (const status of [1, 3]) {
      expect(subscriptionView({ subscription_status: status, service_expiration_time: at })).toEqual({
        kind: 'renews',
        date: at,
        canUnsubscribe: true,
      });
    }
    expect(en('subscription.renews', { date: '2026-12-01 16:30' })).toBe('Renews 2026-12-01 16:30');
  });
  it('other statuses expire with the date', () => {
    expect(subscriptionView({ subscription_status: 2, service_expiration_time: at }).kind).toBe('expires');
    expect(subscriptionView({ subscription_status: 4, service_expiration_time: at }).kind).toBe('expires');
  });
  it('pay_cycle 2 is yearly, anything else monthly', () => {
    expect(billingCycle(2)).toBe('year');
    expect(billingCycle(1)).toBe('month');
    expect(billingCycle(undefined)).toBe('month');
  });
  it('goods_price in cents is shown as US$ price/100', () => {
    expect(goodsPriceLabel(6990)).toBe('US$69.90');
    expect(goodsPriceLabel(69990)).toBe('US$699.90');
    expect(goodsPriceLabel(undefined)).toBe('--');
  });
  it('dates are YYYY-MM-DD HH:mm in local time, -- when invalid', () => {
    expect(formatDateTime(at)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(formatDateTime('not a date')).toBe('--');
    expect(formatDateTime(null)).toBe('--');
  });
});

describe('payment return (spec §2)', () => {
  it('type=plan&action=paySuccess shows success and drops action', () => {
    expect(paymentReturn('https://x.test/en/pages/chat/chat?type=plan&action=paySuccess&q=1')).toEqual({
      paid: true,
      url: '/en/pages/chat/chat?type=plan&q=1',
    });
  });
  it('anything else is left alone', () => {
    expect(paymentReturn('https://x.test/pages/chat/chat?action=paySuccess')).toEqual({
      paid: false,
      url: '/pages/chat/chat?action=paySuccess',
    });
  });
  it('the success_url returns to the page with the markers', () => {
    expect(paymentSuccessUrl('https://x.test/en/pages/leads/leads')).toBe(
      'https://x.test/en/pages/leads/leads?type=plan&action=paySuccess',
    );
  });
});

describe('plans (spec §3, §6, §9)', () => {
  const yearly = PLAN_ITEMS.find((item) => item.id === 23)!;
  const monthly = PLAN_ITEMS.find((item) => item.id === 13)!;
  it('the saving badge is origin minus price in the locale currency', () => {
    expect(savingAmount(yearly, 'zh')).toBe('¥989');
    expect(savingAmount(yearly, 'en')).toBe('$139');
    expect(zh('plan.save', { amount: '¥989' })).toBe('省¥989');
    expect(savingAmount(monthly, 'en')).toBeNull();
  });
  it('selects plan 13 by default', () => {
    expect($selectedPlanId.get()).toBe(13);
  });
  it('offers bundles to monthly subscribers only', () => {
    const monthlyUser = { subscription_status: 1, pay_cycle: 1 };
    expect(canBuyBundles(monthlyUser)).toBe(true);
    expect(canBuyBundles({ subscription_status: 1, pay_cycle: 2 })).toBe(false);
    expect(canBuyBundles({ subscription_status: 0, pay_cycle: 1 })).toBe(false);
    expect(canBuyBundles(null)).toBe(false);
    expect(offeredItems(monthlyUser).map((item) => item.id)).toEqual([13, 23, 1, 3]);
    expect(offeredItems(null).map((item) => item.id)).toEqual([13, 23]);
  });
});

describe('identity (spec §3)', () => {
  it('the deviceId is a stable SHA-256 hex hash of browser facts', async () => {
    const source = {
      userAgent: 'UA',
      language: 'zh-CN',
      platform: 'Linux',
      hardwareConcurrency: 2,
      screen: '1x1',
      timeZone: 'Asia/Shanghai',
    };
    const a = await fingerprintHash(source);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await fingerprintHash({ ...source })).toBe(a);
    expect(await fingerprintHash({ ...source, language: 'en' })).not.toBe(a);
  });
  it('the client id is the timestamp followed by a random number', () => {
    expect(makeClientId(1700000000000, 0.123456)).toBe('1700000000000123456');
    expect(makeClientId()).toMatch(/^\d{13}\d{6}$/);
  });
});
