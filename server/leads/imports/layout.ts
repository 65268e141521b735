import { readCsv } from '../importer.ts';
import { headerName, type ImportRow } from './cells.ts';
import { collapseSpaces } from '../../platform/text.ts';
import { DIRECTORY_COLUMNS, KNOWN_COLUMNS, SHIPMENT_COLUMNS } from './columns.ts';

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
      row[headerName(key)] = String(value);
    }
    return row;
  });
}

/**
 * A column map (`npm run leads:import -- file.csv --map map.json`, docs/imports.md): a JSON object
 * from a file's own header names to names this import reads (`{"Buyer Company": "consignee",
 * "ETA": "arrival date"}`), both read as headers are. Throws, naming the entry, for anything else:
 * not an object, a value that is not text, a name no layout reads, two headers mapped to one name.
 */
export function readColumnMap(text: string): Map<string, string> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`column map: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error('column map: not a JSON object of "their header": "our column" entries');
  const map = new Map<string, string>();
  const taken = new Map<string, string>();
  for (const [from, to] of Object.entries(data)) {
    if (typeof to !== 'string') throw new Error(`column map: "${from}" maps to no column name`);
    const ours = headerName(to);
    if (!KNOWN_COLUMNS.has(ours))
      throw new Error(
        `column map: "${from}" maps to "${to}", which no import reads (docs/imports.md names them)`,
      );
    const before = taken.get(ours);
    if (before !== undefined) throw new Error(`column map: "${before}" and "${from}" both map to "${to}"`);
    taken.set(ours, from);
    map.set(headerName(from), ours);
  }
  return map;
}

/**
 * The rows with their columns renamed by `map`. Throws when the file lacks a mapped column or
 * already has a column of the name it would take (which of the two is meant cannot be told).
 */
function renameColumns(
  name: string,
  header: readonly string[],
  rows: ImportRow[],
  map: ReadonlyMap<string, string>,
): { header: string[]; rows: ImportRow[] } {
  const have = new Set(header);
  for (const [from, to] of map) {
    if (!have.has(from))
      throw new Error(`${name}: the column map names "${from}", which the file does not have`);
    if (have.has(to) && !map.has(to))
      throw new Error(`${name}: the column map renames "${from}" to "${to}", which the file already has`);
  }
  const renamed = (column: string) => map.get(column) ?? column;
  return {
    header: header.map(renamed),
    rows: rows.map((row) => {
      const out: ImportRow = Object.create(null) as ImportRow;
      for (const [column, value] of Object.entries(row)) out[renamed(column)] = value;
      return out;
    }),
  };
}

/**
 * An import file's rows and layout: JSON when the name ends in `.json`, else CSV; the layout
 * `flagged` on the command line, else the one the header is, after `columnMap` renamed its
 * columns (readColumnMap). Throws, before anything is imported,
 * an error saying what is wrong: a NUL byte (not a text file), where the CSV or JSON breaks, a
 * header of no layout, or a flagged layout's missing columns.
 */
export function readImportFile(
  name: string,
  text: string,
  flagged?: Layout,
  columnMap?: ReadonlyMap<string, string>,
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
  if (columnMap?.size) ({ header, rows } = renameColumns(name, header, rows, columnMap));
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
