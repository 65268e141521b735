import { readCsv } from '../importer.ts';
import type { ImportRow } from './cells.ts';
import { collapseSpaces } from '../../platform/text.ts';
import { DIRECTORY_COLUMNS, SHIPMENT_COLUMNS } from './columns.ts';

/**
 * Which kind of file an import reads, told by its header (docs/imports.md): today's company file,
 * an Apollo or Hunter contacts export, or a customs / bill-of-lading shipments export.
 */
export type Layout = 'companies' | 'apollo' | 'hunter' | 'shipments' | 'directory';

/** Each layout as a report names it. */
export const LAYOUT_NAMES: Record<Layout, string> = {
  companies: 'companies',
  apollo: 'contacts (Apollo)',
  hunter: 'contacts (Hunter)',
  shipments: 'shipments',
  directory: 'directory',
};

/** The columns each layout must have; an inner list is alternatives (any one will do). */
const REQUIRED: Record<Layout, string[][]> = {
  companies: [['name'], ['role'], ['country'], ['products']],
  apollo: [['first name'], ['last name'], ['email']],
  hunter: [['email address'], ['first name'], ['last name']],
  shipments: [
    SHIPMENT_COLUMNS.date,
    [...SHIPMENT_COLUMNS.consignee, ...SHIPMENT_COLUMNS.notify],
    [...SHIPMENT_COLUMNS.hs, ...SHIPMENT_COLUMNS.product],
  ],
  directory: [
    [...DIRECTORY_COLUMNS.name, ...DIRECTORY_COLUMNS.englishName],
    [...DIRECTORY_COLUMNS.activity, ...DIRECTORY_COLUMNS.products, ...DIRECTORY_COLUMNS.description],
  ],
};

/** The columns of `layout` that `headers` (trimmed, lower case) lacks, as the docs name them. */
export function missingColumns(layout: Layout, headers: readonly string[]): string[] {
  const have = new Set(headers);
  return REQUIRED[layout]
    .filter((alternatives) => !alternatives.some((name) => have.has(name)))
    .map(
      (alternatives) =>
        alternatives
          .slice(0, 2)
          .map((name) => `"${name}"`)
          .join(' or ') + (alternatives.length > 2 ? ' (or another name of it, docs/imports.md)' : ''),
    );
}

/**
 * The layout a header is, checked most particular first: shipments (a date, a consignee and an HS
 * code or description, under any name of SHIPMENT_COLUMNS), Hunter (Email address), Apollo (First
 * Name, Last Name, Email), companies (name, role, country, products), a directory (a company name
 * and an activity, products or description, under any name of DIRECTORY_COLUMNS). Null when it
 * is none of them.
 */
export function detectLayout(headers: readonly string[]): Layout | null {
  const order: Layout[] = ['shipments', 'hunter', 'apollo', 'companies', 'directory'];
  return order.find((layout) => missingColumns(layout, headers).length === 0) ?? null;
}

/** The first of `columns` that has a value in the row, trimmed; '' when none does. */
export function cell(row: ImportRow, ...columns: string[]): string {
  for (const column of columns) {
    const value = collapseSpaces(row[column] ?? '').trim();
    if (value) return value;
  }
  return '';
}

/**
 * Rows from a JSON file: an array of objects whose values are text, numbers, booleans or null.
 * Keys are read like CSV headers (NFKC, trimmed, lower case). Throws naming the first entry that is not so.
 */
export function rowsFromJson(text: string): ImportRow[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error('JSON: not a list of rows');
  return data.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new Error(`JSON row ${index + 1}: not an object`);
    // No prototype: a `__proto__` key is a column like any other.
    const row: ImportRow = Object.create(null) as ImportRow;
    for (const [key, value] of Object.entries(entry)) {
      if (value === null || value === undefined) continue;
      if (!['string', 'number', 'boolean'].includes(typeof value))
        throw new Error(`JSON row ${index + 1}: "${key}" is not text or a number`);
      row[key.normalize('NFKC').trim().toLowerCase()] = String(value);
    }
    return row;
  });
}

/**
 * An import file's rows and layout: JSON when the name ends in `.json`, else CSV; the layout
 * `flagged` on the command line, else the one the header is. Throws, before anything is imported,
 * an error saying what is wrong: a NUL byte (not a text file), where the CSV or JSON breaks, a
 * header of no layout, or a flagged layout's missing columns.
 */
export function readImportFile(
  name: string,
  text: string,
  flagged?: Layout,
): { layout: Layout; rows: ImportRow[] } {
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw new Error(`${name}: not a text file (a NUL byte at character ${nul + 1})`);
  let header: string[];
  let rows: ImportRow[];
  try {
    if (name.toLowerCase().endsWith('.json')) {
      rows = rowsFromJson(text);
      header = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    } else ({ header, rows } = readCsv(text));
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const layout = flagged ?? detectLayout(header);
  if (!layout)
    throw new Error(
      `${name}: the header is no layout this import knows (docs/imports.md). It lacks:\n` +
        (Object.keys(LAYOUT_NAMES) as Layout[])
          .map((kind) => `  for ${LAYOUT_NAMES[kind]}: ${missingColumns(kind, header).join(', ')}`)
          .join('\n'),
    );
  const missing = missingColumns(layout, header);
  if (missing.length)
    throw new Error(`${name}: a ${LAYOUT_NAMES[layout]} file needs the columns ${missing.join(', ')}`);
  return { layout, rows };
}
