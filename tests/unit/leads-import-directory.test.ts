import { describe, expect, it } from 'vitest';
import { readCsv } from '../../server/leads/importer.ts';
import { activityOf, keysOf, readDirectory, sizeOf } from '../../server/leads/imports/directory.ts';
import { detectLayout } from '../../server/leads/imports/layout.ts';
import { CATEGORIES } from '../../server/leads/reference.ts';
import { keyName, PRODUCT_KEY_BASE } from '../../server/search/keys.ts';

const named = (text: string) =>
  keysOf(text).map((key) => [key < PRODUCT_KEY_BASE ? 'category' : 'product', keyName(key, 'en')]);
const slug = (name: string) => CATEGORIES.find((category) => category.slug === name)!.id;

describe('directory import: what a listing says', () => {
  it('reads the activity as the kind of company and its role, the first one named deciding', () => {
    expect(activityOf('Importer/Exporter')).toEqual({ companyType: 'importer', role: 'buyer' });
    expect(activityOf('Wholesaler, Distributor')).toEqual({ companyType: 'wholesaler', role: 'buyer' });
    expect(activityOf('Distributeur')).toEqual({ companyType: 'distributor', role: 'buyer' });
    expect(activityOf('Großhandel')).toEqual({ companyType: 'wholesaler', role: 'buyer' });
    expect(activityOf('经销商')).toEqual({ companyType: 'distributor', role: 'buyer' });
    expect(activityOf('Manufacturer/producer')).toEqual({ companyType: 'manufacturer', role: 'supplier' });
    expect(activityOf('生产厂家')).toEqual({ companyType: 'manufacturer', role: 'supplier' });
    expect(activityOf('Exporter')).toEqual({ companyType: 'exporter', role: 'supplier' });
    for (const neither of ['Service provider', 'Agent', 'Consultancy', ''])
      expect(activityOf(neither), neither).toBeNull();
  });

  it('puts an employee band in the range of its middle', () => {
    const cases: [string, string][] = [
      ['1-9', '1-10'],
      ['10-49', '11-50'],
      ['50-249', '51-200'],
      ['250 - 499', '201-500'],
      ['1,000-4,999', '1000+'],
      ['1000+', '1000+'],
      ['more than 500', '501-1000'],
      ['85', '51-200'],
      ['unknown', ''],
    ];
    for (const [band, range] of cases) expect(sizeOf(band), band).toBe(range);
  });

  it('classifies free-text products, Chinese and English, with the search’s product reader', () => {
    expect(named('LED面板灯、LED筒灯')).toEqual([
      ['category', 'LED panel lights'],
      ['category', 'Downlights and spotlights'],
    ]);
    expect(named('Distribution of LED panel lights and downlights')).toEqual([
      ['category', 'LED panel lights'],
      ['category', 'Downlights and spotlights'],
    ]);
    expect(named('frozen shrimp; nitrile gloves')).toEqual([
      ['category', 'Seafood and frozen fish'],
      ['category', 'Medical and disposable gloves'],
    ]);
    // A product no demo category is keys the company by itself: found for it, not for a narrower one.
    expect(named('Großhandel mit LED-Leuchten')).toEqual([['product', 'LED lights']]);
    // A broader product beside a narrower one adds nothing: luminaires and LED are LED panel lights here.
    expect(named('Import de luminaires LED, LED panel lights')).toEqual([['category', 'LED panel lights']]);
    expect(named('titanium dioxide, lithium carbonate')).toEqual([
      ['product', 'titanium dioxide'],
      ['product', 'lithium carbonate'],
    ]);
    expect(named('Lichtplanung und Beratung')).toEqual([]);
  });
});

describe('directory import: reading rows', () => {
  it('tells a directory by its header, with ; as European spreadsheets separate, and a Canton Fair list', () => {
    const europages = readCsv(
      'Company name;Country;City;Website;Main activity;Description;Employees;Year established\r\n' +
        'Kranich Leuchten GmbH;Germany;Bremen;www.kranich.example;Importer/Exporter;"LED-Panels; Downlights, Strahler";10-49;1998\r\n',
    );
    expect(detectLayout(europages.header)).toBe('directory');
    expect(europages.rows[0]!.description).toBe('LED-Panels; Downlights, Strahler');
    // A tab-separated export, and a comma-separated one whose quoted header names hold semicolons.
    expect(readCsv('Company name\tCountry\nAcme, Inc.\tUS\n').rows).toEqual([
      { 'company name': 'Acme, Inc.', country: 'US' },
    ]);
    expect(readCsv('"Name; legal",Country\nAcme;Ltd,GB\n').rows).toEqual([
      { 'name; legal': 'Acme;Ltd', country: 'GB' },
    ]);
    const canton = readCsv('届次,展位号,公司名称,英文名称,省份,城市,主营产品,电话,邮箱,网址\n');
    expect(detectLayout(canton.header)).toBe('directory');
  });

  it('reads a listing: role, kind, size, year, website made a link, products classified, description kept', () => {
    const { companies, rejected, warnings } = readDirectory(
      readCsv(
        'Company name;Country;City;Phone;Website;Main activity;Description;Employees;Year established\n' +
          'Kranich Leuchten GmbH;Germany;Bremen;+49 421 555 0100;www.kranich.example/de/;Distributor;Distribution of LED panel lights;10-49;1998\n' +
          'Atelier Lumen SARL;France;Lyon;call us;lumen;Manufacturer/producer;Fabricant de luminaires;about 20;MCMXC\n' +
          'Lumen Nord SARL;France;Lille;;ftp://lumen-nord.example;Manufacturer;Luminaires;;\n',
      ).rows,
      {},
    );
    expect(rejected).toEqual([]);
    expect(companies[0]).toEqual({
      row: 1,
      name: 'Kranich Leuchten GmbH',
      otherNames: [],
      country: 'DE',
      city: 'Bremen',
      website: 'https://www.kranich.example/de/',
      role: 'buyer',
      companyType: 'distributor',
      size: '11-50',
      foundedYear: 1998,
      descriptionEn: 'Distribution of LED panel lights',
      descriptionZh: '',
      categoryIds: [slug('led-panel-lights')],
      emails: [],
      phones: ['+49 421 555 0100'],
    });
    expect(companies[1]).toMatchObject({
      role: 'supplier',
      website: null,
      phones: [],
      size: '11-50',
      foundedYear: null,
    });
    expect(warnings).toEqual([
      {
        row: 2,
        reasons: [
          'website: not a website "lumen", left out',
          'phone: not a phone number "call us", left out',
          'year established: not a year "MCMXC", left out',
        ],
      },
      { row: 3, reasons: ['website: not a website "ftp://lumen-nord.example", left out'] },
    ]);
  });

  it('reads a Canton Fair exhibitor: both names, China unless its city says otherwise, a supplier', () => {
    const { companies, rejected } = readDirectory(
      readCsv(
        '届次,展位号,公司名称,英文名称,省份,城市,主营产品,手机,邮箱\n' +
          '第140届,11.2E08,宁波示例照明有限公司,"Ningbo Example Lighting Co., Ltd.",浙江省,宁波市,LED面板灯、LED筒灯,138 5741 2233,Sales@example-lighting.example\n' +
          '第140届,9.1A01,香港示例贸易有限公司,,,香港,LED灯带,+852 2555 0101,\n' +
          '第139届,9.1A02,,,,,LED灯带,,\n',
      ).rows,
      {},
    );
    expect(rejected).toEqual([{ row: 3, reasons: ['公司名称: missing'] }]);
    expect(companies.map((c) => [c.name, c.otherNames, c.country, c.role, c.companyType, c.emails])).toEqual([
      [
        'Ningbo Example Lighting Co., Ltd.',
        ['宁波示例照明有限公司'],
        'CN',
        'supplier',
        'manufacturer',
        ['sales@example-lighting.example'],
      ],
      ['香港示例贸易有限公司', [], 'HK', 'supplier', 'manufacturer', []],
    ]);
    expect(companies[0]!.descriptionZh).toBe('LED面板灯、LED筒灯');
  });

  it('takes the country given for rows without one, and rejects a row whose country it cannot tell', () => {
    const rows = readCsv('Company name,Main activity\nKranich Leuchten GmbH,Distributor\n').rows;
    expect(readDirectory(rows, {}).rejected).toEqual([
      {
        row: 1,
        reasons: ['country: missing (no country column, and the city does not say; give --country)'],
      },
    ]);
    expect(readDirectory(rows, { country: 'DE' }).companies[0]!.country).toBe('DE');
    const hostile = readCsv(
      'Company name,Country,Main activity\n"=HYPERLINK(""x"")",DE,Distributor\nAcme,Narnia,Distributor\n',
    ).rows;
    expect(readDirectory(hostile, {}).rejected.map((r) => r.reasons.join(' | '))).toEqual([
      'company name: starts like a spreadsheet formula (=, +, -, @)',
      'country: unknown country "Narnia"',
    ]);
  });
});
