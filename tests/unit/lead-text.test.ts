import { describe, expect, it } from 'vitest';
import type { LeadView } from '../../contract/api.ts';
import { useTranslations } from '@/i18n/index.ts';
import { companyTypeLabel, flag, matchReasons } from '@/lib/leadText.ts';

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
