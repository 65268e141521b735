import { zipSync } from 'fflate';

/**
 * A workbook as Excel writes one: content types, the workbook and its relations, shared strings
 * and one part per sheet. Cells are written as given (`<c r="A1" t="s"><v>0</v></c>`), so a test
 * states exactly the XML the reader meets.
 */
export interface SheetSpec {
  name: string;
  /** The sheet's `<sheetData>` rows, as XML. */
  rows: string;
  state?: 'hidden' | 'veryHidden';
  /** The part's file name under xl/worksheets (Excel numbers them in the order they were made). */
  file?: string;
}

const enc = (text: string) => new TextEncoder().encode(text);

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

/** A shared-strings part from the strings' `<si>` contents (XML). */
export const sharedStrings = (items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${items.length}" uniqueCount="${items.length}">${items.map((item) => `<si>${item}</si>`).join('')}</sst>`;

/** A row of cells written `A1=s:0`, `B1=n:5`, `C1=str:text`, `D1=inline:text`, `E1=b:1`, `F1=e:#N/A`. */
export function row(number: number, ...cells: string[]): string {
  const xml = cells.map((cell) => {
    const [reference, rest] = cell.split('=') as [string, string];
    const [type, ...value] = rest.split(':');
    const text = value.join(':');
    if (type === 'inline') return `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;
    if (type === 'n') return `<c r="${reference}"><v>${text}</v></c>`;
    return `<c r="${reference}" t="${type}"><v>${text}</v></c>`;
  });
  return `<row r="${number}">${xml.join('')}</row>`;
}

export function makeXlsx(sheets: SheetSpec[], strings?: string[]): Uint8Array {
  const files = sheets.map((sheet, i) => sheet.file ?? `sheet${i + 1}.xml`);
  const workbook =
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
    sheets
      .map(
        (sheet, i) =>
          `<sheet name="${sheet.name}" sheetId="${i + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${i + 1}"/>`,
      )
      .join('') +
    '</sheets></workbook>';
  const relations =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    files
      .map(
        (file, i) =>
          `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/${file}"/>`,
      )
      .join('') +
    '</Relationships>';
  const parts: Record<string, Uint8Array> = {
    '[Content_Types].xml': enc(CONTENT_TYPES),
    '_rels/.rels': enc(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': enc(workbook),
    'xl/_rels/workbook.xml.rels': enc(relations),
  };
  if (strings) parts['xl/sharedStrings.xml'] = enc(sharedStrings(strings));
  sheets.forEach((sheet, i) => {
    parts[`xl/worksheets/${files[i]}`] = enc(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheet.rows}</sheetData></worksheet>`,
    );
  });
  return zipSync(parts);
}
