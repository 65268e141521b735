import { describe, expect, it } from 'vitest';
import { generateLeads } from '../../server/leads/generate.ts';
import { parseCsv, validateImport } from '../../server/leads/importer.ts';
import { leadQuality } from '../../server/leads/rank.ts';
import { CATEGORY_BY_ID } from '../../server/leads/reference.ts';

const CSV = `\uFEFFname,role,country,city,website,size,description_en,description_zh,products,emails,phones,socials
"Nordlicht Import GmbH",buyer,DE,Hamburg,https://www.nordlicht.example,51-200,"Imports LED panels, bulbs",进口LED面板,led-panel-lights;LED bulbs,info@nordlicht.example:valid;anna.k@nordlicht.example,+49 555 1234 5678,https://www.linkedin.com/company/nordlicht
Broken Row,seller,Atlantis,,,huge,,,flying cars,not-an-email:maybe,abc,https://evil.example/x
"Saigon ""Textile"" Co",supplier,越南,Ho Chi Minh City,,1000+,,,textile-fabrics,,,
`;

describe('leads importer (npm run leads:import)', () => {
  it('parses CSV with a BOM, quoted fields and doubled quotes', () => {
    const rows = parseCsv(CSV);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.description_en).toBe('Imports LED panels, bulbs');
    expect(rows[2]!.name).toBe('Saigon "Textile" Co');
  });

  it('accepts valid rows with countries and products by code, name or Chinese name', () => {
    const { accepted } = validateImport(parseCsv(CSV));
    expect(accepted.map((lead) => [lead.name, lead.role, lead.country])).toEqual([
      ['Nordlicht Import GmbH', 'buyer', 'DE'],
      ['Saigon "Textile" Co', 'supplier', 'VN'],
    ]);
    expect(accepted[0]!.categoryIds).toHaveLength(2);
    expect(accepted[0]!.contacts.filter((c) => c.kind === 'email').map((c) => c.label)).toEqual([
      'valid',
      'unknown',
    ]);
  });

  it('reports every rejected row with each reason', () => {
    const { rejected } = validateImport(parseCsv(CSV));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.row).toBe(2);
    const reasons = rejected[0]!.reasons.join(' | ');
    for (const field of ['role:', 'country:', 'products:', 'size:', 'emails:', 'phones:', 'socials:'])
      expect(reasons).toContain(field);
  });
});

describe('leads importer: hostile company rows', () => {
  it('rejects formula cells, control characters and huge descriptions, naming the field', () => {
    const base = { role: 'buyer', country: 'DE', products: 'led-panel-lights' };
    const { accepted, rejected } = validateImport([
      { ...base, name: '=HYPERLINK("http://evil.example","Acme")' },
      { ...base, name: 'Acme GmbH', city: '@SUM(1+1)' },
      { ...base, name: 'Acme\u0000 GmbH' },
      { ...base, name: 'Acme GmbH', description_en: 'x'.repeat(2001) },
      { ...base, name: 'Acme GmbH', emails: '=1+2@acme.example' },
      { ...base, name: 'Acme GmbH', city: 'Hamburg', description_en: '-5 % off' },
    ]);
    expect(rejected).toEqual([
      { row: 1, reasons: ['name: starts like a spreadsheet formula (=, +, -, @)'] },
      { row: 2, reasons: ['city: starts like a spreadsheet formula (=, +, -, @)'] },
      { row: 3, reasons: ['name: control characters'] },
      { row: 4, reasons: ['description_en: at most 2000 characters (has 2001)'] },
      { row: 5, reasons: ['emails: invalid "=1+2@acme.example"'] },
    ]);
    expect(accepted.map((lead) => lead.city)).toEqual(['Hamburg']);
  });
});

describe('leads importer CSV (what a spreadsheet export throws at it)', () => {
  const HEADER = 'Name , Role,country,products,description_en';

  it('reads quoted fields holding commas, quotes and line breaks, with CRLF line ends', () => {
    const rows = parseCsv(
      `${HEADER}\r\n"Acme, Inc.",buyer,DE,led-panel-lights,"Line one,\r\nline ""two"""\r\nBeta Ltd,supplier,VN,textile-fabrics,\r\n`,
    );
    expect(rows).toEqual([
      {
        name: 'Acme, Inc.',
        role: 'buyer',
        country: 'DE',
        products: 'led-panel-lights',
        description_en: 'Line one,\r\nline "two"',
      },
      { name: 'Beta Ltd', role: 'supplier', country: 'VN', products: 'textile-fabrics', description_en: '' },
    ]);
  });

  it('drops a byte-order mark, blank lines and rows of empty fields', () => {
    const rows = parseCsv(
      `\uFEFF${HEADER}\n\nAcme,buyer,DE,led-panel-lights,x\n,,,,\n\nBeta,supplier,VN,textile-fabrics,y`,
    );
    expect(rows.map((r) => r.name)).toEqual(['Acme', 'Beta']);
    expect(Object.keys(rows[0]!)[0]).toBe('name');
  });

  it('refuses a ragged row with an error naming its line', () => {
    const text = `\uFEFF${HEADER}\r\n"Acme\r\nGroup",buyer,DE,led-panel-lights,x\r\n\r\nBeta,supplier,VN\r\n`;
    expect(() => parseCsv(text)).toThrow('CSV line 5: 3 fields where the header has 5');
    expect(() => parseCsv(`${HEADER}\nAcme,buyer,DE,led-panel-lights,x,extra`)).toThrow(
      'CSV line 2: 6 fields where the header has 5',
    );
  });

  it('refuses a quote left open with an error naming a line', () => {
    expect(() => parseCsv(`${HEADER}\nAcme,buyer,DE,led-panel-lights,"unclosed\n`)).toThrow(
      /^CSV line \d+: Quote Not Closed/,
    );
  });

  it('imports rows parsed from a real CSV like rows from JSON', () => {
    const csv = parseCsv(
      `${HEADER}\r\n"Acme, Inc.",buyer,Germany,"led-panel-lights;LED bulbs","Panels, bulbs"\r\n`,
    );
    const json = validateImport([
      {
        name: 'Acme, Inc.',
        role: 'buyer',
        country: 'Germany',
        products: 'led-panel-lights;LED bulbs',
        description_en: 'Panels, bulbs',
      },
    ]);
    expect(validateImport(csv)).toEqual(json);
  });
});

describe('lead ranking is defined once', () => {
  it('an imported lead scores and searches exactly like the seeded lead it copies', () => {
    const seeded = generateLeads({ perMajor: 1, perOther: 1 });
    const rows = seeded.map((lead) => ({
      name: lead.name,
      role: lead.role,
      country: lead.country,
      city: lead.city,
      website: lead.website ?? '',
      size: lead.size,
      description_en: lead.descriptionEn,
      description_zh: lead.descriptionZh,
      products: lead.categoryIds.map((id) => CATEGORY_BY_ID.get(id)!.slug).join(';'),
      emails: lead.contacts
        .filter((c) => c.kind === 'email')
        .map((c) => `${c.value}:${c.label}`)
        .join(';'),
      phones: lead.contacts
        .filter((c) => c.kind === 'phone')
        .map((c) => c.value)
        .join(';'),
      socials: lead.contacts
        .filter((c) => c.kind === 'social')
        .map((c) => c.value)
        .join(';'),
    }));
    const { accepted, rejected } = validateImport(rows);
    // The demo generator makes some social links the importer refuses (e.g. `-` in an X handle); compare the rest.
    for (const r of rejected) expect(r.reasons.every((reason) => reason.startsWith('socials:'))).toBe(true);
    const refused = new Set(rejected.map((r) => r.row - 1));
    const comparable = seeded.filter((_, i) => !refused.has(i));
    expect(comparable.length).toBeGreaterThan(seeded.length / 2);
    const pick = (lead: (typeof seeded)[number]) => ({
      quality: lead.quality,
      searchText: lead.searchText,
      categoryIds: lead.categoryIds,
      // A company file has no people: which person an address belongs to comes from a contacts file.
      contacts: lead.contacts.map(({ personId: _person, ...contact }) => contact),
    });
    expect(accepted.map(pick)).toEqual(comparable.map(pick));
    // The scores differ between leads, so equal scores above are not a coincidence of one constant.
    expect(new Set(comparable.map((lead) => lead.quality)).size).toBeGreaterThan(3);
  });

  it('scores contacts and size the same way for every lead', () => {
    const contacts = (emails: number, others: number) => [
      ...Array.from({ length: emails }, () => ({ kind: 'email' as const })),
      ...Array.from({ length: others }, () => ({ kind: 'phone' as const })),
    ];
    expect(leadQuality(contacts(2, 1), '51-200')).toBe(2 * 16 + 4 + 10);
    expect(leadQuality(contacts(2, 1), '1-10')).toBe(2 * 16 + 4);
    expect(leadQuality(contacts(2, 1), '')).toBe(2 * 16 + 4);
    expect(leadQuality(contacts(9, 9), '1000+')).toBe(100);
  });
});
