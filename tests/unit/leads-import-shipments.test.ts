import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLeads } from '../../server/leads/generate.ts';
import { readCsv, type ImportRow } from '../../server/leads/importer.ts';
import {
  categoryFor,
  recordKey,
  ImportRefused,
  planCompanies,
  planShipments,
  readShipments,
  type ConsigneeLead,
  type ShipmentRow,
} from '../../server/leads/imports/shipments.ts';
import { CATEGORIES } from '../../server/leads/reference.ts';
import { keyName, productKey } from '../../server/search/keys.ts';
import { PRODUCT_BY_ID } from '../../server/search/products.ts';

const TODAY = new Date('2026-11-01T12:00:00Z');
const OPTIONS = { file: 'customs.csv', today: TODAY };
const sample = (name: string) =>
  readCsv(readFileSync(new URL(`../../docs/samples/${name}`, import.meta.url), 'utf8')).rows;
const HEADER =
  'Arrival Date,Consignee,Consignee Country,Shipper,HS Code,Product Description,Weight (kg),Quantity,Quantity Unit,Country of Origin,Port of Unlading,Bill of Lading';
const csv = (...lines: string[]) => readCsv([HEADER, ...lines].join('\n')).rows;
const slug = (slugName: string) => CATEGORIES.find((c) => c.slug === slugName)!.id;

describe('shipments import: reading rows', () => {
  it('reads the sample: dates in three orders, HS codes as digits, weights with separators, countries by code or name', () => {
    const { shipments, rejected } = readShipments(sample('shipments.csv'), OPTIONS);
    expect(rejected).toEqual([]);
    expect(
      shipments.map((s) => [
        s.record.shippedOn,
        s.record.hsCode,
        s.record.weightKg,
        s.consignee.country,
        s.record.origin,
      ]),
    ).toEqual([
      ['2026-03-14', '94051100', 12480, 'DE', 'CN'],
      ['2026-09-22', '940511', 3250, 'DE', 'CN'],
      ['2026-05-21', '940542', 8940, 'US', 'CN'],
      ['2026-07-30', '853952', 1250, 'FR', 'VN'],
      ['2026-08-18', '732690', 2100, 'AE', 'IN'],
    ]);
    expect(shipments[0]!.bol).toBe('EXMPLBOL260314001');
    expect(shipments[1]!.bol).toBeNull();
    expect(shipments[1]!.record).toMatchObject({
      quantity: 2000,
      quantityUnit: 'PCS',
      destinationPort: 'Hamburg',
      supplier: 'SHENZHEN EXAMPLE OPTO CO LTD',
      sourceUrl: 'customs.csv',
    });
  });

  it('reads other column names of the same facts, a URL column and a weight unit', () => {
    const rows = readCsv(
      'Date,Consignee,Country,HS Code,Origin,Weight,Weight Unit,Port,Bill of Lading Number,URL\n' +
        '2026-01-05,Acme GmbH,DE,9405.11,CN,"2,000",lb,Bremerhaven,bol 123,https://records.example/bol/123\n',
    ).rows;
    const { shipments, rejected } = readShipments(rows, OPTIONS);
    expect(rejected).toEqual([]);
    expect(shipments[0]!.record).toMatchObject({
      weightKg: 907,
      destinationPort: 'Bremerhaven',
      sourceUrl: 'https://records.example/bol/123',
    });
    expect(shipments[0]!.bol).toBe('BOL123');
  });

  it('rejects hostile rows with every reason, naming the column', () => {
    const { shipments, rejected, warnings } = readShipments(
      csv(
        '2026-03-14,"=HYPERLINK(""http://evil.example"")",DE,,9405.11,LED,100,1,PCS,CN,Hamburg,',
        '2026-02-30,Acme,DE,,9405.11,LED,100,1,PCS,CN,Hamburg,',
        '2027-01-01,Acme,DE,,9405.11,LED,100,1,PCS,CN,Hamburg,',
        '2026-03-14,Acme,DE,,94O5.11,LED,100,1,PCS,CN,Hamburg,',
        '2026-03-14,Acme,DE,,94,LED,100,1,PCS,CN,Hamburg,',
        '2026-03-14,Acme,Atlantis,,9405.11,LED,100,1,PCS,CN,Hamburg,',
        `2026-03-14,Acme,DE,,9405.11,${'LED '.repeat(600)},100,1,PCS,CN,Hamburg,`,
        ',,DE,,,LED,100,1,PCS,CN,Hamburg,',
        '2026-03-14,TO ORDER,DE,Ningbo Lamp Co,9405.11,LED,100,1,PCS,CN,Hamburg,',
        '2026-03-14,Acme,,,9405.11,LED,100,1,PCS,CN,,',
        '2026-03-14,Acme,DE,,,,100,1,PCS,CN,Hamburg,',
      ),
      OPTIONS,
    );
    expect(shipments).toEqual([]);
    expect(warnings).toEqual([]);
    const reasons = Object.fromEntries(rejected.map((r) => [r.row, r.reasons.join(' | ')]));
    expect(reasons[1]).toMatch(/^consignee: starts like a spreadsheet formula/);
    expect(reasons[2]).toBe('arrival date: not a day "2026-02-30"');
    expect(reasons[3]).toBe('arrival date: 2027-01-01 is in the future');
    expect(reasons[4]).toBe('hs code: digits only, not "94O5.11"');
    expect(reasons[5]).toBe('hs code: 4 to 10 digits, not "94"');
    expect(reasons[6]).toBe('consignee country: unknown country "Atlantis"');
    expect(reasons[7]).toBe('product description: at most 2000 characters (has 2399)');
    expect(reasons[8]).toBe('arrival date: missing | consignee: missing (no consignee and no shipper)');
    expect(reasons[9]).toBe('consignee: no buyer named ("TO ORDER", and no notify party)');
    expect(reasons[10]).toBe(
      "consignee country: missing (no country column, address or port tells the buyer's; give --country)",
    );
    expect(reasons[11]).toBe('hs code: missing (no HS code and no description)');
  });

  it('keeps a row whose optional cell cannot be read, without that cell, and says so', () => {
    const { shipments, rejected, warnings } = readShipments(
      csv(
        '2026-03-14,Acme,DE,,9405.11,LED,heavy,-3,PCS,Mars,Hamburg,',
        '2026-03-14,Acme,DE,,9405.11,LED,99999999999,1,PCS,CN,Hamburg,',
        '2026-03-14,Acme,DE,,9405.11,LED,12 stone,1,PCS,CN,Hamburg,',
        '2026-03-14,Acme,DE,,9405.11,LED,--,=1+1,PCS,CN,Hamburg,',
      ),
      OPTIONS,
    );
    expect(rejected).toEqual([]);
    expect(shipments.map((s) => [s.record.weightKg, s.record.quantity, s.record.origin])).toEqual([
      [null, null, ''],
      [null, 1, 'CN'],
      [null, 1, 'CN'],
      [null, null, 'CN'],
    ]);
    expect(warnings).toEqual([
      {
        row: 1,
        reasons: [
          'country of origin: unknown country "Mars"',
          'weight (kg): not an amount "heavy", left out',
          'quantity: not an amount "-3", left out',
        ],
      },
      { row: 2, reasons: ['weight (kg): not an amount "99999999999", left out'] },
      { row: 3, reasons: ['weight (kg): kg, lb or t, not "stone", left out'] },
      // Junk in an amount cell is never stored, so it is left out even when it starts like a formula.
      {
        row: 4,
        reasons: ['weight (kg): not an amount "--", left out', 'quantity: not an amount "=1+1", left out'],
      },
    ]);
  });

  it('reads units written in the amount cells, a notify party for a bill to order, and the country from the address', () => {
    const rows = readCsv(
      'Date,Bill of Lading,Shipper,Consignee,Consignee Address,Notify Party,Product Description,HS Code,Quantity,Weight,Port of Unlading,Country of Origin\n' +
        '10/21/2026,AB123,KUNSHAN DEMO TOOLS CO LTD,BAYSIDE PUMPS LLC,"12 HARBOR RD, MIAMI, FL 33101",SAME AS CONSIGNEE,GARDEN PUMP,8413.70,450 CTNS,"5,000 LBS","Miami, Florida",China\n' +
        '10/03/2026,AB124,KUNSHAN DEMO TOOLS CO LTD,TO THE ORDER OF FIRST BANK,,Bayside Pumps LLC,GARDEN PUMP,841370,20 PKGS,1.2 T,"Miami, Florida",CN\n',
    ).rows;
    const { shipments, rejected } = readShipments(rows, OPTIONS);
    expect(rejected).toEqual([]);
    expect(
      shipments.map((s) => [
        s.record.shippedOn,
        s.consignee,
        s.shipper,
        s.record.quantity,
        s.record.quantityUnit,
        s.record.weightKg,
      ]),
    ).toEqual([
      [
        '2026-10-21',
        { name: 'BAYSIDE PUMPS LLC', country: 'US' },
        { name: 'KUNSHAN DEMO TOOLS CO LTD', country: 'CN' },
        450,
        'CTNS',
        2268,
      ],
      [
        '2026-10-03',
        { name: 'Bayside Pumps LLC', country: 'US' },
        { name: 'KUNSHAN DEMO TOOLS CO LTD', country: 'CN' },
        20,
        'PKGS',
        1200,
      ],
    ]);
    // A single-country export with no address or port: the country given on the command line.
    // A notify party's address, and a US state's name after the port: the US, not the country Georgia.
    const notified = readCsv(
      'Date,Consignee,Consignee Address,Notify Party,Notify Address,HS Code,US Port\n' +
        '2026-10-03,TO THE ORDER OF,,Bayside Pumps LLC,410 COMMERCE DR HIGH POINT NC 27260 ATTN: PURCHASING,841370,"OSLO, NORWAY"\n' +
        '2026-10-04,Bayside Pumps LLC,,,,841370,"SAVANNAH, GEORGIA"\n',
    ).rows;
    expect(readShipments(notified, OPTIONS).shipments.map((s) => s.consignee.country)).toEqual(['US', 'US']);
    const bare = readCsv('Date,Consignee,HS Code\n2026-10-03,Bayside Pumps,841370\n').rows;
    expect(readShipments(bare, OPTIONS).rejected).toHaveLength(1);
    expect(readShipments(bare, { ...OPTIONS, country: 'US' }).shipments[0]!.consignee.country).toBe('US');
  });

  it("reads the file's day order from its days, is told it when none says, and refuses a file that says both", () => {
    const header = 'Date,Consignee,Consignee Country,HS Code\n';
    const days = (...dates: string[]) =>
      readCsv(header + dates.map((d) => `${d},Acme,DE,940511`).join('\n')).rows;
    const read = (rows: ImportRow[], dateOrder?: 'dmy' | 'mdy') =>
      readShipments(rows, { ...OPTIONS, ...(dateOrder ? { dateOrder } : {}) }).shipments.map(
        (s) => s.record.shippedOn,
      );
    expect(read(days('03/04/2026', '25/09/2026'))).toEqual(['2026-04-03', '2026-09-25']);
    expect(read(days('03/04/2026', '10/23/2026'))).toEqual(['2026-03-04', '2026-10-23']);
    expect(() => read(days('03/04/2026', '05/06/2026'))).toThrow(
      'customs.csv: no day says whether the day or the month comes first (such as 03/04/2026); give --date-order dmy (day first) or mdy (month first)',
    );
    expect(read(days('03/04/2026', '05/06/2026'), 'dmy')).toEqual(['2026-04-03', '2026-06-05']);
    expect(() => read(days('25/09/2026', '10/23/2026'))).toThrow(ImportRefused);
    // Told an order, a day that cannot be read in it is that row's error, not a swapped day.
    const told = readShipments(days('25/09/2026', '10/23/2026'), { ...OPTIONS, dateOrder: 'dmy' });
    expect(told.rejected).toEqual([{ row: 2, reasons: ['date: not a day "10/23/2026"'] }]);
    // Days with dots are day first, and no other day is needed to say so.
    expect(read(days('03.04.2026'))).toEqual(['2026-04-03']);
  });

  it('gives a row of several HS codes one record per code, each with its part of the description', () => {
    const rows = readCsv(
      'Bill of Lading Number,Arrival Date,Consignee,Consignee Country,Shipper,Shipper Country,HS Code,Goods Shipped,Weight (kg),Quantity\n' +
        'XY1,2026-10-01,Acme GmbH,Germany,Lamp Co,China (Mainland),9405.11; 9405.42,LED PANEL; LED DOWNLIGHT,3000,1120; 600\n' +
        'XY2,2026-10-02,Acme GmbH,Germany,Lamp Co,China (Mainland),9405.11; 9405.42,LED LIGHTS,1200; 1800 kg,1700\n',
    ).rows;
    const { shipments, warnings } = readShipments(rows, OPTIONS);
    expect(warnings).toEqual([]);
    expect(
      shipments.map((s) => [
        s.row,
        s.line,
        s.record.hsCode,
        s.record.product,
        s.record.weightKg,
        s.record.quantity,
        s.record.origin,
      ]),
    ).toEqual([
      // The bill's one weight (or quantity) is for all its lines: no line gets it.
      [1, 1, '940511', 'LED PANEL', null, 1120, 'CN'],
      [1, 2, '940542', 'LED DOWNLIGHT', null, 600, 'CN'],
      [2, 1, '940511', 'LED LIGHTS', 1200, null, 'CN'],
      [2, 2, '940542', 'LED LIGHTS', 1800, null, 'CN'],
    ]);
    const plan = planShipments(shipments, [leadNamed('L1', 'Acme GmbH', 'DE')], 'Customs');
    expect(plan.shipments.map((s) => s.sourceRef)).toEqual(['XY1#1', 'XY1#2', 'XY2#1', 'XY2#2']);
  });
});

describe('shipments import: the category of a record', () => {
  const panel = slug('led-panel-lights');
  const down = slug('downlights-spotlights');
  const deco = slug('decorative-lighting');

  it('is the only category whose HS code starts the record’s', () => {
    expect(categoryFor('85395200', [], '')?.slug).toBe('led-bulbs');
    expect(categoryFor('8539', [], '')).toBeNull();
    expect(categoryFor('73269098', [], 'STEEL BRACKETS')).toBeNull();
  });

  it('prefers the one category of a shared HS code the company carries', () => {
    expect(categoryFor('940511', [down, slug('led-bulbs')], 'LED PANEL LIGHT')?.id).toBe(down);
  });

  it('reads the product description when the company carries none or several of them', () => {
    expect(categoryFor('940511', [], 'LED PANEL LIGHT 600X600')?.id).toBe(panel);
    expect(categoryFor('940511', [panel, down, deco], 'RECESSED DOWNLIGHT 12W')?.id).toBe(down);
    // Carried ones first: the description names a category the company does not carry.
    expect(categoryFor('940511', [panel, down], 'CRYSTAL CHANDELIER')).toBeNull();
    expect(categoryFor('940511', [], 'LIGHTING FITTINGS')).toBeNull();
  });
});

describe('shipments import: the search key of a record (issue 32, item 1)', () => {
  const named = (key: number | null) => (key === null ? null : keyName(key, 'en'));
  const product = (id: string) => productKey(PRODUCT_BY_ID.get(id)!);

  it('is the catalogue product when no demo category is filed under the code', () => {
    expect(named(recordKey('030617', [], 'FROZEN VANNAMEI SHRIMP HLSO 31/40'))).toBe('vannamei shrimp');
    expect(named(recordKey('401120', [], 'TRUCK TYRES 315/80R22.5'))).toBe('truck tyres');
    expect(named(recordKey('320611', [], 'TITANIUM DIOXIDE RUTILE'))).toBe('titanium dioxide');
    // Without a description: the product the code reads as.
    expect(recordKey('401120', [], '')).toBe(product('truck-tyres'));
    // Without a code: the product the description names, and none when it names none.
    expect(named(recordKey('', [], 'frozen shrimp'))).toBe('frozen shrimp');
    expect(recordKey('', [], 'AS PER INVOICE')).toBeNull();
    // Nor a misspelling it would read without a code: "SHIPPER" is not "slippers".
    expect(recordKey('', [], 'SHIPPER LOAD AND COUNT')).toBeNull();
  });

  it('reads the description among the products under the code, then under its heading', () => {
    // Nitrile gloves are declared under 4015.19 and catalogued under 4015.12 (same heading).
    expect(named(recordKey('401519', [], 'NITRILE EXAM GLOVES POWDER FREE'))).toBe('medical gloves');
    expect(named(recordKey('940542', [], 'LED DOWNLIGHT'))).toBe('LED downlights');
    // A description naming nothing under the code is not believed over the code.
    expect(named(recordKey('401120', [], 'LED PANEL LIGHT'))).toBe('truck tyres');
  });

  it('is not a category that deals in something else under the same code', () => {
    // Sofas are the only demo category under 9401.61, but dining chairs are no sofas.
    expect(categoryFor('940161', [], 'UPHOLSTERED DINING CHAIR OAK')?.slug).toBe('sofas');
    expect(named(recordKey('940161', [], 'UPHOLSTERED DINING CHAIR OAK'))).toBe('chairs');
    expect(recordKey('940161', [], 'SOFA 3 SEATER FABRIC')).toBe(slug('sofas'));
  });

  it('is the demo category that deals in the record’s product, or the company’s own that it covers', () => {
    expect(recordKey('940511', [], 'LED PANEL LIGHT 600X600MM 40W')).toBe(slug('led-panel-lights'));
    expect(recordKey('853952', [], 'LED BULB A60 9W E27')).toBe(slug('led-bulbs'));
    // "LED LIGHT" is broader than LED panel lights: the company's own category when it lists it.
    expect(recordKey('940511', [], 'LED LIGHT')).toBe(product('led-lights'));
    expect(recordKey('940511', [slug('led-panel-lights')], 'LED LIGHT')).toBe(slug('led-panel-lights'));
  });
});

const leadNamed = (id: string, name: string, country: string, categoryIds: number[] = []): ConsigneeLead => ({
  id,
  name,
  country,
  categoryIds,
});
const rowOf = (
  row: number,
  consignee: string,
  country: string,
  overrides: Partial<ShipmentRow['record']> = {},
  bol: string | null = null,
): ShipmentRow => ({
  row,
  consignee: { name: consignee, country },
  shipper: null,
  bol,
  line: null,
  record: {
    shippedOn: '2026-03-14',
    hsCode: '940511',
    product: 'LED PANEL LIGHT',
    quantity: 100,
    quantityUnit: 'PCS',
    weightKg: 200,
    origin: 'CN',
    destinationPort: 'Hamburg',
    supplier: null,
    sourceUrl: 'customs.csv',
    ...overrides,
  },
});

describe('shipments import: the companies a file names', () => {
  const party = (name: string, country: string) => ({ name, country });
  const withParties = (
    row: number,
    consignee: [string, string],
    shipper: [string, string] | null,
    hsCode = '940511',
  ) => ({
    ...rowOf(row, ...consignee, { hsCode }),
    shipper: shipper && party(...shipper),
  });

  it('makes each consignee not stored a buyer and each shipper a supplier, once however spelt', () => {
    const companies = planCompanies(
      [
        withParties(1, ['KRANICH WERKZEUGE GMBH', 'DE'], ['NINGBO LAMP CO LTD', 'CN']),
        withParties(2, ['Kranich Werkzeuge GmbH Bremen', 'DE'], ['Ningbo Lamp Co., Ltd.', 'CN'], '853952'),
        withParties(3, ['Tavento Works AG', 'DE'], null),
        withParties(4, ['Kranich Werkzeuge', 'AT'], null),
      ],
      [leadNamed('L1', 'Tavento Works AG', 'DE')],
    );
    expect(companies).toEqual([
      {
        name: 'Kranich Werkzeuge GmbH Bremen',
        country: 'DE',
        role: 'buyer',
        categoryIds: [slug('led-panel-lights'), slug('led-bulbs')],
      },
      {
        name: 'Ningbo Lamp Co., Ltd.',
        country: 'CN',
        role: 'supplier',
        categoryIds: [slug('led-panel-lights'), slug('led-bulbs')],
      },
      { name: 'Kranich Werkzeuge', country: 'AT', role: 'buyer', categoryIds: [slug('led-panel-lights')] },
    ]);
  });

  it('makes a party that is a consignee anywhere in the file a buyer, and leaves one that could be several stored companies alone', () => {
    const companies = planCompanies(
      [
        withParties(1, ['Acme Trading', 'US'], ['Lamp Co', 'CN']),
        withParties(2, ['Lamp Co', 'CN'], ['Driftmoor', 'DE']),
      ],
      [leadNamed('L2', 'Driftmoor AG', 'DE'), leadNamed('L3', 'Driftmoor GmbH', 'DE')],
    );
    expect(companies.map((c) => [c.name, c.role])).toEqual([
      ['Acme Trading', 'buyer'],
      ['Lamp Co', 'buyer'],
    ]);
  });
});

describe('shipments import: matching rows to companies', () => {
  const stored = [
    leadNamed('L1', 'Tavento Works AG', 'DE'),
    leadNamed('L2', 'Driftmoor AG', 'DE'),
    leadNamed('L3', 'Driftmoor GmbH', 'DE'),
    leadNamed('L4', 'Driftmoor GmbH & Co. KG', 'DE'),
    leadNamed('L5', 'Tavento Works Ltd', 'GB'),
  ];

  it('finds the one company of equal normalized name in the consignee’s country', () => {
    const plan = planShipments(
      [rowOf(1, 'TAVENTO WORKS A.G.', 'DE'), rowOf(2, 'tavento works', 'GB')],
      stored,
      'Customs',
    );
    expect(plan.unmatched).toEqual([]);
    expect(plan.shipments.map((s) => s.leadId)).toEqual(['L1', 'L5']);
  });

  it('reports a row that names no company, or several, with why', () => {
    const plan = planShipments(
      [rowOf(1, 'Nobody GmbH', 'DE'), rowOf(2, 'DRIFTMOOR', 'DE'), rowOf(3, 'Tavento Works', 'FR')],
      stored,
      'Customs',
    );
    expect(plan.shipments).toEqual([]);
    expect(plan.unmatched).toEqual([
      { row: 1, reason: 'no company named "Nobody GmbH" in DE' },
      { row: 2, reason: '3 companies named "DRIFTMOOR" in DE (L2, L3, L4)' },
      { row: 3, reason: 'no company named "Tavento Works" in FR' },
    ]);
  });

  it('tells companies of one name apart by their legal form', () => {
    const plan = planShipments(
      [rowOf(1, 'DRIFTMOOR GMBH', 'DE'), rowOf(2, 'Driftmoor A.G.', 'DE')],
      stored,
      'Customs',
    );
    expect(plan.shipments.map((s) => s.leadId)).toEqual(['L3', 'L2']);
  });

  it('refers to a record by its bill of lading, else by a hash of its fields that does not depend on how they were written', () => {
    const plan = planShipments(
      [rowOf(1, 'Tavento Works AG', 'DE', {}, 'BOL1'), rowOf(2, 'Tavento Works AG', 'DE')],
      stored,
      'Customs',
    );
    expect(plan.shipments[0]!.sourceRef).toBe('BOL1');
    expect(plan.shipments[1]!.sourceRef).toMatch(/^hash-[0-9a-f]{24}$/);
    const us = readShipments(
      csv('09/02/2026,TAVENTO WORKS AG,DE,,9405.11,LED PANEL,"3,250",10,PCS,CN,Hamburg,'),
      { ...OPTIONS, dateOrder: 'mdy' },
    ).shipments;
    const eu = readShipments(
      csv('02.09.2026,Tavento Works AG,Germany,,940511,LED  panel,3.250,10,pcs,China,HAMBURG,'),
      OPTIONS,
    ).shipments;
    const refs = [us, eu].map((rows) => planShipments(rows, stored, 'Customs').shipments[0]!.sourceRef);
    expect(refs[0]).toBe(refs[1]);
    const other = readShipments(
      csv('02.09.2026,Tavento Works AG,Germany,,940511,LED panel,3.250,11,pcs,China,HAMBURG,'),
      OPTIONS,
    ).shipments;
    expect(planShipments(other, stored, 'Customs').shipments[0]!.sourceRef).not.toBe(refs[0]);
  });

  it('imports a row repeated in one file once, and rejects a bill of lading given twice with other details', () => {
    const plan = planShipments(
      [
        rowOf(1, 'Tavento Works AG', 'DE'),
        rowOf(2, 'Tavento Works AG', 'DE'),
        rowOf(3, 'Tavento Works AG', 'DE', {}, 'BOL1'),
        rowOf(4, 'Tavento Works AG', 'DE', { quantity: 5 }, 'BOL1'),
      ],
      stored,
      'Customs',
    );
    expect(plan.shipments).toHaveLength(2);
    expect(plan.repeated).toBe(1);
    expect(plan.rejected).toEqual([
      { row: 4, reasons: ['bill of lading BOL1: also on row 3 with other details (one record per bill)'] },
    ]);
  });

  it('matches every row of the sample to exactly one demo company', { timeout: 30_000 }, () => {
    const { shipments } = readShipments(sample('shipments.csv'), OPTIONS);
    const plan = planShipments(shipments, generateLeads(), 'shipments.csv');
    expect(plan.unmatched).toEqual([]);
    expect(plan.shipments).toHaveLength(5);
    expect(plan.shipments.map((s) => s.categoryId)).toEqual([
      slug('led-panel-lights'),
      slug('downlights-spotlights'),
      slug('street-lights'),
      slug('led-bulbs'),
      // No demo category is filed under 7326.90: the record is of the catalogue product the code reads as.
      productKey(PRODUCT_BY_ID.get('sheet-metal-fabrication')!),
    ]);
  });
});
