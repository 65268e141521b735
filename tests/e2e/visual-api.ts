import type { Page, Route } from '@playwright/test';
import type {
  BeanLedgerEntry,
  ChatHistoryItem,
  CompanyInfo,
  InvitationCode,
  LeadListPage,
  LeadView,
  ListedLead,
  OutreachDraft,
  SearchSummary,
  SearchUnderstood,
  SellerProfile,
  SentEmail,
  UserInfo,
} from '../../contract/api.ts';

/**
 * The API as the visual check sees it (tests/e2e/visual.spec.ts): every `/api` call answered from
 * these fixed fixtures, so a screenshot changes only when the pages do, never with the demo data,
 * the clock or the search's wording. A call with no fixture is answered 501 and named by
 * `unmocked()`, and the test fails: a new call needs its fixture here.
 */

type Locale = 'zh' | 'en';
/** Who the page belongs to: nobody, a new account, a user with history and leads, an agent, a subscriber. */
export type Account = 'none' | 'new' | 'user' | 'agent' | 'subscriber';

const L = <T>(locale: Locale, zh: T, en: T): T => (locale === 'zh' ? zh : en);
const DAY = '2026-11-20T06:30:00.000Z';

function user(account: Account): UserInfo {
  const subscriber = account === 'subscriber';
  return {
    user_id: 7,
    user_name: account === 'agent' ? 'Demo Agent' : 'Lin Wei',
    email: account === 'agent' ? 'agent@honeyleads.example' : 'lin.wei@honeyleads.example',
    language: 'zh',
    is_agent: account === 'agent' ? 1 : 0,
    subscription_status: subscriber ? 1 : 0,
    service_expiration_time: subscriber ? '2027-11-20T06:30:00.000Z' : null,
    pay_cycle: subscriber ? 2 : 1,
    subscription_info: subscriber ? { goods_id: 23, goods_name: 'Yearly', goods_price: 69990 } : null,
    point: subscriber ? 3025 : 25,
    bp_used: subscriber ? 20 : 6,
  };
}

const country = (locale: Locale, code: 'DE' | 'CN' | 'VN' | 'US') =>
  ({
    DE: { code, name: L(locale, '德国', 'Germany') },
    CN: { code, name: L(locale, '中国', 'China') },
    VN: { code, name: L(locale, '越南', 'Vietnam') },
    US: { code, name: L(locale, '美国', 'United States') },
  })[code];

/** Three leads: unlocked with people, locked with import records, and one with nothing behind the lock. */
function leads(locale: Locale): LeadView[] {
  const panels = L(locale, 'LED面板灯', 'LED panel lights');
  const downlights = L(locale, '筒灯与射灯', 'Downlights and spotlights');
  const why = (evidence: LeadView['why']['evidence']): LeadView['why'] => ({
    products: [panels],
    country: country(locale, 'DE').name,
    role: 'buyer',
    conditions: [],
    evidence,
    broader: false,
    kind: null,
  });
  const evidence = {
    products: [panels],
    hs_codes: ['9405.11'],
    shipments_12m: 12,
    origins: [country(locale, 'CN'), country(locale, 'VN')],
    latest: '2026-11-02',
    sources: [L(locale, '演示海关记录（虚构）', 'Demo customs records (fictional)')],
    // No buying signal: the card's baseline shots stay as they were.
    signals: { growing: null, new_origins: [], new_supplier: false },
  };
  const trade = {
    shipments_12m: 12,
    shipments_total: 31,
    latest: '2026-11-02',
    hs_codes: [
      {
        code: '9405.11',
        product: L(locale, 'LED面板灯/筒灯与射灯', 'LED panel lights / Downlights and spotlights'),
      },
    ],
    origins: [country(locale, 'CN'), country(locale, 'VN')],
  };
  return [
    {
      id: 'L000101',
      name: 'Lumenhaven Leuchten GmbH',
      role: 'buyer',
      country: country(locale, 'DE'),
      city: 'Bremen',
      website: 'https://www.lumenhaven-leuchten.example',
      size: '51-200',
      company_type: 'importer',
      founded_year: 1994,
      description: L(
        locale,
        'Lumenhaven Leuchten GmbH 是一家位于德国不来梅的LED面板灯和筒灯进口商，员工规模约51-200人。',
        'Lumenhaven Leuchten GmbH is an importer of LED panel lights and downlights based in Bremen, Germany, with about 51-200 employees.',
      ),
      products: [panels, downlights],
      why: why(evidence),
      trade,
      locked: { emails: 0, phones: 0, socials: 0, people: 0, departments: [] },
      unlocked: true,
      collected: true,
      memo: L(locale, '展会上见过，下周报价', 'Met at the fair; quote next week'),
      contacts: {
        emails: [
          { email: 'greta.lindqvist@lumenhaven-leuchten.example', status: 'valid' },
          { email: 'einkauf@lumenhaven-leuchten.example', status: 'risky' },
        ],
        phones: ['+49 555 0421 7788'],
        socials: [],
      },
      people: [
        {
          id: 'P1',
          name: 'Greta Lindqvist',
          title: 'Head of Purchasing',
          department: 'purchasing',
          seniority: 'director',
          emails: [{ email: 'greta.lindqvist@lumenhaven-leuchten.example', status: 'valid' }],
          phones: [],
          socials: [],
        },
      ],
    },
    {
      id: 'L000102',
      name: 'TAVENTO WORKS AG',
      role: 'buyer',
      country: country(locale, 'DE'),
      city: 'Hamburg',
      website: 'https://www.tavento-works.example',
      size: '1000+',
      company_type: 'distributor',
      founded_year: 1976,
      description: L(
        locale,
        'Tavento Works AG 总部位于德国汉堡，作为LED面板灯经销商开展业务，员工约1000+人。',
        'Headquartered in Hamburg, Germany, Tavento Works AG operates as a distributor of LED panel lights with roughly 1000+ staff.',
      ),
      products: [panels],
      why: why(evidence),
      trade,
      locked: { emails: 4, phones: 1, socials: 2, people: 2, departments: ['purchasing', 'management'] },
      unlocked: false,
      collected: false,
      memo: null,
      contacts: null,
      people: null,
    },
    {
      id: 'L000103',
      name: 'Duneford AG',
      role: 'buyer',
      country: country(locale, 'DE'),
      city: 'Dusseldorf',
      website: null,
      size: '11-50',
      company_type: 'wholesaler',
      founded_year: null,
      description: L(
        locale,
        'Duneford AG 是德国杜塞尔多夫的LED面板灯批发商，员工规模11-50人。',
        'Duneford AG is a wholesaler of LED panel lights in Dusseldorf, Germany, with 11-50 employees.',
      ),
      products: [panels],
      why: why(null),
      trade: null,
      locked: { emails: 0, phones: 0, socials: 0, people: 1, departments: ['purchasing'] },
      unlocked: false,
      collected: false,
      memo: null,
      contacts: null,
      people: null,
    },
  ];
}

function understood(locale: Locale): SearchUnderstood {
  return {
    chat_id: 'c_visual',
    criteria: {
      role: 'buyer',
      countries: ['DE'],
      regions: [],
      products: ['led-panel-lights'],
      conditions: {},
    },
    role_stated: true,
    countries: [country(locale, 'DE')],
    regions: [],
    products: [{ id: 'led-panel-lights', hs: '9405.11', name: L(locale, 'LED面板灯', 'LED panel lights') }],
    conditions: [],
    corrected: [],
    unknown: [],
    more: false,
    text: L(locale, '正在查找：德国的LED面板灯买家', 'Looking for buyers of LED panel lights in Germany'),
  };
}

function summary(locale: Locale): SearchSummary {
  return {
    text: L(
      locale,
      '找到 3 家符合全部条件的公司。今日还可免费搜索 28 次（当地时间 8 点重置）。',
      'Found 3 companies that match everything asked. 28 free searches left today (resets at 08:00 your time).',
    ),
    count: 3,
    by_country: [{ ...country(locale, 'DE'), count: 3 }],
    more: false,
    broader: [],
    counted: true,
    searches_left: 28,
  };
}

const history = (locale: Locale): ChatHistoryItem[] => [
  {
    chat_id: 'c_visual',
    title: L(locale, '帮我找德国的LED面板灯买家', 'Find LED panel light buyers in Germany'),
    created_at: DAY,
    updated_at: DAY,
  },
  {
    chat_id: 'c_older',
    title: L(locale, '越南的纺织面料供应商', 'Textile fabric suppliers in Vietnam'),
    created_at: '2026-11-18T02:10:00.000Z',
    updated_at: '2026-11-18T02:10:00.000Z',
  },
];

const examples = (locale: Locale) =>
  L(
    locale,
    ['帮我找德国的LED面板灯买家', '寻找美国的太阳能逆变器买家', '越南的纺织面料供应商'],
    [
      'Find LED panel light buyers in Germany',
      'Solar inverter buyers in the United States',
      'Textile fabric suppliers in Vietnam',
    ],
  );

function listed(locale: Locale, kind: 'collects' | 'unlocked'): LeadListPage {
  const [unlocked, locked] = leads(locale);
  const items: ListedLead[] = [
    { ...unlocked!, stage: 'quoting', tags: ['VIP', L(locale, '展会', 'Fair')], listed_at: DAY },
    ...(kind === 'collects'
      ? [
          {
            ...locked!,
            collected: true,
            stage: 'new' as const,
            tags: [],
            listed_at: '2026-11-19T09:00:00.000Z',
          },
        ]
      : []),
  ];
  return { items, total: items.length };
}

const company = (account: Account): CompanyInfo => ({
  client_id: 'visual',
  files:
    account === 'new'
      ? []
      : [
          {
            file_id: 'f1',
            file_name: 'company-profile.pdf',
            size: 482_113,
            mime: 'application/pdf',
            created_at: DAY,
          },
        ],
  company_text:
    account === 'new' ? '' : 'Ningbo Example Lighting Co., Ltd. — LED panel lights, downlights. OEM/ODM.',
});

const profile = (locale: Locale): SellerProfile => ({
  company_zh: '宁波示例照明有限公司',
  company_en: 'Ningbo Example Lighting Co., Ltd.',
  products: [
    { id: 'led-panel-lights', zh: 'LED面板灯', en: 'LED panel lights' },
    { id: 'downlights-spotlights', zh: '筒灯与射灯', en: 'Downlights and spotlights' },
  ],
  strengths: ['manufacturer', 'oem_odm'],
  certifications: ['CE', 'RoHS'],
  moq: { quantity: 500, unit: 'piece' },
  website: 'www.ningbo-lighting.example',
  name_zh: '林伟',
  name_en: 'Lin Wei',
  title_zh: '销售经理',
  title_en: 'Sales Manager',
  phone: '+86 574 5555 0188',
  wechat: 'linwei_led',
  whatsapp: '+86 138 5555 0188',
  edited: ['title_en'],
  from_files: L(
    locale,
    ['company_zh', 'products'],
    ['company_en', 'products'],
  ) as SellerProfile['from_files'],
  files_read: 1,
  read_by: 'builtin',
  sources: {
    fields: {
      company_zh: '宁波示例照明有限公司成立于2006年，专业生产LED面板灯和筒灯。',
      company_en: 'Ningbo Example Lighting Co., Ltd. — LED panel lights, downlights. OEM/ODM.',
    },
    products: {
      'led-panel-lights': L(
        locale,
        '主要产品：LED面板灯、筒灯',
        'Main products: LED panel lights, downlights',
      ),
      'downlights-spotlights': L(
        locale,
        '主要产品：LED面板灯、筒灯',
        'Main products: LED panel lights, downlights',
      ),
    },
    strengths: {},
    certifications: {},
    other_moq: [],
  },
  updated_at: DAY,
});

const codes: InvitationCode[] = [
  { code: 'ABCD7K2QXM', state: 'used', used_by: 'buyer.one@example.com', created_at: DAY, used_at: DAY },
  { code: 'ABCD9P4RTW', state: 'unused', used_by: null, created_at: DAY, used_at: null },
  { code: 'ABCDH3M8ZE', state: 'unused', used_by: null, created_at: DAY, used_at: null },
];

const ledger: BeanLedgerEntry[] = [
  { id: 3, amount: -1, reason: 'unlock', detail: 'Lumenhaven Leuchten GmbH', created_at: DAY },
  { id: 2, amount: 20, reason: 'redeem', detail: 'E2E-CODE', created_at: '2026-11-19T09:00:00.000Z' },
  { id: 1, amount: 5, reason: 'signup_bonus', detail: '', created_at: '2026-11-18T02:00:00.000Z' },
];

function sent(locale: Locale): SentEmail[] {
  const sequence = {
    id: 's1',
    state: 'active' as const,
    stop_reason: null,
    steps: 3,
    replied: false,
    bounced: false,
    unsubscribed: false,
  };
  const subject = L(locale, 'LED面板灯：宁波示例照明', 'LED panel lights from Ningbo Example Lighting');
  return [
    {
      id: 'e2',
      lead_id: 'L000101',
      lead_name: 'Lumenhaven Leuchten GmbH',
      to: 'greta.lindqvist@lumenhaven-leuchten.example',
      subject,
      body: '…',
      language: 'de',
      status: 'scheduled',
      error: null,
      attempts: 0,
      created_at: DAY,
      sent_at: null,
      step: 2,
      due_at: '2026-11-24T00:00:00.000Z',
      sequence,
    },
    {
      id: 'e1',
      lead_id: 'L000101',
      lead_name: 'Lumenhaven Leuchten GmbH',
      to: 'greta.lindqvist@lumenhaven-leuchten.example',
      subject,
      body: '…',
      language: 'de',
      status: 'sent',
      error: null,
      attempts: 1,
      created_at: DAY,
      sent_at: DAY,
      step: 1,
      due_at: null,
      sequence,
    },
  ];
}

function draft(locale: Locale): OutreachDraft {
  const greeting = 'Guten Tag Frau Lindqvist,';
  const body = `${greeting}\n\nwir sind Ningbo Example Lighting Co., Ltd., Hersteller von LED-Panelleuchten (OEM/ODM, CE, RoHS).\nMindestbestellmenge: 500 Stück.\n\nMit freundlichen Grüßen\nLin Wei\nSales Manager`;
  const previewBody = L(
    locale,
    'Greta Lindqvist，您好！\n\n我们是宁波示例照明有限公司，生产LED面板灯（OEM/ODM，CE、RoHS）。\n起订量：500 件。\n\n此致\n林伟\n销售经理',
    `Hello Greta Lindqvist,\n\nwe are Ningbo Example Lighting Co., Ltd., a maker of LED panel lights (OEM/ODM, CE, RoHS).\nMinimum order: 500 pieces.\n\nBest regards\nLin Wei\nSales Manager`,
  );
  const previewSubject = L(
    locale,
    'LED面板灯：宁波示例照明',
    'LED panel lights from Ningbo Example Lighting',
  );
  return {
    lead_id: 'L000101',
    to: ['greta.lindqvist@lumenhaven-leuchten.example', 'einkauf@lumenhaven-leuchten.example'],
    subject: 'LED-Panelleuchten von Ningbo Example Lighting',
    body,
    language: 'de',
    source: 'template',
    preview: { subject: previewSubject, body: previewBody },
    languages: ['de', 'en', 'zh'],
    greetings: [
      {
        email: 'greta.lindqvist@lumenhaven-leuchten.example',
        person: 'Greta Lindqvist',
        line: greeting,
        preview: null,
      },
      { email: 'einkauf@lumenhaven-leuchten.example', person: null, line: 'Guten Tag,', preview: null },
    ],
    follow_ups: [4, 10].map((days) => ({
      days,
      subject: 'LED-Panelleuchten von Ningbo Example Lighting',
      body,
      preview: { subject: previewSubject, body: previewBody },
    })),
    translate: false,
    missing: [],
  };
}

const sse = (locale: Locale) =>
  [
    `event: understood\ndata: ${JSON.stringify(understood(locale))}\n\n`,
    ...leads(locale).map((lead) => `event: lead\ndata: ${JSON.stringify(lead)}\n\n`),
    `event: summary\ndata: ${JSON.stringify(summary(locale))}\n\n`,
  ].join('');

/** What a signed-in page's calls answer, by method and path under /api. */
function answers(locale: Locale, account: Account): Record<string, unknown> {
  const me = user(account);
  return {
    'GET /user/user_info': me,
    'GET /get_file': company(account),
    'GET /get_default_query': examples(locale),
    'GET /chat/quota': { searches_left: account === 'subscriber' ? null : 28 },
    'GET /chat/get_chat_history': account === 'new' ? [] : history(locale),
    'GET /leads/collects': listed(locale, 'collects'),
    'GET /leads/unlocked': listed(locale, 'unlocked'),
    'GET /leads/collects/facets': { countries: [country(locale, 'DE')], tags: ['VIP'] },
    'GET /leads/unlocked/facets': { countries: [country(locale, 'DE')], tags: ['VIP'] },
    'GET /outreach/sent': { items: sent(locale), total: 2 },
    'GET /outreach/quota': { cap: 50, used: 2, left: 48 },
    'POST /outreach/generate': draft(locale),
    'GET /profile': profile(locale),
    'GET /user/invitation_code_list': codes,
    'GET /user/bean_history': { items: ledger, total: ledger.length },
    'POST /spider/verify_media': { platform: 'LinkedIn', valid: true, url: '' },
  };
}

/**
 * Answers every `/api` call of `page` from the fixtures; returns the calls that had none.
 * The search stream answers the three fixture leads.
 */
export async function mockApi(page: Page, locale: Locale, account: Account): Promise<() => string[]> {
  const missing: string[] = [];
  const table = answers(locale, account);
  await page.route('**/api/**', async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace(/^\/api/, '');
    const key = `${request.method()} ${path}`;
    if (account !== 'none' && key === 'POST /chat/search')
      return route.fulfill({ status: 200, contentType: 'text/event-stream', body: sse(locale) });
    if (account !== 'none' && key in table)
      return route.fulfill({ json: { code: 0, msg: 'ok', data: table[key] } });
    missing.push(key);
    return route.fulfill({ status: 501, json: { code: 50000, msg: `no fixture for ${key}`, data: null } });
  });
  return () => missing;
}
