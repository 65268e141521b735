import { describe, expect, it } from 'vitest';
import { runExtractJob } from '../../server/files/extract.ts';
import { inspectUpload } from '../../server/files/inspect.ts';
import { readProfile } from '../../server/profile/extract.ts';
import { makeXlsx, row, type SheetSpec } from './support/xlsx.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The text a user's workbook gives, read the way an upload is: sniffed, listed, then extracted. */
async function textOf(sheets: SheetSpec[], strings?: string[]): Promise<string> {
  const bytes = makeXlsx(sheets, strings);
  const inspected = await inspectUpload(bytes, 'book.xlsx', XLSX_MIME);
  expect(inspected.mime).toBe(XLSX_MIME);
  const result = await runExtractJob({ kind: 'xlsx', bytes, entries: inspected.sheetParts! });
  if (!result.ok) throw new Error(`refused: ${result.reason} ${result.detail}`);
  return result.text;
}

describe('an Excel workbook read as the lines a person reads in it', () => {
  it('reads shared, rich, inline, formula, number and boolean cells; skips errors and phonetic guides', async () => {
    const text = await textOf(
      [
        {
          name: 'Info',
          rows: [
            row(1, 'A1=s:0'),
            row(2, 'A2=s:1'),
            row(3, 'A3=inline:Founded in 2008 in Ningbo'),
            row(4, 'A4=str:Total 1200 staff'),
            row(5, 'A5=n:0.30000000000000004'),
            row(6, 'A6=b:1'),
            row(7, 'A7=e:#N/A'),
          ].join(''),
        },
      ],
      [
        '<t>Brightstar Lighting Co., Ltd.</t>',
        '<r><rPr><b/></rPr><t xml:space="preserve">We make </t></r><r><t>LED panel lights</t></r><rPh sb="0" eb="1"><t>フリガナ</t></rPh>',
      ],
    );
    expect(text.split('\n')).toEqual([
      'Brightstar Lighting Co., Ltd.',
      'We make LED panel lights',
      'Founded in 2008 in Ningbo',
      'Total 1200 staff',
      '0.3',
      'TRUE',
    ]);
  });

  it('reads the visible sheets in the workbook order, whatever their part names', async () => {
    const text = await textOf([
      { name: 'Company', file: 'sheet2.xml', rows: row(1, 'A1=inline:Company sheet') },
      { name: 'Lookup', state: 'hidden', file: 'sheet3.xml', rows: row(1, 'A1=inline:Hidden list') },
      { name: 'Prices', file: 'sheet1.xml', rows: row(1, 'A1=inline:Price sheet') },
    ]);
    expect(text).toBe('Company sheet\n\nPrice sheet');
  });

  it('a row of a label and a value reads as "label: value"', async () => {
    const text = await textOf([
      {
        name: 'Info',
        rows: [
          row(1, 'A1=inline:Company name', 'B1=inline:Brightstar Lighting Co., Ltd.'),
          row(2, 'A2=inline:联系人：', 'B2=inline:王芳'),
          row(3, 'A3=n:2024', 'B3=inline:new catalogue'),
        ].join(''),
      },
    ]);
    expect(text.split('\n')).toEqual([
      'Company name: Brightstar Lighting Co., Ltd.',
      '联系人： 王芳',
      '2024 | new catalogue',
    ]);
  });

  it('rows under a header row name each value by its column, until a blank row ends the table', async () => {
    const text = await textOf([
      {
        name: 'Prices',
        rows: [
          row(1, 'A1=inline:Product', 'B1=inline:Size', 'C1=inline:MOQ', 'D1=inline:Unit price (USD)'),
          row(2, 'A2=inline:LED panel light', 'B2=inline:600x600', 'C2=inline:500 pcs', 'D2=n:6.5'),
          row(3, 'A3=inline:LED downlight', 'C3=inline:1000 pcs', 'D3=n:2.1', 'F3=inline:new'),
          // Row 4 is left out, as Excel leaves blank rows out: the table ends.
          row(5, 'A5=inline:Lead time', 'B5=inline:25 days', 'C5=inline:after deposit'),
        ].join(''),
      },
    ]);
    expect(text.split('\n')).toEqual([
      'Product: LED panel light; Size: 600x600; MOQ: 500 pcs; Unit price (USD): 6.5',
      'Product: LED downlight; MOQ: 1000 pcs; Unit price (USD): 2.1; new',
      'Lead time | 25 days | after deposit',
    ]);
  });

  it('a cell of its own keeps its line breaks; in a row of several they become spaces', async () => {
    const text = await textOf([
      {
        name: 'Info',
        rows: [
          row(1, 'A1=inline:Tel: +86 574 1234 5678\nEmail: sales@brightstar.example'),
          row(2, 'A2=inline:Address', 'B2=inline:No. 8 Road\nNingbo'),
        ].join(''),
      },
    ]);
    expect(text.split('\n')).toEqual([
      'Tel: +86 574 1234 5678',
      'Email: sales@brightstar.example',
      'Address: No. 8 Road Ningbo',
    ]);
  });

  it('a profile is read from a workbook: the company, the contact, a product and its minimum order', async () => {
    const text = await textOf([
      {
        name: 'Company',
        rows: [
          row(1, 'A1=inline:Company name', 'B1=inline:Brightstar Lighting Co., Ltd.'),
          row(2, 'A2=inline:Contact person', 'B2=inline:Emily Tran'),
          row(3, 'A3=inline:Title', 'B3=inline:Export Manager'),
        ].join(''),
      },
      {
        name: 'Prices',
        rows: [
          row(1, 'A1=inline:Product', 'B1=inline:Model', 'C1=inline:MOQ'),
          row(2, 'A2=inline:LED panel light', 'B2=inline:BS-600', 'C2=inline:500 pcs'),
        ].join(''),
      },
    ]);
    const profile = readProfile(text);
    expect(profile.company_en).toBe('Brightstar Lighting Co., Ltd.');
    expect(profile.name_en).toBe('Emily Tran');
    expect(profile.moq).toEqual({ quantity: 500, unit: 'piece' });
    expect(profile.products).toEqual(['led-panel-lights']);
  });

  it('a workbook whose XML is broken or that has no workbook part is refused as damaged', async () => {
    const broken = makeXlsx([{ name: 'Info', rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>open' }]);
    const inspected = await inspectUpload(broken, 'broken.xlsx', XLSX_MIME);
    expect(
      await runExtractJob({ kind: 'xlsx', bytes: broken, entries: inspected.sheetParts! }),
    ).toMatchObject({
      ok: false,
      reason: 'damaged',
    });
    expect(
      await runExtractJob({ kind: 'xlsx', bytes: broken, entries: inspected.sheetParts!.slice(1) }),
    ).toMatchObject({ ok: false, reason: 'damaged' });
  });
});
