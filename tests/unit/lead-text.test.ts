import { describe, expect, it } from 'vitest';
import type { LeadView } from '../../contract/api.ts';
import { useTranslations } from '@/i18n/index.ts';
import { companyTypeLabel, evidenceLine, flag, lockedLine, matchReasons, tradeLine } from '@/lib/leadText.ts';

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
      },
    });
    expect(matchReasons(zh, bare, 'zh')).toBe('匹配理由：角色 买家');
    expect(matchReasons(zh, bare, 'zh')).not.toContain('—');
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
  };
  const searched = (change: Partial<LeadView['why']>) =>
    lead({
      why: {
        products: ['LED panel lights'],
        country: null,
        role: 'buyer',
        conditions: [],
        evidence,
        ...change,
      },
    });

  it('cites the shipments of the asked product, or says the match rests on the description only', () => {
    expect(evidenceLine(en, searched({}), 'en')).toBe(
      '12 shipments of LED panel lights (HS 9405.11) from China, Vietnam in the last 12 months, latest 2026-09-14',
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
      'No shipments of LED panel lights in the last 12 months; latest 2024-03-01 (HS 9405.11, from China, Vietnam)',
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
