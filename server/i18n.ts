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
  passwordCommon: {
    zh: '该密码过于常见，请换一个更难猜的密码',
    en: 'This password is too common. Choose one that is harder to guess.',
  },
  prefixInvalid: { zh: '前缀必须是 4 个字母或数字', en: 'The prefix must be exactly 4 letters or digits.' },
  quantityInvalid: { zh: '数量必须在 1 到 5 之间', en: 'The quantity must be from 1 to 5.' },
  codeRequired: { zh: '授权码不能为空', en: 'The authorization code cannot be empty.' },
  tokenInvalid: { zh: '登录已失效，请重新登录', en: 'Your session has expired. Please log in again.' },
  badCredentials: { zh: '邮箱或密码不正确', en: 'The email or password is incorrect.' },
  emailNotVerified: { zh: '邮箱尚未验证，请先完成验证', en: 'Please verify your email first.' },
  codeInvalid: { zh: '验证码不正确或已过期', en: 'The code is incorrect or has expired.' },
  passwordRequired: { zh: '请设置密码以完成验证', en: 'Choose a password to finish verifying' },
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
  paymentsUnavailable: {
    zh: '本站尚未开通在线支付，暂时无法购买套餐或蜜豆包。',
    en: 'Payments are not available on this site yet: plans and bundles cannot be bought for now.',
  },
  translateNeedsLlm: {
    zh: '本站未开启翻译功能（管理员需配置大模型：LLM_BASE_URL、LLM_API_KEY、LLM_MODEL）。原文已保留。',
    en: 'Translation is not switched on for this site (an administrator sets LLM_BASE_URL, LLM_API_KEY and LLM_MODEL). Your text is unchanged.',
  },
  translateFailed: {
    zh: '翻译服务暂时没有响应，请稍后再试',
    en: 'The translation service did not answer. Please try again later.',
  },
  searchQuota: {
    zh: '今天的 {count} 次免费搜索已用完，UTC 0 点重置；升级套餐可继续使用',
    en: 'You have used today’s {count} free searches. They reset at 00:00 UTC; a plan lets you keep going.',
  },
  notUnlocked: { zh: '请先解锁这条线索', en: 'Unlock this lead first.' },
  recipientNotRevealed: {
    zh: '只能发送到你已解锁线索中显示的邮箱',
    en: 'You can only email an address shown on a lead you unlocked.',
  },
  recipientInvalid: {
    zh: '该邮箱已验证为无效，不能发送',
    en: 'This address was verified as invalid, so it cannot be emailed.',
  },
  recipientSuppressed: {
    zh: '对方已退订，不能再向该邮箱发送',
    en: 'This recipient has unsubscribed and cannot be emailed again.',
  },
  dailySendCap: {
    zh: '今天已发送 {cap} 封邮件，达到每日上限（UTC 0 点重置）',
    en: 'You have sent today’s {cap} emails, the daily limit. It resets at 00:00 UTC.',
  },
  recipientDailyCap: {
    zh: '今天已向该邮箱发送 {cap} 封邮件，达到单个收件人的每日上限（UTC 0 点重置）',
    en: 'You have already emailed this address {cap} times today, the most per recipient. Try again after 00:00 UTC.',
  },
  chatLimit: {
    zh: '对话数量已达上限（{max} 个），请删除旧对话后再开始新的对话',
    en: 'You have {max} conversations, the most an account can keep. Delete old ones to start a new one.',
  },
  subjectInvalid: {
    zh: '主题需为 1-{max} 个字符，且不能换行',
    en: 'The subject must be 1 to {max} characters on a single line.',
  },
  bodyInvalid: { zh: '正文需为 1-{max} 个字符', en: 'The message must be 1 to {max} characters.' },
  requestIdReused: {
    zh: '这个 request_id 已用于另一封邮件',
    en: 'This request_id was already used for a different email.',
  },
  redirectInvalid: { zh: '返回地址必须是本站页面', en: 'The return address must be a page on this site.' },
  // Company files (server/files).
  fileMissing: { zh: '请选择一个文件上传', en: 'Choose a file to upload.' },
  fileTooMany: { zh: '一次只能上传一个文件', en: 'Upload one file at a time.' },
  fileEmpty: { zh: '文件是空的', en: 'The file is empty.' },
  fileNameInvalid: {
    zh: '文件名无效：不能包含路径、“..”或控制字符，且不超过 {max} 个字符',
    en: 'Invalid file name: no paths, “..” or control characters, and at most {max} characters.',
  },
  fileTooLarge: { zh: '文件不能超过 {mb} MB', en: 'Files can be at most {mb} MB.' },
  fileTypeUnsupported: {
    zh: '仅支持 PDF、DOCX、TXT、PNG 和 JPG 文件',
    en: 'Only PDF, DOCX, TXT, PNG and JPG files are supported.',
  },
  fileTypeMismatch: {
    zh: '文件扩展名与文件内容不符',
    en: 'The file name’s extension does not match what the file contains.',
  },
  fileDamaged: { zh: '文件已损坏或无法读取', en: 'The file is damaged or cannot be read.' },
  docxUnsafe: {
    zh: '该文档解压后过大或结构异常，已拒绝',
    en: 'This document expands to too much data or has too many parts, so it was refused.',
  },
  fileDuplicate: {
    zh: '已有同名文件，请先删除或改名',
    en: 'A file with this name already exists. Delete or rename it first.',
  },
  fileLimit: { zh: '每个客户最多保存 {count} 个文件', en: 'Each client can hold at most {count} files.' },
  fileTooComplex: {
    zh: '文件过大或过于复杂，无法读取（PDF 最多 {pages} 页），未保存',
    en: 'This file is too large or too complex to read (PDFs: at most {pages} pages), so it was not stored.',
  },
  fileQuota: {
    zh: '您的文件总共最多占用 {mb} MB，请先删除一些文件',
    en: 'Your files can take at most {mb} MB in all. Delete some files first.',
  },
  uploadsBusy: {
    zh: '正在读取的文件较多，请稍后再上传',
    en: 'Many files are being read right now. Please upload again in a minute.',
  },
  fileLinkInvalid: { zh: '下载链接无效或已过期', en: 'The download link is invalid or has expired.' },
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
