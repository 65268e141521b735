import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../server/leads/importer.ts';
import {
  dayOrderOf,
  looksLikeFormula,
  parseAmount,
  parseDay,
  parseMeasure,
  textProblem,
} from '../../server/leads/imports/cells.ts';
import {
  detectLayout,
  missingColumns,
  readColumnMap,
  readImportFile,
  rowsFromJson,
} from '../../server/leads/imports/layout.ts';
import {
  companyKey,
  countryCode,
  fullCompanyKey,
  hostOf,
  isWebmail,
} from '../../server/leads/imports/match.ts';

const sample = (name: string) => readFileSync(new URL(`../../docs/samples/${name}`, import.meta.url), 'utf8');

describe('import cells', () => {
  it('reads days as ISO, US month-first with slashes, or European day-first with dots', () => {
    expect(parseDay('2026-03-14')).toBe('2026-03-14');
    expect(parseDay('2026-03-14T08:30:00Z')).toBe('2026-03-14');
    expect(parseDay('2026-3-4 08:30')).toBe('2026-03-04');
    expect(parseDay('09/02/2026')).toBe('2026-09-02');
    expect(parseDay('02.09.2026')).toBe('2026-09-02');
    expect(parseDay(' 1/5/2026 ')).toBe('2026-01-05');
  });

  it('refuses days that are not in the calendar or not in a known order', () => {
    for (const bad of [
      '02/30/2026',
      '13/01/2026',
      '2026-13-01',
      '31.04.2026',
      '2026/02/30',
      '20260230',
      'yesterday',
      'total',
      '合计',
      '31 Foo 2026',
      '14-03-2026',
      '',
    ])
      expect(parseDay(bad), bad).toBeNull();
  });

  it('reads days year first in any punctuation, with month names, and two numbers in the order given', () => {
    expect(parseDay('2026/11/06')).toBe('2026-11-06');
    expect(parseDay('2026.1.5')).toBe('2026-01-05');
    expect(parseDay('20261020')).toBe('2026-10-20');
    expect(parseDay('06-Nov-2026')).toBe('2026-11-06');
    expect(parseDay('6 November 2026')).toBe('2026-11-06');
    expect(parseDay('Nov 6, 2026')).toBe('2026-11-06');
    expect(parseDay('Sept 3 2026')).toBe('2026-09-03');
    expect(parseDay('03/04/2026', 'dmy')).toBe('2026-04-03');
    expect(parseDay('03/04/2026', 'mdy')).toBe('2026-03-04');
    expect(parseDay('03-04-2026', 'dmy')).toBe('2026-04-03');
    expect(parseDay('03.04.2026', 'mdy')).toBe('2026-04-03');
    expect(parseDay('25/09/2026', 'dmy')).toBe('2026-09-25');
    expect(parseDay('25/09/2026', 'mdy')).toBeNull();
    expect(parseDay('11/23/2026', 'dmy')).toBeNull();
  });

  it("tells a file's day order from a day that reads only one way, and says when none does or two disagree", () => {
    expect(dayOrderOf(['03/04/2026', '25/09/2026'])).toEqual({
      order: 'dmy',
      ambiguous: true,
      conflict: null,
    });
    expect(dayOrderOf(['11/23/2026', '3/7/2026'])).toEqual({ order: 'mdy', ambiguous: true, conflict: null });
    expect(dayOrderOf(['03/04/2026', '05/05/2026'])).toEqual({
      order: null,
      ambiguous: true,
      conflict: null,
    });
    expect(dayOrderOf(['05/05/2026', '2026-03-04', '03.04.2026', '13.04.2026', 'total'])).toEqual({
      order: null,
      ambiguous: false,
      conflict: null,
    });
    expect(dayOrderOf(['25/09/2026', '11/23/2026']).conflict).toEqual(['25/09/2026', '11/23/2026']);
  });

  it('reads an amount with the unit written after it', () => {
    expect(parseMeasure('2457 KGS')).toEqual({ amount: 2457, unit: 'kgs' });
    expect(parseMeasure('1,860 KG')).toEqual({ amount: 1860, unit: 'kg' });
    expect(parseMeasure('12.5MT')).toEqual({ amount: 12.5, unit: 'mt' });
    expect(parseMeasure('1200 CTN.')).toEqual({ amount: 1200, unit: 'ctn' });
    expect(parseMeasure('2,457.00')).toEqual({ amount: 2457, unit: '' });
    expect(parseMeasure('')).toBeNull();
    for (const junk of ['N/A', '-', 'see B/L', 'KGS']) expect(parseMeasure(junk)!.amount, junk).toBeNaN();
  });

  it('reads amounts with thousands separators and decimal points or commas', () => {
    const cases: [string, number | null][] = [
      ['12480', 12480],
      ['3,250', 3250],
      ['1.250', 1250],
      ['1,234,567.5', 1234567.5],
      ['1.234.567,5', 1234567.5],
      ['12 345', 12345],
      ["1'234", 1234],
      ['1.5', 1.5],
      ['2,25', 2.25],
      ['0.3333', 0.3333],
      ['0.850', 0.85],
      ['0,500', 0.5],
      ['', null],
    ];
    for (const [text, value] of cases) expect(parseAmount(text), text).toBe(value);
    for (const bad of ['-5', '12kg', '1,2,3', 'ten', '1e5', '0x10']) expect(parseAmount(bad), bad).toBeNaN();
  });

  it('takes a cell starting with =, @, or + and - before a non-number for a formula', () => {
    for (const formula of ['=HYPERLINK("http://x.example","a")', '@SUM(A1)', '+cmd|calc', '-cmd', '\t=1+1'])
      expect(looksLikeFormula(formula), formula).toBe(true);
    for (const text of ['+49 555 0170 4411', '-5', '-', '(040) 123', 'Acme = best', 'a@b.example'])
      expect(looksLikeFormula(text), text).toBe(false);
  });

  it('says why a text cell cannot be stored: length, control characters, formula', () => {
    expect(textProblem('x'.repeat(201), 200)).toBe('at most 200 characters (has 201)');
    expect(textProblem('Acme\u0000GmbH', 200)).toBe('control characters');
    expect(textProblem('Acme\u001b[31m', 200)).toBe('control characters');
    expect(textProblem('=1+1', 200)).toMatch(/formula/);
    expect(textProblem('Line one\nline two', 200)).toBeNull();
  });
});

describe('matching imported rows to companies', () => {
  it('compares company names without case, punctuation, accents or legal forms at either end', () => {
    const same: [string, string][] = [
      ['ACME TRADING CO., LTD.', 'Acme Trading'],
      ['Greenhollow Sourcing GmbH & Co. KG', 'GREENHOLLOW SOURCING'],
      ['Tavento Works A.G.', 'tavento works'],
      ['MERIDENT TRADING S.A.R.L.', 'Merident Trading SARL'],
      ['Vela Hogar S.A. de C.V.', 'VELA HOGAR'],
      ['Nordsee Sp. z o.o.', 'nordsee'],
      ['Müller  Leuchten', 'MULLER LEUCHTEN GMBH'],
      ['Smith & Sons Ltd', 'Smith and Sons'],
      ['PT Sinar Example Tbk', 'Sinar Example'],
      ['Ｆｕｌｌｗｉｄｔｈ Lights', 'fullwidth lights'],
    ];
    for (const [a, b] of same) expect(companyKey(a), `${a} / ${b}`).toBe(companyKey(b));
    expect(companyKey('Casa de Flores S.A.')).toBe('casa de flores');
    expect(companyKey('Casa de Flores')).not.toBe(companyKey('Casa Flores'));
    expect(companyKey('Acme Lighting')).not.toBe(companyKey('Acme Lightning'));
    // A name of nothing but legal forms stays a name.
    expect(companyKey('AG')).toBe('ag');
  });

  it('reads a transliterated letter, a legal form written out, and a city after the legal form as the same name', () => {
    const same: [string, string][] = [
      ['Böhler Käsewerk GmbH', 'BOEHLER KAESEWERK GMBH'],
      ['Grüntal Armaturen', 'Gruental Armaturen GmbH'],
      ['Straße Logistik', 'STRASSE LOGISTIK'],
      ['Łódzka Fabryka Okien', 'LODZKA FABRYKA OKIEN'],
      ['Đức Thịnh Garment JSC', 'DUC THINH GARMENT JOINT STOCK COMPANY'],
      ['Yıldız Kablo A.Ş.', 'YILDIZ KABLO ANONIM SIRKETI'],
      ['Yıldız Kablo Sanayi ve Ticaret A.Ş.', 'YILDIZ KABLO SAN. VE TIC. LTD. STI.'],
      ['Comercial Andina Limitada', 'COMERCIAL ANDINA LTDA.'],
      ['Gulf Pearl Trading Establishment', 'GULF PEARL TRADING EST'],
      ['Kowalczyk Meble Sp. z o.o.', 'Kowalczyk Meble Spółka z ograniczoną odpowiedzialnością'],
      ['Hollow Reed Trading Company Limited', 'HOLLOW REED TRADING CO LTD'],
      ['Suntrail Foods Incorporated', 'Suntrail Foods, Inc.'],
      ['Fjordlys Belysning AS', 'FJORDLYS BELYSNING'],
      ['Kranich Werkzeuge GmbH Bremen', 'Kranich Werkzeuge GmbH'],
      ['BAYSIDE PUMPS LLC MIAMI BEACH', 'Bayside Pumps'],
    ];
    for (const [a, b] of same) expect(companyKey(a), `${a} / ${b}`).toBe(companyKey(b));
    const apart: [string, string][] = [
      ['Kranich Werkzeuge GmbH', 'Kranich Werkzeugbau GmbH'],
      ['Bayside Pumps LLC', 'Bayside Pump Service LLC'],
      ['Łąka Design', 'Laski Design'],
    ];
    for (const [a, b] of apart) expect(companyKey(a), `${a} / ${b}`).not.toBe(companyKey(b));
    // Three words after a legal form are more than a city: the name goes on.
    expect(companyKey('Acme GmbH Lager Nord Ost')).not.toBe(companyKey('Acme'));
    expect(fullCompanyKey('Hollow Reed Trading Company Limited')).toBe(
      fullCompanyKey('Hollow Reed Trading Ltd.'),
    );
  });

  it('keeps the legal form in the full key, to tell two companies of one name apart', () => {
    expect(fullCompanyKey('DRIFTMOOR A.G.')).toBe('driftmoor ag');
    expect(fullCompanyKey('Driftmoor GmbH')).not.toBe(fullCompanyKey('Driftmoor AG'));
  });

  it('reads a country as an ISO2 or ISO3 code, an English or Chinese name, official or everyday, with its qualifier', () => {
    const cases: [string, string | null][] = [
      ['DE', 'DE'],
      ['de', 'DE'],
      ['DEU', 'DE'],
      ['Germany', 'DE'],
      ['GERMANY', 'DE'],
      ['United States of America', 'US'],
      ['USA', 'US'],
      ['UK', 'GB'],
      ['Korea, Republic of', 'KR'],
      ['Viet Nam', 'VN'],
      ['United Arab Emirates', 'AE'],
      ['Korea (North)', 'KP'],
      ['China (Mainland)', 'CN'],
      ['Macao SAR', 'MO'],
      ['Hong Kong S.A.R., China', 'HK'],
      ['Iran (Islamic Republic of)', 'IR'],
      ['Tanzania, United Republic of', 'TZ'],
      ['巴西', 'BR'],
      ['中国', 'CN'],
      ['中国澳门', 'MO'],
      ['中国台湾', 'TW'],
      ['Atlantis', null],
      ['Atlantis (South)', null],
      ['Europe', null],
      ['XX', null],
      ['', null],
    ];
    for (const [text, code] of cases) expect(countryCode(text), text).toBe(code);
  });

  it('takes a website host without www, and knows webmail domains', () => {
    expect(hostOf('http://www.Tavento-Works-AG.example/about?x=1')).toBe('tavento-works-ag.example');
    expect(hostOf('tavento-works-ag.example')).toBe('tavento-works-ag.example');
    expect(hostOf('not a site')).toBeNull();
    expect(hostOf('localhost')).toBeNull();
    for (const domain of ['gmail.com', 'yahoo.co.uk', 'hotmail.de', 'qq.com', '163.com'])
      expect(isWebmail(domain)).toBe(true);
    expect(isWebmail('tavento-works-ag.example')).toBe(false);
  });
});

describe('import layouts', () => {
  it('tells each sample file by its header', () => {
    expect(detectLayout(readCsv(sample('companies.csv')).header)).toBe('companies');
    expect(detectLayout(readCsv(sample('contacts-apollo.csv')).header)).toBe('apollo');
    expect(detectLayout(readCsv(sample('contacts-hunter.csv')).header)).toBe('hunter');
    expect(detectLayout(readCsv(sample('shipments.csv')).header)).toBe('shipments');
  });

  it('reads headers trimmed and in any case, and names the columns a layout lacks', () => {
    expect(detectLayout(readCsv(' EMAIL ADDRESS , First Name,LAST NAME\n').header)).toBe('hunter');
    expect(detectLayout(readCsv('Date,Consignee,Country,HS Code,Origin\n').header)).toBe('shipments');
    expect(detectLayout(['name', 'email', 'phone'])).toBeNull();
    // Exports name the facts differently: ImportYeti, Panjiva, Tendata (Chinese, full-width brackets).
    expect(detectLayout(readCsv('Date,Shipper,Consignee,Notify Party,HS Code,Weight\n').header)).toBe(
      'shipments',
    );
    expect(detectLayout(readCsv('Arrival Date,Consignee,Goods Shipped\n').header)).toBe('shipments');
    expect(detectLayout(readCsv('日期,进口商,出口商,海关编码,重量（千克）\n').header)).toBe('shipments');
    expect(readCsv('日期,重量（千克）\n').header).toEqual(['日期', '重量(千克)']);
    expect(missingColumns('shipments', ['consignee', 'weight'])).toEqual([
      '"arrival date" or "date" (or another name of it, docs/imports.md)',
      '"hs code" or "hs" (or another name of it, docs/imports.md)',
    ]);
  });

  it('reads JSON rows with keys like CSV headers, and refuses JSON that is not a list of flat objects', () => {
    expect(rowsFromJson('[{" Email Address ": "a@b.example", "Confidence score": 91, "x": null}]')).toEqual([
      { 'email address': 'a@b.example', 'confidence score': '91' },
    ]);
    expect(() => rowsFromJson('{"a": 1}')).toThrow('JSON: not a list of rows');
    expect(() => rowsFromJson('[1]')).toThrow('JSON row 1: not an object');
    expect(() => rowsFromJson('[{"a": "x"}, {"a": {"b": 1}}]')).toThrow(
      'JSON row 2: "a" is not text or a number',
    );
  });

  it('reads a column map of a file’s own headers to ours, or says which entry is wrong', () => {
    expect([...readColumnMap('{" Buyer Company ": "Consignee", "ＥＴＡ": "arrival date"}')]).toEqual([
      ['buyer company', 'consignee'],
      ['eta', 'arrival date'],
    ]);
    expect(() => readColumnMap('["consignee"]')).toThrow('column map: not a JSON object');
    expect(() => readColumnMap('{"a": 1}')).toThrow('column map: "a" maps to no column name');
    expect(() => readColumnMap('{"a": "buyer"}')).not.toThrow();
    expect(() => readColumnMap('{"a": "customer"}')).toThrow(
      'column map: "a" maps to "customer", which no import reads',
    );
    expect(() => readColumnMap('{"a": "consignee", "b": "Consignee"}')).toThrow(
      'column map: "a" and "b" both map to "Consignee"',
    );
    expect(() => readColumnMap('{"a": ')).toThrow(/^column map: /);
  });

  it('renames a file’s columns by the map before its layout is told', () => {
    const text = 'Date,Buyer,Tariff\n2026-04-02,Tavento Works AG,940511\n';
    const map = readColumnMap('{"Buyer": "consignee", "Tariff": "hs code"}');
    const { layout, rows } = readImportFile('t.csv', text, undefined, map);
    expect(layout).toBe('shipments');
    expect(rows).toEqual([{ date: '2026-04-02', consignee: 'Tavento Works AG', 'hs code': '940511' }]);
    // Swapping two columns is a rename, not a clash.
    const swapped = readImportFile(
      's.csv',
      'Date,Consignee,Shipper,HS Code\n2026-04-02,A Ltd,B GmbH,940511\n',
      undefined,
      readColumnMap('{"Consignee": "shipper", "Shipper": "consignee"}'),
    );
    expect(swapped.rows[0]).toMatchObject({ consignee: 'B GmbH', shipper: 'A Ltd' });
    expect(() => readImportFile('c.csv', 'Date,Consignee,Buyer,HS Code\n', undefined, map)).toThrow(
      'c.csv: the column map renames "buyer" to "consignee", which the file already has',
    );
    expect(() => readImportFile('m.csv', 'Date,Consignee,HS Code\n', undefined, map)).toThrow(
      'm.csv: the column map names "buyer", which the file does not have',
    );
  });

  it('reads a file into rows of its layout, or says what is wrong before anything is imported', () => {
    expect(readImportFile('shipments.csv', sample('shipments.csv')).layout).toBe('shipments');
    expect(
      readImportFile('x.json', '[{"Email address": "a@b.example", "First name": "A", "Last name": "B"}]')
        .layout,
    ).toBe('hunter');
    // A flag names the layout: a Hunter header read as shipments lacks their columns.
    expect(() => readImportFile('h.csv', 'Email address,First name,Last name\n', 'shipments')).toThrow(
      'h.csv: a shipments file needs the columns "arrival date" or "date" (or another name of it, docs/imports.md), "consignee" or "consignee name" (or another name of it, docs/imports.md), "hs code" or "hs" (or another name of it, docs/imports.md)',
    );
    expect(() => readImportFile('u.csv', 'foo,bar\n1,2\n')).toThrow(
      /^u\.csv: the header is no layout this import knows/,
    );
    expect(() => readImportFile('b.csv', 'Date,Consignee\n\u0000\u0001')).toThrow(
      'b.csv: not a text file (a NUL byte at character 16)',
    );
    expect(() =>
      readImportFile('r.csv', 'Date,Consignee,Country,HS Code,Origin\n2026-03-14,Acme,DE,940511\n'),
    ).toThrow('r.csv: CSV line 2: 4 fields where the header has 5');
    expect(() =>
      readImportFile('q.csv', 'Date,Consignee,Country,HS Code,Origin\n2026-03-14,"Acme,DE,940511,CN\n'),
    ).toThrow(/^q\.csv: CSV line \d+: Quote Not Closed/);
    expect(() => readImportFile('j.json', '[{"a": 1},')).toThrow(/^j\.json: /);
  });
});
