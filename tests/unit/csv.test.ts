import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvField, listCsv } from '@/lib/csv.ts';
import { useTranslations } from '@/i18n/index.ts';
import type { ListedLead } from '../../contract/api.ts';

const lead: ListedLead = {
  id: 'L000001',
  name: 'Müller, "Licht" GmbH',
  role: 'buyer',
  country: { code: 'DE', name: '德国' },
  city: 'Hamburg',
  website: 'https://www.mueller.example',
  size: '11-50',
  company_type: 'importer',
  founded_year: 1990,
  description: '',
  products: ['LED面板灯', 'LED球泡灯'],
  why: {
    products: [],
    country: null,
    role: 'buyer',
    conditions: [],
    evidence: null,
    broader: false,
    kind: null,
  },
  trade: {
    shipments_12m: 12,
    shipments_total: 30,
    latest: '2026-09-14',
    hs_codes: [{ code: '9405.11', product: 'LED面板灯' }],
    origins: [{ code: 'CN', name: '中国' }],
  },
  locked: { emails: 2, phones: 1, socials: 0, people: 1, departments: ['purchasing'] },
  unlocked: true,
  collected: true,
  memo: '=HYPERLINK("x")\n下周跟进',
  contacts: {
    emails: [
      { email: 'peter.schmidt@mueller.example', status: 'valid' },
      { email: 'info@mueller.example', status: 'risky' },
    ],
    phones: ['+49 555 1234 5678'],
    socials: [],
  },
  people: [
    {
      id: 'L000001.1',
      name: 'Peter Schmidt',
      title: 'Purchasing Manager',
      department: 'purchasing',
      seniority: 'manager',
      emails: [{ email: 'peter.schmidt@mueller.example', status: 'valid' }],
      phones: ['+49 555 1234 5678'],
      socials: [],
    },
  ],
  stage: 'quoting',
  tags: ['VIP', '展会'],
  listed_at: '2025-01-01T00:00:00Z',
};

const zh = useTranslations('zh');
const en = useTranslations('en');

/** The export as a spreadsheet reads it: header and rows by column name. */
function read(csv: string): Record<string, string>[] {
  return parse(csv, { bom: true, columns: true }) as Record<string, string>[];
}

describe('the saved and unlocked lists’ export (UTF-8 with BOM)', () => {
  it('starts with a BOM so Excel reads Chinese, and keeps Chinese text intact', () => {
    const csv = listCsv([lead], zh, 'zh');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('LED面板灯; LED球泡灯');
    expect(csv.split('\r\n')[0]!.startsWith('\uFEFF公司,角色,')).toBe(true);
  });

  it('writes one row per contact, repeating the company, with the person each belongs to', () => {
    const rows = read(listCsv([lead], zh, 'zh'));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row['公司']).toBe('Müller, "Licht" GmbH');
      expect(row['阶段']).toBe('报价中');
      expect(row['标签']).toBe('VIP; 展会');
      expect(row['进口记录']).toContain('9405.11');
    }
    expect(
      rows.map((r) => [r['联系人'], r['部门'], r['联系方式类型'], r['联系方式'], r['邮箱验证']]),
    ).toEqual([
      ['Peter Schmidt', '采购', '邮箱', 'peter.schmidt@mueller.example', '有效'],
      // A leading + is neutralized like a formula; Excel hides the apostrophe.
      ['Peter Schmidt', '采购', '电话', "'+49 555 1234 5678", ''],
      ['', '', '邮箱', 'info@mueller.example', '有风险'],
    ]);
    expect(rows[0]!['职位']).toBe('Purchasing Manager');
  });

  it('keeps one row for a lead with nothing revealed, naming nobody', () => {
    const locked = { ...lead, unlocked: false, contacts: null, people: null };
    const rows = read(listCsv([locked, lead], en, 'en'));
    expect(rows).toHaveLength(4);
    expect(rows[0]!['Person']).toBe('');
    expect(rows[0]!['Contact']).toBe('');
    expect(JSON.stringify(rows[0])).not.toMatch(/Schmidt|@/);
    expect(rows[0]!['Company']).toBe(lead.name);
  });

  it('writes roles, departments, stages and email checks in the page’s language, not as codes', () => {
    const [first] = read(listCsv([{ ...lead, stage: null }], en, 'en'));
    expect(first!['Role']).toBe('Buyer');
    expect(first!['Department']).toBe('purchasing');
    expect(first!['Email check']).toBe('valid');
    expect(first!['Stage']).toBe('');
    const zhRows = read(listCsv([lead], zh, 'zh'));
    expect(JSON.stringify(zhRows)).not.toMatch(/"buyer"|"valid"|"quoting"|"purchasing"/);
    // An email check this page does not know yet is written as sent, not as a dictionary key.
    const newer = {
      ...lead,
      people: [],
      contacts: { ...lead.contacts!, emails: [{ email: 'a@b.example', status: 'bounced' }] },
    };
    expect(read(listCsv([newer], zh, 'zh'))[0]!['邮箱验证']).toBe('bounced');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'neutralizes a field that starts with %j (CSV injection)',
    (start) => {
      // Quoted or not, the cell's text starts with an apostrophe, so no spreadsheet runs it.
      expect(csvField(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
      expect(csvField(`${start}1+1`)).toContain(`'${start}1+1`);
      const person = { ...lead.people![0]!, name: `${start}HYPERLINK("x")` };
      const csv = listCsv([{ ...lead, name: `${start}HYPERLINK("x")`, people: [person] }], zh, 'zh');
      for (const row of read(csv)) {
        expect(row['公司']!.startsWith(`'${start}`)).toBe(true);
        if (row['联系人']) expect(row['联系人']!.startsWith(`'${start}`)).toBe(true);
      }
    },
  );

  it('quotes commas, quotes and line breaks, and neutralizes formulas', () => {
    expect(csvField('Müller, "Licht" GmbH')).toBe('"Müller, ""Licht"" GmbH"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('plain')).toBe('plain');
    expect(listCsv([lead], zh, 'zh')).toContain(`"'=HYPERLINK(""x"")\n下周跟进"`);
  });
});
