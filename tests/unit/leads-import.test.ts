import { describe, expect, it } from 'vitest';
import { parseCsv, validateImport } from '../../server/leads/importer.ts';

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
