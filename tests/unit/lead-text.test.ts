import { describe, expect, it } from 'vitest';
import type { LeadView } from '../../contract/api.ts';
import { useTranslations } from '@/i18n/index.ts';
import {
  companyName,
  companyTypeLabel,
  countryInSentence,
  evidenceLine,
  signalsLine,
  flag,
  inSentence,
  lockedLine,
  matchReasons,
  tradeLine,
  unlockCost,
  unlockLabel,
} from '@/lib/leadText.ts';
import { understoodLine } from '@/lib/chat.ts';
import { buyingSignals, evidenceFor, tradeSummary } from '../../server/leads/evidence.ts';
import type { SearchUnderstood } from '../../contract/api.ts';

const zh = useTranslations('zh');
const en = useTranslations('en');

const lead = (change: Partial<LeadView> = {}): LeadView =>
  ({
    size: '201-500',
    company_type: 'distributor',
    why: {
      products: ['LED球泡灯', 'LED灯带'],
      country: '沙特阿拉伯',
      role: 'buyer',
      conditions: ['company_type', 'phone', 'email', 'employees'],
    },
    ...change,
  }) as LeadView;

describe('why a lead matched (the card’s “why” line)', () => {
  it('names the matched products, the country, the role and each met condition', () => {
    expect(matchReasons(zh, lead(), 'zh')).toBe(
      '匹配理由：产品 LED球泡灯、LED灯带；国家 沙特阿拉伯；角色 买家；类型 经销商；有电话；有有效邮箱；规模 201-500 人',
    );
    const english = lead({
      why: {
        products: ['LED bulbs', 'LED strips'],
        country: 'Saudi Arabia',
        role: 'supplier',
        conditions: ['phone'],
        evidence: null,
        broader: false,
        kind: null,
      },
    });
    expect(matchReasons(en, english, 'en')).toBe(
      'Why it matched: products LED bulbs, LED strips; country Saudi Arabia; role Supplier; has a phone number',
    );
  });

  it('leaves out what it cannot name: no products (saved leads), no country asked, an unknown kind or size', () => {
    const bare = lead({
      size: '',
      company_type: '',
      why: {
        products: [],
        country: null,
        role: 'buyer',
        conditions: ['company_type', 'employees'],
        evidence: null,
        broader: false,
        kind: null,
      },
    });
    expect(matchReasons(zh, bare, 'zh')).toBe('匹配理由：角色 买家');
    expect(matchReasons(zh, bare, 'zh')).not.toContain('—');
  });

  it('says a lead of a broader set is not a match, naming its broader products', () => {
    const broader = (products: string[], country: string) =>
      lead({
        company_type: '',
        why: { products, country, role: 'buyer', conditions: [], evidence: null, broader: true, kind: null },
      });
    expect(matchReasons(zh, broader(['电池'], '德国'), 'zh')).toBe(
      '匹配理由：仅更宽品类 电池（不算符合）；国家 德国；角色 买家',
    );
    expect(matchReasons(en, broader(['Batteries'], 'Germany'), 'en')).toBe(
      'Why it matched: only the broader Batteries (not a match); country Germany; role Buyer',
    );
  });

  it('says an importer by its records as such, and a reseller of another kind as not the kind asked', () => {
    const of = (
      company_type: string,
      kind: LeadView['why']['kind'],
      conditions: LeadView['why']['conditions'],
    ) =>
      lead({
        company_type,
        why: {
          products: ['LED panel lights'],
          country: null,
          role: 'buyer',
          conditions,
          evidence: null,
          broader: false,
          kind,
        },
      });
    expect(matchReasons(en, of('distributor', 'records', ['company_type', 'phone']), 'en')).toBe(
      'Why it matched: products LED panel lights; role Buyer; an importer by its import records of the product; has a phone number',
    );
    expect(matchReasons(zh, of('wholesaler', 'reseller', ['phone']), 'zh')).toBe(
      '匹配理由：产品 LED panel lights；角色 买家；有电话；类型 批发商（转售该产品，但不是所要的类型）',
    );
    expect(matchReasons(en, of('importer', 'listed', ['company_type']), 'en')).toBe(
      'Why it matched: products LED panel lights; role Buyer; type Importer',
    );
  });
});

describe('a lead’s kind of company and flag', () => {
  it('names every kind in both languages and nothing for an unknown one', () => {
    expect(companyTypeLabel(zh, 'importer')).toBe('进口商');
    expect(companyTypeLabel(en, 'exporter')).toBe('Exporter');
    expect(companyTypeLabel(en, '')).toBeNull();
    expect(companyTypeLabel(en, 'pirate')).toBeNull();
  });

  it('turns a country code into its flag', () => {
    expect(flag('DE')).toBe('🇩🇪');
    expect(flag('xx')).toBe('');
  });
});

describe('what a card says about people and trade evidence (issue 14)', () => {
  const evidence = {
    products: ['LED panel lights'],
    hs_codes: ['9405.11'],
    shipments_12m: 12,
    origins: [
      { code: 'CN', name: 'China' },
      { code: 'VN', name: 'Vietnam' },
    ],
    latest: '2026-09-14',
    sources: ['Demo customs records (fictional)'],
    signals: { growing: null, new_origins: [], new_supplier: false },
  };
  const searched = (change: Partial<LeadView['why']>) =>
    lead({
      why: {
        products: ['LED panel lights'],
        country: null,
        role: 'buyer',
        conditions: [],
        evidence,
        broader: false,
        kind: null,
        ...change,
      },
    });

  it('names each buying signal, and nothing when there is none', () => {
    const signals = {
      growing: { last_6m: 7, before_6m: 3 },
      new_origins: [{ code: 'VN', name: 'Vietnam' }],
      new_supplier: true,
    };
    expect(signalsLine(en, searched({ evidence: { ...evidence, signals } }), 'en')).toBe(
      'Buying signals: growing (7 shipments in the last 6 months, 3 in the 6 before); now also from Vietnam; a new supplier in the last 6 months',
    );
    const zhOrigin = {
      ...signals,
      growing: null,
      new_origins: [{ code: 'VN', name: '越南' }],
      new_supplier: false,
    };
    expect(signalsLine(zh, searched({ evidence: { ...evidence, signals: zhOrigin } }), 'zh')).toBe(
      '采购信号：新增来源国 越南',
    );
    expect(signalsLine(en, searched({}), 'en')).toBeNull();
    expect(signalsLine(en, searched({ evidence: null }), 'en')).toBeNull();
  });

  it('cites the shipments of the asked product, or says the match rests on the description only', () => {
    expect(evidenceLine(en, searched({}), 'en')).toBe(
      '12 shipments of LED panel lights (HS 9405.11) from China and Vietnam in the last 12 months, latest 2026-09-14',
    );
    expect(evidenceLine(en, searched({ evidence: { ...evidence, shipments_12m: 1 } }), 'en')).toMatch(
      /^1 shipment of /,
    );
    expect(
      evidenceLine(
        zh,
        searched({
          products: ['LED面板灯'],
          evidence: { ...evidence, products: ['LED面板灯'], origins: [{ code: 'CN', name: '中国' }] },
        }),
        'zh',
      ),
    ).toBe('近 12 个月从中国进口LED面板灯（HS 9405.11）12 批，最近一批 2026-09-14');
    const old = evidenceLine(
      en,
      searched({ evidence: { ...evidence, shipments_12m: 0, latest: '2024-03-01' } }),
      'en',
    );
    expect(old).toBe(
      'No shipments of LED panel lights in the last 12 months; latest 2024-03-01 (HS 9405.11, from China and Vietnam)',
    );
    expect(evidenceLine(zh, searched({ evidence: null }), 'zh')).toBe(
      '仅按公司的产品描述匹配：没有该产品的进口记录',
    );
    expect(evidenceLine(en, searched({ evidence: null }), 'en')).toContain('product description only');
    // Outside a search (a saved list) there is no asked product to cite.
    expect(evidenceLine(en, searched({ products: [], evidence: null }), 'en')).toBeNull();
  });

  it('says how many people are behind the lock and their departments, never who', () => {
    const locked = lead({
      locked: { emails: 3, phones: 1, socials: 0, people: 2, departments: ['purchasing', 'management'] },
    });
    expect(lockedLine(en, locked, 'en')).toBe(
      'Behind the lock: 2 people (purchasing, management), 3 emails, 1 phone, 0 social profiles',
    );
    expect(lockedLine(zh, locked, 'zh')).toBe(
      '锁定内容：2 位联系人（采购、管理层）、3 个邮箱、1 个电话、0 个社媒账号',
    );
    const nobody = lead({ locked: { emails: 1, phones: 0, socials: 0, people: 0, departments: [] } });
    expect(lockedLine(en, nobody, 'en')).toBe('Behind the lock: 1 email, 0 phones, 0 social profiles');
  });

  it('sums up the import records, or says nothing without any', () => {
    const traded = lead({
      trade: {
        shipments_12m: 12,
        shipments_total: 30,
        latest: '2026-09-14',
        hs_codes: [
          { code: '9405.11', product: 'LED panel lights' },
          { code: '8539.52', product: null },
        ],
        origins: [{ code: 'CN', name: 'China' }],
      },
    });
    expect(tradeLine(en, traded, 'en')).toBe(
      'Import records: 12 shipments in the last 12 months; 30 on record; latest 2026-09-14; HS 9405.11 LED panel lights, 8539.52; from China',
    );
    expect(tradeLine(zh, traded, 'zh')).toContain('近 12 个月 12 批；共 30 批；最近一批 2026-09-14');
    expect(tradeLine(en, lead({ trade: null }), 'en')).toBeNull();
  });
});

describe('copy a card gets right in both languages (issue 35)', () => {
  const locked = (emails: number, phones = 0, socials = 0, people = 0) =>
    lead({ locked: { emails, phones, socials, people, departments: people ? ['purchasing'] : [] } });

  it('a lead with no email, phone or social profile behind the lock unlocks for free, and says so', () => {
    expect(unlockCost(locked(0, 0, 0, 1))).toBe(0);
    expect(unlockLabel(zh, locked(0, 0, 0, 1), 'zh')).toBe('免费解锁');
    expect(unlockLabel(en, locked(0, 0, 0, 1), 'en')).toBe('Unlock for free');
    expect(lockedLine(zh, locked(0, 0, 0, 1), 'zh')).toBe(
      '锁定内容：1 位联系人（采购）、没有邮箱、电话或社媒账号，解锁免费',
    );
    expect(lockedLine(en, locked(0), 'en')).toBe(
      'Behind the lock: no email, phone or social profile, so unlocking is free',
    );
  });

  it('a lead with contacts costs one unlock, said once in English (not “Unlock (1 unlock)”)', () => {
    expect(unlockCost(locked(0, 1))).toBe(1);
    expect(unlockLabel(zh, locked(2), 'zh')).toBe('解锁（1 蜜豆）');
    expect(unlockLabel(en, locked(2), 'en')).toBe('Unlock (costs 1)');
  });

  it('joins names as each language does and gives English country names their article', () => {
    expect(inSentence(['中国', '越南', '马来西亚'], 'zh')).toBe('中国、越南和马来西亚');
    expect(inSentence(['China', 'Vietnam'], 'en')).toBe('China and Vietnam');
    expect(inSentence(['China'], 'en')).toBe('China');
    expect(countryInSentence({ code: 'US', name: 'United States' }, 'en')).toBe('the United States');
    expect(countryInSentence({ code: 'NL', name: 'Netherlands' }, 'en')).toBe('the Netherlands');
    expect(countryInSentence({ code: 'DE', name: 'Germany' }, 'en')).toBe('Germany');
    expect(countryInSentence({ code: 'US', name: '美国' }, 'zh')).toBe('美国');
    const traded = lead({
      trade: {
        shipments_12m: 2,
        shipments_total: 2,
        latest: '2026-09-14',
        hs_codes: [{ code: '8504.40', product: 'EV chargers' }],
        origins: [
          { code: 'US', name: 'United States' },
          { code: 'AE', name: 'United Arab Emirates' },
          { code: 'CN', name: 'China' },
        ],
      },
    });
    expect(tradeLine(en, traded, 'en')).toContain(
      'from the United States, the United Arab Emirates, and China',
    );
  });

  it('writes a name in capitals (customs records) in title case and leaves other names alone', () => {
    expect(companyName('TAVENTO WORKS AG')).toBe('Tavento Works AG');
    expect(companyName('NINGBO EXAMPLE LIGHTING CO., LTD.')).toBe('Ningbo Example Lighting Co., Ltd.');
    expect(companyName('MERIDENT TRADING S.A.R.L.')).toBe('Merident Trading S.A.R.L.');
    expect(companyName('CASA DE FLORES SA')).toBe('Casa de Flores SA');
    expect(companyName('DRIFTMOOR GMBH & CO. KG')).toBe('Driftmoor GmbH & Co. KG');
    expect(companyName("O'BRIEN 3M SUPPLY LLC")).toBe("O'Brien 3M Supply LLC");
    expect(companyName('Lumenhaven Leuchten GmbH')).toBe('Lumenhaven Leuchten GmbH');
    expect(companyName('深圳示例光电有限公司')).toBe('深圳示例光电有限公司');
  });

  it('one HS code has one label on a card: every product of the lead recorded under it', () => {
    const row = (categoryId: number, shippedOn = '2026-09-01') => ({
      shippedOn,
      hsCode: '940511',
      categoryId,
      origin: 'CN',
      sourceName: 'x',
    });
    // 1: LED panel lights, 8: chandeliers and decorative lighting, both 9405.11.
    const rows = [row(1), row(1), row(8)];
    const name = (code: string) => code;
    expect(tradeSummary(rows, new Date('2026-10-01'), 'en', name)!.hs_codes).toEqual([
      { code: '9405.11', product: 'LED panel lights / Chandeliers and decorative lighting' },
    ]);
    expect(tradeSummary([row(8), row(1), row(1)], new Date('2026-10-01'), 'zh', name)!.hs_codes).toEqual([
      { code: '9405.11', product: 'LED面板灯/吊灯与装饰灯' },
    ]);
  });

  it('a record that gave no HS code or origin (a customs row without them) adds no empty code or country', () => {
    const row = (hsCode: string, origin: string) => ({
      shippedOn: '2026-09-01',
      hsCode,
      categoryId: 1,
      origin,
      sourceName: 'x',
    });
    const summary = tradeSummary(
      [row('', ''), row('', ''), row('940511', 'CN')],
      new Date('2026-10-01'),
      'en',
      (c) => c,
    )!;
    expect(summary.hs_codes.map((h) => h.code)).toEqual(['9405.11']);
    expect(summary.origins).toEqual([{ code: 'CN', name: 'CN' }]);
    expect(summary.shipments_12m).toBe(3);
    const evidence = evidenceFor(
      [row('', ''), row('', ''), row('940511', 'CN')],
      [1],
      new Date('2026-10-01'),
      'en',
      (c) => c,
    )!;
    expect([evidence.hs_codes, evidence.origins]).toEqual([['9405.11'], [{ code: 'CN', name: 'CN' }]]);
  });

  it('a sentence without a product says what it looked for without a gap (“buyers of  in Germany”)', () => {
    const understood = (change: Partial<SearchUnderstood>): SearchUnderstood => ({
      chat_id: 'c',
      criteria: { role: 'buyer', countries: ['DE'], regions: [], products: [], conditions: {} },
      role_stated: true,
      countries: [{ code: 'DE', name: 'Germany' }],
      regions: [],
      products: [],
      conditions: [],
      corrected: [],
      unknown: [],
      more: false,
      text: 'Looking for buyers of  in Germany',
      ...change,
    });
    expect(understoodLine(en, understood({}), 'en')).toBe('Looking for buyers in Germany (name a product)');
    expect(
      understoodLine(
        en,
        understood({
          criteria: { role: 'supplier', countries: ['US'], regions: [], products: [], conditions: {} },
          countries: [{ code: 'US', name: 'United States' }],
        }),
        'en',
      ),
    ).toBe('Looking for suppliers in the United States (name a product)');
    expect(understoodLine(zh, understood({ countries: [{ code: 'DE', name: '德国' }] }), 'zh')).toBe(
      '正在查找：德国的买家（请说出产品）',
    );
    expect(understoodLine(zh, understood({ countries: [] }), 'zh')).toBe(
      '正在查找：全球的买家（请说出产品）',
    );
    const withProduct = understood({
      products: [{ id: 'x', hs: '1', name: 'EV chargers' }],
      text: 'server text',
    });
    expect(understoodLine(en, withProduct, 'en')).toBe('server text');
  });
});

describe('buying signals of the records (issue 32, item 5)', () => {
  const now = new Date('2026-11-15T12:00:00Z');
  const name = (code: string) => code;
  const row = (shippedOn: string, origin = 'CN', supplier: string | null = 'Ningbo Bright') => ({
    shippedOn,
    hsCode: '940511',
    categoryId: 1,
    origin,
    sourceName: 'x',
    supplier,
  });

  it('growing: 2 or more in the last 6 calendar months, and more than in the 6 before', () => {
    // The window starts on 2026-05-15, six calendar months back.
    const grown = [row('2026-11-01'), row('2026-05-15'), row('2026-05-14')];
    expect(buyingSignals(grown, now, 'en', name).growing).toEqual({ last_6m: 2, before_6m: 1 });
    expect(buyingSignals([row('2026-11-01'), row('2026-05-14')], now, 'en', name).growing).toBeNull();
    const even = [row('2026-11-01'), row('2026-10-01'), row('2026-04-01'), row('2026-03-01')];
    expect(buyingSignals(even, now, 'en', name).growing).toBeNull();
    // Records over a year old are not "the 6 before".
    const old = [
      row('2026-11-01'),
      row('2026-10-01'),
      row('2025-06-01'),
      row('2025-05-01'),
      row('2025-04-01'),
    ];
    expect(buyingSignals(old, now, 'en', name).growing).toEqual({ last_6m: 2, before_6m: 0 });
  });

  it('a new origin or supplier needs earlier records to change from', () => {
    const changed = [row('2026-10-01', 'VN', 'Hanoi Lights'), row('2026-09-01'), row('2025-01-01')];
    expect(buyingSignals(changed, now, 'en', name)).toMatchObject({
      new_origins: [{ code: 'VN', name: 'VN' }],
      new_supplier: true,
    });
    const first = [row('2026-10-01', 'VN', 'Hanoi Lights'), row('2026-09-01')];
    expect(buyingSignals(first, now, 'en', name)).toMatchObject({ new_origins: [], new_supplier: false });
    // The same shipper written in another case is no new one; a record without a shipper names none.
    const same = [row('2026-10-01', 'CN', 'NINGBO BRIGHT'), row('2026-10-02', 'CN', null), row('2025-01-01')];
    expect(buyingSignals(same, now, 'en', name)).toMatchObject({ new_origins: [], new_supplier: false });
  });
});
