/**
 * Reading one cell of an import file (docs/imports.md): text that is safe to store and show, days
 * and amounts as exports write them.
 */

/** One import row: CSV columns (header trimmed, lower case) or JSON keys, to their text. */
export type ImportRow = Record<string, string | undefined>;

/** A row refused before anything is imported: its number (1 = the first row after the header) and why. */
export interface RejectedRow {
  row: number;
  reasons: string[];
}

/** A row that is fine but finds no company, or more than one: nothing of it is imported. */
export interface UnmatchedRow {
  row: number;
  reason: string;
}

/** What one import did: the CLI prints it, and exits 1 when a row was rejected or unmatched. */
export interface ImportReport {
  rows: number;
  added: number;
  /** Rows whose every fact was stored already (by an earlier run, or by an earlier row of the file). */
  already: number;
  rejected: RejectedRow[];
  unmatched: UnmatchedRow[];
}

// C0 controls other than tab and line breaks, and DEL: PostgreSQL refuses NUL, and none belongs in a name.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Spreadsheets run a cell that starts with `=`, `@`, or `+`/`-` followed by something other than a
 * number as a formula (CSV injection), and a leading tab or carriage return hides one.
 * @example looksLikeFormula('=HYPERLINK("x")') // true; looksLikeFormula('+49 40 1234') // false
 */
export function looksLikeFormula(value: string): boolean {
  return /^[=@\t\r]/.test(value) || /^[+-](?=[^\d\s(.])/.test(value);
}

/** Why a text cell cannot be stored as it is (too long, control characters, a formula), or null. */
export function textProblem(value: string, max: number): string | null {
  if (value.length > max) return `at most ${max} characters (has ${value.length})`;
  if (CONTROL.test(value)) return 'control characters';
  if (looksLikeFormula(value)) return 'starts like a spreadsheet formula (=, +, -, @)';
  return null;
}

/**
 * A day as YYYY-MM-DD: from `2024-03-05` (a time after it is ignored), `03/05/2024` (US order,
 * month first) or `05.03.2024` (European order, day first). Null when the text is none of these or
 * not a day of the calendar (`02/30/2024`).
 */
export function parseDay(value: string): string | null {
  const text = value.trim();
  let parts: [year: string, month: string, day: string] | null = null;
  let m =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      text,
    );
  if (m) parts = [m[1]!, m[2]!, m[3]!];
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) parts = [m[3]!, m[1]!, m[2]!];
  else if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text))) parts = [m[3]!, m[2]!, m[1]!];
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A non-negative amount as exports write it: `12345`, `12,345.5`, `12.345,5`, `12 345`, `1'234`.
 * A single `,` or `.` followed by exactly three digits groups thousands (`1,234` and `1.234` are
 * both 1234); otherwise it is the decimal point (`1.5`, `2,25`). Null when empty, NaN when not a number.
 */
export function parseAmount(value: string): number | null {
  const text = value.trim().replace(/[\s\u00a0\u202f'’_]/g, '');
  if (text === '') return null;
  let plain: string | null = null;
  if (/^\d+$/.test(text)) plain = text;
  else if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text)) plain = text.replaceAll(',', '');
  else if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(text)) plain = text.replaceAll('.', '').replace(',', '.');
  else if (/^\d*[.,]\d+$/.test(text)) plain = text.replace(',', '.');
  return plain === null ? NaN : Number(plain);
}

/** An email address: something, `@`, a domain with a dot and a top-level name of letters. */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[a-z]{2,}$/i;

/**
 * A phone number as exports write it: digits with spaces, dots, slashes, dashes and brackets, an
 * optional leading `+`, at least six digits, and an optional extension (`ext. 12`, `x12`).
 */
export function isPhone(value: string): boolean {
  const extension = /(?:ext\.?|x|#)\s?\d{1,6}$/i.exec(value);
  const number = (extension ? value.slice(0, extension.index) : value).trim();
  return /^\+?[\d\s()./-]{6,25}$/.test(number) && number.replace(/\D/g, '').length >= 6;
}

/** The largest number an `integer` column holds. */
export const MAX_INTEGER = 2_147_483_647;
