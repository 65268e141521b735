import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../server/leads/importer.ts';
import { looksLikeFormula, parseAmount, parseDay, textProblem } from '../../server/leads/imports/cells.ts';
import {
  detectLayout,
  missingColumns,
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
      '2026/03/14',
      'yesterday',
      '14-03-2026',
      '',
    ])
      expect(parseDay(bad), bad).toBeNull();
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
    expect(companyKey('Acme Lighting')).not.toBe(companyKey('Acme Lightning'));
    // A name of nothing but legal forms stays a name.
    expect(companyKey('AG')).toBe('ag');
  });

  it('keeps the legal form in the full key, to tell two companies of one name apart', () => {
    expect(fullCompanyKey('DRIFTMOOR A.G.')).toBe('driftmoor ag');
    expect(fullCompanyKey('Driftmoor GmbH')).not.toBe(fullCompanyKey('Driftmoor AG'));
  });

  it('reads a country as an ISO2 or ISO3 code or an English name, official or everyday', () => {
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
      ['Atlantis', null],
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
    expect(missingColumns('shipments', ['consignee', 'hs code'])).toEqual([
      '"arrival date" or "date"',
      '"consignee country" or "country"',
      '"country of origin" or "origin"',
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

  it('reads a file into rows of its layout, or says what is wrong before anything is imported', () => {
    expect(readImportFile('shipments.csv', sample('shipments.csv')).layout).toBe('shipments');
    expect(
      readImportFile('x.json', '[{"Email address": "a@b.example", "First name": "A", "Last name": "B"}]')
        .layout,
    ).toBe('hunter');
    // A flag names the layout: a Hunter header read as shipments lacks their columns.
    expect(() => readImportFile('h.csv', 'Email address,First name,Last name\n', 'shipments')).toThrow(
      'h.csv: a shipments file needs the columns "arrival date" or "date", "consignee", "consignee country" or "country", "hs code", "country of origin" or "origin"',
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
