import { describe, expect, it } from 'vitest';
import { csvField, leadsCsv, listCsv } from '@/lib/csv.ts';
import { useTranslations } from '@/i18n/index.ts';
import type { LeadView } from '../../contract/api.ts';

const lead: LeadView = {
  id: 'L000001',
  name: 'Müller, "Licht" GmbH',
  role: 'buyer',
  country: { code: 'DE', name: '德国' },
  city: 'Hamburg',
  website: 'https://www.mueller.example',
  size: '11-50',
  company_type: 'importer',
  description: '',
  products: ['LED面板灯', 'LED球泡灯'],
  founded_year: null,
  why: { products: [], country: null, role: 'buyer', conditions: [], evidence: null },
  trade: null,
  locked: { emails: 1, phones: 0, socials: 0, people: 0, departments: [] },
  unlocked: true,
  collected: true,
  memo: '=HYPERLINK("x")\n下周跟进',
  contacts: { emails: [{ email: 'info@mueller.example', status: 'valid' }], phones: [], socials: [] },
  people: [],
};

const zh = useTranslations('zh');

describe('CSV export (UTF-8 with BOM)', () => {
  it('starts with a BOM so Excel reads Chinese, and keeps Chinese text intact', () => {
    const csv = leadsCsv([lead], ['名称', '角色'], zh);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('LED面板灯; LED球泡灯');
    expect(csv.split('\r\n')[0]).toBe('\uFEFF名称,角色');
  });

  it('writes roles and email checks in the page’s language, not as codes', () => {
    const row = leadsCsv([lead], ['名称'], zh).split('\r\n')[1]!;
    expect(row).toContain(',买家,');
    expect(row).toContain('info@mueller.example (有效)');
    expect(row).not.toMatch(/buyer|valid/);
    // An email check this page does not know yet is written as sent, not as a dictionary key.
    const newer = {
      ...lead,
      contacts: { ...lead.contacts!, emails: [{ email: 'a@b.example', status: 'bounced' }] },
    };
    expect(leadsCsv([newer], ['h'], zh)).toContain('a@b.example (bounced)');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'neutralizes a field that starts with %j (CSV injection)',
    (start) => {
      // Quoted or not, the cell's text starts with an apostrophe, so no spreadsheet runs it.
      expect(csvField(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
      expect(csvField(`${start}1+1`)).toContain(`'${start}1+1`);
      expect(leadsCsv([{ ...lead, name: `${start}HYPERLINK("x")` }], ['h'], zh)).toContain(
        `'${start}HYPERLINK(`,
      );
    },
  );

  it('quotes commas, quotes and line breaks, and neutralizes formulas', () => {
    expect(csvField('Müller, "Licht" GmbH')).toBe('"Müller, ""Licht"" GmbH"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('plain')).toBe('plain');
    expect(leadsCsv([lead], ['h'], zh)).toContain(`"'=HYPERLINK(""x"")\n下周跟进"`);
  });
});

describe('the saved and unlocked lists’ export', () => {
  it('adds the stage and tags, with headers and stage names in the page’s language', () => {
    const listed = {
      ...lead,
      stage: 'quoting' as const,
      tags: ['VIP', '展会'],
      listed_at: '2025-01-01T00:00:00Z',
    };
    const [zhHead, zhRow] = listCsv([listed], zh).replace('\uFEFF', '').split('\r\n');
    expect(zhHead!.split(',').slice(-2)).toEqual(['阶段', '标签']);
    expect(zhRow!.endsWith(',报价中,VIP; 展会')).toBe(true);
    const [enHead, enRow] = listCsv([{ ...listed, stage: null }], useTranslations('en'))
      .replace('\uFEFF', '')
      .split('\r\n');
    expect(enHead!.split(',').slice(-2)).toEqual(['Stage', 'Tags']);
    expect(enHead!.split(',')[0]).toBe('Company');
    expect(enRow!.endsWith(',,VIP; 展会')).toBe(true);
  });
});
