/** Server messages in both languages (the server never imports src/, so it keeps its own). */
const messages = {
  ok: { zh: '成功', en: 'OK' },
  badRequest: { zh: '请求格式不正确', en: 'The request is malformed.' },
  invalidField: { zh: '参数 {field} 不正确', en: 'Invalid {field}.' },
  emailInvalid: { zh: '请输入有效的邮箱地址', en: 'Please enter a valid email address.' },
  passwordRules: {
    zh: '密码需为 8-14 个字符，包含字母、数字、符号中的至少两种，且不能有中文或空格',
    en: 'Use 8 to 14 characters with at least two of letters, digits and symbols, and no Chinese characters or spaces.',
  },
  invitationInvalid: { zh: '邀请码无效或已被使用', en: 'The invitation code is invalid or already used.' },
  prefixInvalid: { zh: '前缀必须是 4 个字母或数字', en: 'The prefix must be exactly 4 letters or digits.' },
  quantityInvalid: { zh: '数量必须在 1 到 5 之间', en: 'The quantity must be from 1 to 5.' },
  codeRequired: { zh: '授权码不能为空', en: 'The authorization code cannot be empty.' },
  tokenInvalid: { zh: '登录已失效，请重新登录', en: 'Your session has expired. Please log in again.' },
  badCredentials: { zh: '邮箱或密码不正确', en: 'The email or password is incorrect.' },
  emailNotVerified: { zh: '邮箱尚未验证，请先完成验证', en: 'Please verify your email first.' },
  codeInvalid: { zh: '验证码不正确或已过期', en: 'The code is incorrect or has expired.' },
  insufficientBeans: { zh: '蜜豆不足', en: 'Not enough unlocks left' },
  planUnlockLimit: {
    zh: '套餐解锁次数已用完，请联系销售',
    en: 'Plan unlock limit reached. Subscribe to get more unlocks.',
  },
  forbidden: { zh: '没有权限', en: 'You do not have permission to do this.' },
  agentOnly: { zh: '仅代理商可以生成邀请码', en: 'Only agents can generate invitation codes.' },
  bundleMonthlyOnly: {
    zh: '加购包仅面向月度订阅用户',
    en: 'Extra unlock bundles are for monthly subscribers only.',
  },
  notFound: { zh: '请求的内容不存在', en: 'The requested content does not exist.' },
  redeemCodeUsed: { zh: '兑换码无效或已被使用', en: 'This code is invalid or has already been used.' },
  noSubscription: { zh: '当前没有可取消的订阅', en: 'There is no active subscription to cancel.' },
  rateLimited: {
    zh: '操作太频繁，请 {seconds} 秒后再试',
    en: 'Too many attempts. Try again in {seconds} seconds.',
  },
  payloadTooLarge: { zh: '请求内容过大', en: 'The request is too large.' },
  internal: { zh: '服务器繁忙，请稍后再试', en: 'The server is busy. Please try again later.' },
  featureDisabled: { zh: '该功能尚未开通', en: 'This feature is not available.' },
  searchQuota: {
    zh: '今天的 {count} 次免费搜索已用完，UTC 0 点重置；升级套餐可继续使用',
    en: 'You have used today’s {count} free searches. They reset at 00:00 UTC; a plan lets you keep going.',
  },
  notUnlocked: { zh: '请先解锁这条线索', en: 'Unlock this lead first.' },
  redirectInvalid: { zh: '返回地址必须是本站页面', en: 'The return address must be a page on this site.' },
} as const;

export type MessageKey = keyof typeof messages;
export type Lang = 'zh' | 'en';

/** A message in `lang` with `{name}` parameters filled. */
export function message(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The caller's language from Accept-Language: en when it prefers English, else zh (the default). */
export function languageFromHeader(header: string | undefined): Lang {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
