import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Locale } from '../contract/routes.ts';
import { syncHtml } from './html.ts';
import { callerTimeZone, utcMidnightIn } from './platform/timeZone.ts';

/*
 * Every text the server says, in both languages (the server never imports src/, so it keeps its own
 * catalogue). Chinese is the reference shape; English must have every key, or the type check fails.
 */
const zh = {
  ok: '成功',
  badRequest: '请求格式不正确',
  invalidField: '参数 {field} 不正确',
  emailInvalid: '请输入有效的邮箱地址',
  passwordRules: '密码需为 8-14 个字符，包含字母、数字、符号中的至少两种，且不能有中文或空格',
  invitationInvalid: '邀请码无效或已被使用',
  passwordCommon: '该密码过于常见，请换一个更难猜的密码',
  prefixInvalid: '前缀必须是 4 个字母或数字',
  quantityInvalid: '数量必须在 1 到 5 之间',
  codeRequired: '授权码不能为空',
  currentPasswordRequired: '请输入当前密码',
  currentPasswordWrong: '当前密码不正确',
  passwordUnchanged: '新密码不能与当前密码相同',
  tokenInvalid: '登录已失效，请重新登录',
  badCredentials: '邮箱或密码不正确',
  emailNotVerified: '邮箱尚未验证，请先完成验证',
  codeInvalid: '验证码不正确或已过期',
  passwordRequired: '请设置密码以完成验证',
  insufficientBeans: '蜜豆不足',
  planUnlockLimit: '套餐解锁次数已用完，请联系销售',
  forbidden: '没有权限',
  agentOnly: '仅代理商可以生成邀请码',
  bundleMonthlyOnly: '加购包仅面向月度订阅用户',
  notFound: '请求的内容不存在',
  redeemCodeUsed: '兑换码无效或已被使用',
  noSubscription: '当前没有可取消的订阅',
  rateLimited: '操作太频繁，请 {seconds} 秒后再试',
  payloadTooLarge: '请求内容过大',
  internal: '服务器繁忙，请稍后再试',
  busy: '服务器正忙，请几秒后再试',
  featureDisabled: '该功能尚未开通',
  paymentsUnavailable: '本站尚未开通在线支付，暂时无法购买套餐或蜜豆包。',
  translateNeedsLlm: '本站未开启翻译功能，原文已保留。',
  translateFailed: '翻译服务暂时没有响应，请稍后再试',
  searchQuota: '今天的 {count} 次免费搜索已用完，{reset}重置；升级套餐可继续使用',
  searchFairUse: '今天的搜索已达到合理使用上限（{count} 次），{reset}重置',
  // The search's understanding and answer (server/search/describe.ts).
  searchLooking: '正在查找：{where}的{products}{role}{conditions}',
  searchAnywhere: '全球',
  searchBuyers: '买家',
  searchSuppliers: '供应商',
  searchListSeparator: '、',
  searchKindsOr: '或',
  searchKindsOnly: '只要{kinds}',
  searchGoodsUnderCode: 'HS {codes} 项下商品',
  searchConditionsWrap: '（{list}）',
  condPhone: '有电话',
  condEmail: '有有效邮箱',
  condEmployeesMin: '{min} 人及以上',
  condEmployeesMax: '{max} 人及以下',
  condEmployeesRange: '{min}–{max} 人',
  type_importer: '进口商',
  type_distributor: '经销商',
  type_wholesaler: '批发商',
  type_retailer: '零售商',
  type_brand: '品牌商',
  type_contractor: '工程承包商',
  type_manufacturer: '制造商',
  searchAskProduct: '请说出要找的产品，例如“帮我找德国的LED面板买家”。',
  searchFoundOne: '找到 {count} 家符合全部条件的公司',
  searchFoundMany: '找到 {count} 家符合全部条件的公司',
  searchFoundMore: '又找到 {count} 家符合全部条件的公司（已跳过本对话中显示过的）',
  searchFoundKinds:
    '找到 {count} 家公司：{fit} 家是{kinds}，排在前面；另外 {rest} 家是转售该产品的{others}，不是所要的类型。说“只要{kinds}”可以排除它们',
  searchFoundNoKind:
    '找到的公司里没有{kinds}：这里的 {count} 家是转售该产品的{others}，不是所要的类型。说“只要{kinds}”可以排除它们',
  searchByCountry: '：{list}',
  searchCountryCount: '{country} {count} 家',
  searchOtherCountries: '其余 {count} 个国家 0 家',
  searchNone: '没有找到同时符合产品、国家、角色和全部条件的公司。可以去掉一个条件或国家再试。',
  searchNoMore: '本对话中已经显示了全部符合条件的公司，没有更多了。',
  searchNoData: '我们的数据里还没有经营 {products} 的公司。',
  searchBroader:
    '我们的数据里还没有经营 {products} 的公司。下面改为列出 {count} 家经营更宽品类“{broader}”的公司，它们不算符合你的要求。',
  searchCorrected: '已将“{written}”理解为“{read}”。',
  searchUnknownWords: '未能理解并已忽略：{words}。',
  searchAssumedBuyers: '句子没有说明买家还是供应商，已按买家查找。',
  searchMoreAvailable: '还有更多结果，可以点“显示更多”。',
  searchNotCounted: '本次没有找到结果，不计入今日搜索次数。',
  searchesLeftLine: '今日还可免费搜索 {left} 次（{reset}重置）。',
  searchMoreTurn: '显示更多',
  searchEditedTurn: '修改条件：{text}',
  searchesLeftLineOne: '今日还可免费搜索 1 次（{reset}重置）。',
  ledgerRenewal: '{plan}续费',
  ledgerDemo: '演示账户',
  notUnlocked: '请先解锁这条线索',
  recipientNotRevealed: '只能发送到你已解锁线索中显示的邮箱',
  recipientInvalid: '该邮箱已验证为无效，不能发送',
  recipientSuppressed: '对方已退订，不能再向该邮箱发送',
  dailySendCap: '今天已发送 {cap} 封邮件，达到每日上限（{reset}重置）',
  recipientDailyCap: '今天已向该邮箱发送 {cap} 封邮件，达到单个收件人的每日上限（{reset}重置）',
  // When the daily counts reset ({reset} above; resetPhrase).
  resetUtc: 'UTC 0 点',
  resetLocal: '当地时间 {time} ',
  resetLocalHour: '当地时间 {hour} 点',
  chatLimit: '对话数量已达上限（{max} 个），请删除旧对话后再开始新的对话',
  subjectInvalid: '主题需为 1-{max} 个字符，写在一行内，不能含控制字符',
  bodyInvalid: '正文需为 1-{max} 个字符',
  requestIdReused: '这个 request_id 已用于另一封邮件',
  redirectInvalid: '返回地址必须是本站页面',
  // Company files (server/files).
  fileMissing: '请选择一个文件上传',
  fileTooMany: '一次只能上传一个文件',
  fileEmpty: '文件是空的',
  fileNameInvalid: '文件名无效：不能包含路径、“..”或控制字符，且不超过 {max} 个字符',
  fileTooLarge: '文件不能超过 {mb} MB',
  fileTypeUnsupported: '仅支持 PDF、DOCX、XLSX、TXT、PNG 和 JPG 文件',
  fileTypeMismatch: '文件扩展名与文件内容不符',
  fileDamaged: '文件已损坏或无法读取',
  docxUnsafe: '该文档解压后过大或结构异常，已拒绝',
  fileDuplicate: '已有同名文件，请先删除或改名',
  fileLimit: '你的账户最多保存 {count} 个文件，请先删除一个',
  fileTooComplex: '文件过大或过于复杂，无法读取（PDF 最多 {pages} 页），未保存',
  fileQuota: '您的文件总共最多占用 {mb} MB，请先删除一些文件',
  uploadsBusy: '正在读取的文件较多，请稍后再上传',
  fileLinkInvalid: '下载链接无效或已过期',
  // Account emails (server/accounts/service.ts).
  mailVerifySubject: '蜜探验证码：{code}',
  mailResetSubject: '蜜探重置密码验证码：{code}',
  mailSignedUpAgain:
    '此邮箱收到了不止一次注册。验证码只会在完成那次注册的浏览器里启用当时设置的密码；在其他地方使用时，会请你设置自己的密码。\n\n',
  mailCodeText:
    '你的验证码是 {code}，{minutes} 分钟内有效，只能使用一次。\n\n也可以直接打开：{link}\n\n如果这不是你本人的操作，请忽略本邮件。',
  mailPasswordChangedSubject: '你的蜜探密码已修改',
  mailPasswordChangedText:
    '你的蜜探账户（{email}）的密码刚刚在账户设置中被修改，其他设备上的登录已全部退出。\n\n如果这不是你本人的操作，请立即在 {link} 重置密码。',
  mailAlreadyRegisteredSubject: '你已经注册过蜜探',
  mailAlreadyRegisteredText: '有人尝试用此邮箱注册。如果是你本人，请直接登录，或在 {link} 重置密码。',
  // Outreach emails (server/outreach): the footer and what a failed send says.
  outreachFooter: '\n\n-- \n如不希望再收到此类邮件，请点击退订：{link}',
  sendSuppressed: '收件人已退订，邮件未发送',
  sendInterrupted: '发送过程中断，邮件可能已经发出；为避免重复，没有自动重发',
  sendRejected: '收件服务器拒收',
  sendTemporary: '暂时无法投递，将自动重试',
  sendGaveUp: '多次重试后仍未送达',
  sendErrorDetail: '{error}：{detail}',
  sendBounced: '邮件被退回（地址不存在或拒收），该地址已加入禁发名单',
  stoppedReplied: '对方已回复，这封跟进不再发送',
  stoppedBounced: '地址退信，这封跟进不再发送',
  stoppedUnsubscribed: '对方已退订，这封跟进不再发送',
  stoppedFailed: '之前的邮件没有送达，这封跟进不再发送',
  replyForwardSubject: '{from} 回复了你的开发信：{subject}',
  replyForwardText:
    '{from} 回复了你通过蜜探发送的开发信，该收件人的后续跟进已停止。直接回复本邮件即可回信给对方。',
  followUpsInvalid:
    '跟进邮件最多 2 封，需在第一封之后 1-60 天内发出，后一封晚于前一封；主题和正文的要求与第一封相同',
  // The unsubscribe pages (server/outreach/unsubscribe.ts), shown in both languages at once.
  unsubscribeTitle: '退订邮件',
  unsubscribeConfirm: '确认后，{email} 将不再收到通过蜜探发送的开发信。',
  unsubscribeButton: '确认退订',
  unsubscribedTitle: '已退订',
  unsubscribedHeading: '已退订',
  unsubscribedText: '{email} 已退订，不会再收到通过蜜探发送的开发信。',
  unsubscribeInvalidTitle: '链接无效',
  unsubscribeInvalidHeading: '链接无效',
  unsubscribeInvalidText:
    '退订链接不完整或已被修改，没有做任何更改。请使用邮件中的原始链接，或直接回复邮件要求对方停止发送。',
  // The built-in test checkout (server/billing/testCheckout.ts).
  checkoutTitle: '测试收银台',
  checkoutNotice: '本站尚未接入在线支付，此页面是内置的测试收银台：无需银行卡，不会真实扣款。',
  checkoutPaid: '已支付。',
  checkoutPay: '支付（测试）',
  // The seller profile (server/profile).
  profileText: '这一项不能超过 {max} 个字，也不能换行',
  profileProducts: '请从产品列表中选择产品，最多 {max} 个',
  profileChoice: '请从列出的选项中选择',
  profileMoq: '起订量需是 1 到 100000000 之间的整数，并选择单位',
  profileWebsite: '网址格式不正确，例如 www.example.com',
  profilePhone: '电话号码只能包含数字、空格、括号、横线，可以用 + 开头',
  profileWechat: '微信号需为 6-20 位字母、数字、下划线或横线，以字母开头；也可以填手机号',
  // The saved and unlocked lists' pipeline (issue 16.3).
  stageInvalid: '请选择有效的阶段',
  tagInvalid: '标签需为 1–24 个字符',
  tooManyTags: '每条线索最多 {max} 个标签',
} as const;

export type MessageKey = keyof typeof zh;
/** Every key of the catalogue (tests read every text the server can say). */
export const MESSAGE_KEYS = Object.keys(zh) as MessageKey[];

const en: Record<MessageKey, string> = {
  ok: 'OK',
  badRequest: 'The request is malformed.',
  invalidField: 'Invalid {field}.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRules:
    'Use 8 to 14 characters with at least two of letters, digits and symbols, and no Chinese characters or spaces.',
  invitationInvalid: 'The invitation code is invalid or already used.',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  prefixInvalid: 'The prefix must be exactly 4 letters or digits.',
  quantityInvalid: 'The quantity must be from 1 to 5.',
  codeRequired: 'The authorization code cannot be empty.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'The current password is incorrect.',
  passwordUnchanged: 'The new password must be different from the current one.',
  tokenInvalid: 'Your session has expired. Please log in again.',
  badCredentials: 'The email or password is incorrect.',
  emailNotVerified: 'Please verify your email first.',
  codeInvalid: 'The code is incorrect or has expired.',
  passwordRequired: 'Choose a password to finish verifying',
  insufficientBeans: 'Not enough unlocks left',
  planUnlockLimit: 'Plan unlock limit reached. Subscribe to get more unlocks.',
  forbidden: 'You do not have permission to do this.',
  agentOnly: 'Only agents can generate invitation codes.',
  bundleMonthlyOnly: 'Extra unlock bundles are for monthly subscribers only.',
  notFound: 'The requested content does not exist.',
  redeemCodeUsed: 'This code is invalid or has already been used.',
  noSubscription: 'There is no active subscription to cancel.',
  rateLimited: 'Too many attempts. Try again in {seconds} seconds.',
  payloadTooLarge: 'The request is too large.',
  internal: 'The server is busy. Please try again later.',
  busy: 'The server is busy right now. Please try again in a few seconds.',
  featureDisabled: 'This feature is not available.',
  paymentsUnavailable:
    'Payments are not available on this site yet: plans and bundles cannot be bought for now.',
  translateNeedsLlm: 'Translation is not switched on for this site. Your text is unchanged.',
  translateFailed: 'The translation service did not answer. Please try again later.',
  searchQuota: 'You have used today’s {count} free searches. They reset {reset}; a plan lets you keep going.',
  searchFairUse: 'You have reached today’s fair-use limit of {count} searches. It resets {reset}.',
  searchLooking: 'Looking for {role} of {products} in {where}{conditions}',
  searchAnywhere: 'any country',
  searchBuyers: 'buyers',
  searchSuppliers: 'suppliers',
  searchListSeparator: ', ',
  searchKindsOr: ' or ',
  searchKindsOnly: 'only {kinds}',
  searchGoodsUnderCode: 'goods under HS {codes}',
  searchConditionsWrap: ' ({list})',
  condPhone: 'with a phone number',
  condEmail: 'with a valid email',
  condEmployeesMin: '{min}+ employees',
  condEmployeesMax: 'up to {max} employees',
  condEmployeesRange: '{min}–{max} employees',
  type_importer: 'importers',
  type_distributor: 'distributors',
  type_wholesaler: 'wholesalers',
  type_retailer: 'retailers',
  type_brand: 'brand owners',
  type_contractor: 'contractors',
  type_manufacturer: 'manufacturers',
  searchAskProduct: 'Tell me the product, e.g. “find LED panel buyers in Germany”.',
  searchFoundOne: 'Found {count} company that matches everything asked',
  searchFoundMany: 'Found {count} companies that match everything asked',
  searchFoundMore: 'Found {count} more matching companies (leaving out those already shown here)',
  searchFoundKinds:
    'Found {count} companies: {fit} are {kinds} and come first; the other {rest} resell it as {others}, not the kind asked. Say “only {kinds}” to leave those out',
  searchFoundNoKind:
    'None of the companies found are {kinds}: these {count} resell it as {others}, not the kind asked. Say “only {kinds}” to leave those out',
  searchByCountry: ': {list}',
  searchCountryCount: '{country} {count}',
  searchOtherCountries: '0 in the {count} other countries',
  searchNone:
    'No company matches the product, country, role and every condition together. Try dropping a condition or a country.',
  searchNoMore: 'Every matching company has been shown in this conversation; there are no more.',
  searchNoData: 'Our data has no companies carrying {products} yet.',
  searchBroader:
    'Our data has no companies carrying {products} yet. Shown instead: {count} carrying the broader “{broader}”, which are not a match for what was asked.',
  searchCorrected: 'Read “{written}” as “{read}”.',
  searchUnknownWords: 'Not understood and left out: {words}.',
  searchAssumedBuyers: 'The sentence did not say buyers or suppliers, so this looks for buyers.',
  searchMoreAvailable: 'There are more: choose “Show more”.',
  searchNotCounted: 'Nothing was found, so this search did not count.',
  searchesLeftLine: '{left} free searches left today (resets {reset}).',
  searchesLeftLineOne: '1 free search left today (resets {reset}).',
  searchMoreTurn: 'Show more',
  searchEditedTurn: 'Changed the search: {text}',
  ledgerRenewal: '{plan} renewal',
  ledgerDemo: 'demo account',
  notUnlocked: 'Unlock this lead first.',
  recipientNotRevealed: 'You can only email an address shown on a lead you unlocked.',
  recipientInvalid: 'This address was verified as invalid, so it cannot be emailed.',
  recipientSuppressed: 'This recipient has unsubscribed and cannot be emailed again.',
  dailySendCap: 'You have sent today’s {cap} emails, the daily limit. It resets {reset}.',
  recipientDailyCap:
    'You have already emailed this address {cap} times today, the most per recipient. It resets {reset}.',
  resetUtc: 'at 00:00 UTC',
  resetLocal: 'at {time} your time',
  resetLocalHour: 'at {time} your time',
  chatLimit:
    'You have {max} conversations, the most an account can keep. Delete old ones to start a new one.',
  subjectInvalid: 'The subject must be 1 to {max} characters on a single line, without control characters.',
  bodyInvalid: 'The message must be 1 to {max} characters.',
  requestIdReused: 'This request_id was already used for a different email.',
  redirectInvalid: 'The return address must be a page on this site.',
  // Company files (server/files).
  fileMissing: 'Choose a file to upload.',
  fileTooMany: 'Upload one file at a time.',
  fileEmpty: 'The file is empty.',
  fileNameInvalid: 'Invalid file name: no paths, “..” or control characters, and at most {max} characters.',
  fileTooLarge: 'Files can be at most {mb} MB.',
  fileTypeUnsupported: 'Only PDF, DOCX, XLSX, TXT, PNG and JPG files are supported.',
  fileTypeMismatch: 'The file name’s extension does not match what the file contains.',
  fileDamaged: 'The file is damaged or cannot be read.',
  docxUnsafe: 'This document expands to too much data or has too many parts, so it was refused.',
  fileDuplicate: 'A file with this name already exists. Delete or rename it first.',
  fileLimit: 'Your account can hold at most {count} files. Delete one first.',
  fileTooComplex:
    'This file is too large or too complex to read (PDFs: at most {pages} pages), so it was not stored.',
  fileQuota: 'Your files can take at most {mb} MB in all. Delete some files first.',
  uploadsBusy: 'Many files are being read right now. Please upload again in a minute.',
  fileLinkInvalid: 'The download link is invalid or has expired.',
  // Account emails (server/accounts/service.ts).
  mailVerifySubject: 'Your HoneyLeads verification code: {code}',
  mailResetSubject: 'Your HoneyLeads password reset code: {code}',
  mailSignedUpAgain:
    'This address was signed up more than once. A code only activates the password chosen in the browser where that sign-up was made: anywhere else you will be asked to choose your own password.\n\n',
  mailCodeText:
    'Your code is {code}. It expires in {minutes} minutes and works once.\n\nOr open: {link}\n\nIf you did not ask for this, ignore this email.',
  mailPasswordChangedSubject: 'Your HoneyLeads password was changed',
  mailPasswordChangedText:
    'The password of your HoneyLeads account ({email}) was just changed in the account settings, and every other device was signed out.\n\nIf this was not you, reset your password now at {link}',
  mailAlreadyRegisteredSubject: 'You already have a HoneyLeads account',
  mailAlreadyRegisteredText:
    'Someone tried to sign up with this address. If it was you, log in or reset your password at {link}',
  // Outreach emails (server/outreach): the footer and what a failed send says.
  outreachFooter: '\n\n-- \nIf you would rather not receive emails like this, unsubscribe here: {link}',
  sendSuppressed: 'The recipient unsubscribed, so the email was not sent.',
  sendInterrupted:
    'Sending was interrupted and the email may have gone out; it was not resent, to avoid a duplicate.',
  sendRejected: 'The mail server refused it',
  sendTemporary: 'Temporary delivery problem; it will be retried',
  sendGaveUp: 'Not delivered after several attempts',
  sendErrorDetail: '{error}: {detail}',
  sendBounced: 'The email bounced (no such address, or refused); the address is on the do-not-mail list now',
  stoppedReplied: 'The recipient replied, so this follow-up will not be sent.',
  stoppedBounced: 'The address bounced, so this follow-up will not be sent.',
  stoppedUnsubscribed: 'The recipient unsubscribed, so this follow-up will not be sent.',
  stoppedFailed: 'An earlier email was not delivered, so this follow-up will not be sent.',
  replyForwardSubject: '{from} replied to your outreach email: {subject}',
  replyForwardText:
    '{from} replied to an outreach email you sent through HoneyLeads; the follow-ups to this recipient have stopped. Reply to this email to answer them directly.',
  followUpsInvalid:
    'At most 2 follow-ups, 1 to 60 days after the first email, each later than the one before; their subject and message follow the first email’s rules.',
  // The unsubscribe pages (server/outreach/unsubscribe.ts), shown in both languages at once.
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeConfirm:
    'Once you confirm, {email} will no longer receive outreach emails sent through HoneyLeads.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribedTitle: 'Unsubscribed',
  unsubscribedHeading: 'You are unsubscribed',
  unsubscribedText:
    '{email} is unsubscribed and will not receive outreach emails sent through HoneyLeads again.',
  unsubscribeInvalidTitle: 'Invalid link',
  unsubscribeInvalidHeading: 'This link is not valid',
  unsubscribeInvalidText:
    'The unsubscribe link is incomplete or was altered, so nothing was changed. Use the link exactly as it appears in the email, or reply to the email and ask the sender to stop.',
  // The built-in test checkout (server/billing/testCheckout.ts).
  checkoutTitle: 'Test checkout',
  checkoutNotice:
    'Online payment is not set up on this site, so this built-in test checkout stands in for it. No card is needed and no money is taken.',
  checkoutPaid: 'Already paid.',
  checkoutPay: 'Pay (test)',
  profileText: 'This can be at most {max} characters, on one line.',
  profileProducts: 'Choose products from the product list, at most {max}.',
  profileChoice: 'Choose from the options listed.',
  profileMoq: 'The minimum order must be a whole number from 1 to 100000000, with a unit.',
  profileWebsite: 'This website address is not valid, e.g. www.example.com.',
  profilePhone: 'A phone number holds digits, spaces, brackets and dashes, optionally starting with +.',
  profileWechat:
    'A WeChat ID is 6-20 letters, digits, underscores or dashes starting with a letter; a phone number works too.',
  stageInvalid: 'Choose a valid stage.',
  tagInvalid: 'A tag must be 1–24 characters.',
  tooManyTags: 'A lead can have at most {max} tags.',
};

const catalogue = { zh, en } satisfies Record<Lang, Record<MessageKey, string>>;

/** The server's languages: the site's locales (contract/routes.ts). */
export type Lang = Locale;

/** A message's pieces with `{name}` parameters filled; an unknown parameter stays as written. */
function pieces<T>(lang: Lang, key: MessageKey, params: Record<string, T>): (T | string)[] {
  // split() with a group puts the text at even indexes and the parameter names at odd ones.
  return catalogue[lang][key].split(/\{(\w+)\}/).map((part, index) => {
    if (index % 2 === 0) return part;
    if (part in params) return params[part]!;
    // Every text naming the daily reset says it on the reader's clock (issue 35).
    return part === 'reset' ? resetPhrase(lang) : `{${part}}`;
  });
}

/**
 * When the day's counts (free searches, emails) reset, said on the caller's clock when the request
 * named a time zone (X-Time-Zone): "当地时间 8 点" / "at 08:00 your time"; else, or where that
 * is midnight UTC anyway, "UTC 0 点" / "at 00:00 UTC". The counts themselves stay UTC days.
 * @example resetPhrase('zh', 'Asia/Shanghai') // '当地时间 8 点'
 */
export function resetPhrase(lang: Lang, timeZone = callerTimeZone(), now = new Date()): string {
  const local = timeZone ? utcMidnightIn(timeZone, now) : null;
  if (!local) return catalogue[lang].resetUtc;
  const time = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
  return local.minute === 0
    ? message(lang, 'resetLocalHour', { hour: local.hour, time })
    : message(lang, 'resetLocal', { time });
}

/** A message in `lang` with `{name}` parameters filled. */
export function message(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return pieces(lang, key, params).join('');
}

/**
 * A message as HTML for `html` templates: its text is escaped, and so is each parameter unless it is
 * HTML built with `html` itself.
 * @example htmlMessage('en', 'unsubscribedText', { email: html`<strong>${email}</strong>` })
 */
export function htmlMessage(
  lang: Lang,
  key: MessageKey,
  params: Record<string, HtmlEscapedString | string | number> = {},
): HtmlEscapedString {
  return syncHtml(html`${pieces(lang, key, params)}`);
}

/** The caller's language from Accept-Language: en when it prefers English, else zh (the default). */
export function languageFromHeader(header: string | undefined): Lang {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
