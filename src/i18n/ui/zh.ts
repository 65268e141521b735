/**
 * Chinese UI strings: the reference shape every other locale must satisfy.
 * Keys are flat and dotted, grouped by area; `{name}` marks a parameter.
 */
export const zh = {
  'app.name': '蜜探',
  'app.tagline': '一句话，找到全球买家',
  'app.description':
    '蜜探是面向外贸人的 AI 客户搜索：一句话找到海外买家或供应商，查看匹配理由，解锁联系方式，用自己的公司资料写开发信。',

  'nav.label': '主导航',
  'nav.home': '首页',
  'nav.search': '搜索',
  'nav.saved': '收藏',
  'nav.upload': '上传',
  'nav.unlocked': '已解锁线索',
  'nav.sent': '已发邮件',
  'nav.blog': '博客',
  'nav.menu': '菜单',
  'nav.back': '返回',
  'nav.skip': '跳到正文',

  'lang.label': '语言',
  'lang.zh': '中文',
  'lang.en': 'English',
  'lang.switchTo': '切换到{language}',

  'account.label': '账户',
  'account.login': '登录',
  'beans.label': '蜜豆',
  'beans.remaining': '剩余蜜豆',

  'home.heroTitle': '一句话，找到全球买家',
  'home.heroLead':
    '用中文或英文说出你要找的客户，蜜探从企业库中找出最多 10 家海外买家或供应商，并告诉你每一家为什么匹配。',
  'home.searchLabel': '描述你要找的客户',
  'home.searchPlaceholder': '例如：帮我找德国的LED面板买家',
  'home.searchButton': '开始搜索',
  'home.examplesTitle': '试试这些',
  'home.example1': '帮我找德国的LED面板买家',
  'home.example2': '寻找美国的太阳能逆变器进口商',
  'home.example3': '越南的纺织面料供应商',
  'home.example4': 'Find furniture buyers in the UK',
  'home.howTitle': '从一句话到一封开发信',
  'home.step1Title': '一句话搜索',
  'home.step1Body': '说出产品、买家还是供应商、以及国家。我们理解“德国”“Germany”“DE”都是同一个地方。',
  'home.step2Title': '看清匹配理由',
  'home.step2Body':
    '每条线索都写明为什么匹配：主营产品、所在国家、采购角色，以及锁后有几个邮箱、电话和社媒账号。',
  'home.step3Title': '解锁联系方式',
  'home.step3Body': '解锁一家公司只花 1 个蜜豆，同一家公司不会重复扣费，没有联系方式的公司不扣费。',
  'home.step4Title': '写信并发送',
  'home.step4Body': '上传公司资料，按买家所在国家的语言生成开发信，附中文对照预览，你审阅后再发送。',
  'home.freeNote': '每天免费搜索 {count} 次，注册即可使用。',
  'home.plansTitle': '套餐',
  'home.plansLead': '需要解锁更多联系方式时再升级，购买的蜜豆不会过期。',
  'home.planMonthly': '月度套餐',
  'home.planYearly': '年度套餐',
  'home.planUnlocks': '{count} 次解锁',
  'home.planPerMonth': '/月',
  'home.planPerYear': '/年',
  'home.planOrigin': '原价 {price}',
  'home.plansCta': '免费开始',
  'home.blogTitle': '外贸获客指南',
  'home.blogMore': '查看全部文章',

  'footer.terms': '服务协议',
  'footer.privacy': '隐私政策',
  'footer.blog': '博客',
  'footer.rss': 'RSS 订阅',
  'footer.copyright': '© {year} 蜜探科技有限公司',

  'blog.title': '博客',
  'blog.description': '寻找海外买家、验证邮箱、撰写开发信的实用方法。',
  'blog.articles': '文章',
  'blog.published': '发布于 {date}',
  'blog.updated': '更新于 {date}',
  'blog.readMore': '阅读全文',
  'blog.backToList': '返回博客列表',
  'blog.empty': '还没有文章，敬请期待。',
  'blog.tags': '标签',
  'blog.untranslated': '这篇文章暂时只有英文版。',
  'blog.redirecting': '正在打开文章…',
  'blog.chooseArticle': '请选择一篇文章：',

  'legal.effective': '生效日期：{date}',
  'legal.updated': '最近更新：{date}',

  'notFound.title': '页面不存在',
  'notFound.body': '你访问的页面不存在或已被移动。',
  'notFound.home': '返回首页',
  'notFound.search': '去搜索客户',

  'page.login': '登录',
  'page.signupVerifyEmail': '验证注册邮箱',
  'page.verifyEmail': '邮箱验证',
  'page.forgotPassword': '忘记密码',
  'page.resetPassword': '重置密码',
  'page.emailSent': '邮件已发送',
  'page.leads': '收藏的线索',
  'page.unlockedLeads': '已解锁线索',
  'page.sentEmails': '已发邮件',
  'page.chat': '搜索与对话',
  'page.invitationCode': '生成邀请码',
  'page.needsScript': '此页面需要启用 JavaScript。',
  'page.loading': '加载中…',
} as const;

/** Every UI key. */
export type UIKey = keyof typeof zh;
/** The shape each locale's dictionary must satisfy: every key, strings only. */
export type UIDictionary = Record<UIKey, string>;
