/**
 * Reading one cell of an import file (docs/imports.md): text that is safe to store and show, days
 * and amounts as exports write them.
 */

/** A column's name as every import reads it: NFKC (full-width read as ASCII), trimmed, lower case. */
export const headerName = (name: string) => name.normalize('NFKC').trim().toLowerCase();

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
  /** Rows imported without a cell that could not be read (a weight of "N/A"), and why. */
  warnings?: RejectedRow[];
  /** Companies the file named that were not stored and are now (a customs file's consignees and shippers). */
  created?: number;
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

/** Which number of a `3/4/2026` day is the day: `dmy` (3 April, Europe and Asia) or `mdy` (4 March, the US). */
export type DayOrder = 'dmy' | 'mdy';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** `3/4/2026`, `3-4-2026`, `3.4.2026`: two numbers and a year, in an order the text does not say. */
const NUMERIC_DAY = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const YEAR_FIRST =
  /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A day as YYYY-MM-DD, from the ways exports write one: year first (`2024-03-05`, `2024/3/5`,
 * `20240305`, a time after it ignored), a month's English name (`05-Mar-2024`, `5 March 2024`,
 * `Mar 5, 2024`), or two numbers before the year: with slashes or dashes (`03/05/2024`,
 * `03-05-2024`) in `order`, month first (US) without one; with dots (`03.05.2024`) day first, as
 * they are written wherever dots are.
 * Null when the text is none of these or not a day of the calendar (`02/30/2024`).
 */
export function parseDay(value: string, order?: DayOrder): string | null {
  const text = value.trim();
  let parts: [year: string | number, month: string | number, day: string | number] | null = null;
  let m = YEAR_FIRST.exec(text);
  if (m) parts = [m[1]!, m[3]!, m[4]!];
  else if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(text))) parts = [m[1]!, m[2]!, m[3]!];
  else if ((m = NUMERIC_DAY.exec(text))) {
    const dayFirst = m[2] === '.' || (order ?? 'mdy') === 'dmy';
    parts = dayFirst ? [m[4]!, m[3]!, m[1]!] : [m[4]!, m[1]!, m[3]!];
  } else if ((m = /^(\d{1,2})[\s-]+([a-z]{3,9})\.?,?[\s-]+(\d{4})$/i.exec(text)))
    parts = [m[3]!, monthOf(m[2]!), m[1]!];
  else if ((m = /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(text)))
    parts = [m[3]!, monthOf(m[1]!), m[2]!];
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/** An English month name or its first three letters (`Mar`, `March`, `Sept`) as 1 to 12; 0 when it is none. */
function monthOf(name: string): number {
  const lower = name.toLowerCase();
  return MONTHS.findIndex((month) => month.startsWith(lower)) + 1;
}

/**
 * The day order of a file's days written with slashes or dashes, told by the days themselves: a
 * first number above 12 is a day (`25/09/2026`: day first), a second one above 12 is too
 * (`11/23/2026`: month first). `order` is null when no day tells; `ambiguous` says whether some day
 * reads two ways (`03/04/2026`), so the file cannot be read without knowing; `conflict` gives two
 * days that tell opposite orders. Days with dots (`03.04.2026`) are day first wherever they are
 * written, so they do not count.
 */
export function dayOrderOf(values: readonly string[]): {
  order: DayOrder | null;
  ambiguous: boolean;
  conflict: [dayFirst: string, monthFirst: string] | null;
} {
  let dayFirst: string | null = null;
  let monthFirst: string | null = null;
  let ambiguous = false;
  for (const value of values) {
    const m = NUMERIC_DAY.exec(value.trim());
    if (!m || m[2] === '.') continue;
    const [first, second] = [Number(m[1]), Number(m[3])];
    if (first > 12 && second <= 12) dayFirst ??= value.trim();
    else if (second > 12 && first <= 12) monthFirst ??= value.trim();
    else if (first !== second && first <= 12 && second <= 12) ambiguous = true;
  }
  if (dayFirst && monthFirst) return { order: null, ambiguous, conflict: [dayFirst, monthFirst] };
  return { order: dayFirst ? 'dmy' : monthFirst ? 'mdy' : null, ambiguous, conflict: null };
}

/**
 * A non-negative amount as exports write it: `12345`, `12,345.5`, `12.345,5`, `12 345`, `1'234`.
 * A single `,` or `.` followed by exactly three digits groups thousands (`1,234` and `1.234` are
 * both 1234), unless the number starts with 0 (`0.850` is 0.85); otherwise it is the decimal point
 * (`1.5`, `2,25`). Null when empty, NaN when not a number.
 */
export function parseAmount(value: string): number | null {
  const text = value.trim().replace(/[\s\u00a0\u202f'’_]/g, '');
  if (text === '') return null;
  let plain: string | null = null;
  if (/^\d+$/.test(text)) plain = text;
  else if (/^[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?$/.test(text)) plain = text.replaceAll(',', '');
  else if (/^[1-9]\d{0,2}(?:\.\d{3})+(?:,\d+)?$/.test(text))
    plain = text.replaceAll('.', '').replace(',', '.');
  else if (/^\d*[.,]\d+$/.test(text)) plain = text.replace(',', '.');
  return plain === null ? NaN : Number(plain);
}

/**
 * An amount with the unit an export writes after it (`2457 KGS`, `1,860 kg`, `5416 LB`, `1200 CTN`,
 * `12.5MT`): the number as `parseAmount` reads it and the unit in lower case without a final dot
 * (`''` when none). Null when the cell is empty; `amount` NaN when it is not a number.
 * @example parseMeasure('2,457 KGS') // { amount: 2457, unit: 'kgs' }
 */
export function parseMeasure(value: string): { amount: number; unit: string } | null {
  const m = /^(.*?\d)\s*(\p{L}[\p{L}.]*)$/u.exec(value.trim());
  const amount = parseAmount(m ? m[1]! : value);
  if (amount === null) return null;
  return { amount, unit: m ? m[2]!.toLowerCase().replace(/\.$/, '') : '' };
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
