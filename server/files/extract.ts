import { constants as zlib, inflateSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { readZipEntry, ZipRefused, type ZipEntry } from './zip.ts';
import { collapseSpaces } from '../platform/text.ts';

/**
 * Text extraction. Everything here reads untrusted bytes and may be slow by design of the input,
 * so it runs only inside the extraction child process (`extractChild.ts`, started by `worker.ts`), never
 * on the server's event loop; `tidyText` and `isPlainText` are cheap and used on it too.
 */

/** Text kept per file (the rest is dropped; get_file joins the files' texts). */
export const MAX_FILE_TEXT_CHARS = 20_000;
/** The joined company text get_file answers. */
export const MAX_COMPANY_TEXT_CHARS = 30_000;
/** A PDF with more pages than this is refused (a company profile or catalogue has fewer). */
export const MAX_PDF_PAGES = 200;
/** Raw text gathered before `tidyText` (which keeps 20,000): reading stops once this much is out. */
export const MAX_EXTRACTED_CHARS = 200_000;
/** What a PDF's zlib streams may add up to once inflated (the budget a DOCX's entries have). */
export const MAX_PDF_INFLATED_BYTES = 100 * 1024 * 1024;

/**
 * Every space as one ASCII space and line breaks as LF (`collapseSpaces`), control characters
 * dropped, lines trimmed, at most one blank line in a row, and the length capped.
 */
export function tidyText(text: string, max = MAX_FILE_TEXT_CHARS): string {
  const tidy = collapseSpaces(
    // Control characters but the spaces and line breaks collapseSpaces reads.
    // eslint-disable-next-line no-control-regex
    text.normalize('NFC').replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g, ''),
  ).trim();
  return [...tidy].slice(0, max).join('').trimEnd();
}

/** Why extraction refused a file: unreadable (`damaged`), or too big or costly to read (`tooComplex`). */
export class ExtractRefused extends Error {
  readonly reason: 'damaged' | 'tooComplex' | 'bomb';
  constructor(reason: 'damaged' | 'tooComplex' | 'bomb', detail: string) {
    super(detail);
    this.name = 'ExtractRefused';
    this.reason = reason;
  }
}

const STREAM = /(?<!end)stream\r?\n/g;

/**
 * An early, cheap refusal of the usual decompression bomb: inflates every zlib stream that follows
 * `stream` and a newline (again while the output is itself a zlib stream) against one shared output
 * cap, in native code, before pdf.js starts. It guesses the syntax (other line ends and filter
 * chains pass it), so it is not the bound: the extraction child's address-space limit is
 * (`worker.ts`), whatever the file's syntax.
 */
export function checkPdfStreams(bytes: Uint8Array): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const bomb = () =>
    new ExtractRefused('tooComplex', `PDF streams inflate past ${MAX_PDF_INFLATED_BYTES} bytes`);
  let budget = MAX_PDF_INFLATED_BYTES;
  STREAM.lastIndex = 0;
  for (let match = STREAM.exec(text); match; match = STREAM.exec(text)) {
    let data: Uint8Array = bytes.subarray(match.index + match[0].length);
    // A zlib header: compression method 8, and the first two bytes a multiple of 31.
    while (data.length > 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0) {
      let out: Buffer;
      try {
        out = inflateSync(data, { maxOutputLength: budget + 1, finishFlush: zlib.Z_SYNC_FLUSH });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
          throw bomb();
        break; // Not zlib after all: pdf.js decides.
      }
      budget -= out.length;
      if (budget < 0) throw bomb();
      data = out;
    }
  }
}

/**
 * The text of a PDF, page by page until the per-file cap is reached (so a long PDF is not read to
 * the end for text that would be dropped). Refuses (`tooComplex`) more than 200 pages and
 * decompression bombs (`checkPdfStreams`); throws when pdf.js cannot open the file.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  checkPdfStreams(bytes);
  // Loaded here: pdf.js is large, and most workers read a DOCX or TXT.
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js may detach the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw new ExtractRefused('tooComplex', `${pdf.numPages} pages`);
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= pdf.numPages && length < MAX_FILE_TEXT_CHARS; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .slice(0, MAX_EXTRACTED_CHARS);
      pages.push(text);
      length += text.length;
    }
    return pages.join('\n\n');
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** The XML is fed to the parser this many bytes at a time, so reading can stop early. */
const XML_CHUNK_BYTES = 64 * 1024;

/** What an XML reader does with a part's events (saxes names, no namespaces resolved). */
interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>, selfClosing: boolean) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/**
 * Reads one XML part of an Office file with a streaming parser (saxes: linear time, no DTD entity
 * expansion), fed 64 KB at a time so that `enough` can stop it early; XML it refuses is a damaged
 * file.
 */
function readXml(xml: Uint8Array, part: string, on: XmlHandlers, enough: () => boolean = () => false): void {
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('error', (error) => {
    throw new ExtractRefused('damaged', `${part}: ${error.message}`);
  });
  if (on.open) {
    const open = on.open;
    parser.on('opentag', (node) =>
      open(node.name, node.attributes as Record<string, string>, node.isSelfClosing),
    );
  }
  if (on.close) {
    const close = on.close;
    parser.on('closetag', (node) => close(node.name));
  }
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  const decoder = new TextDecoder('utf-8');
  for (let at = 0; at < xml.length && !enough(); at += XML_CHUNK_BYTES) {
    const end = Math.min(at + XML_CHUNK_BYTES, xml.length);
    parser.write(decoder.decode(xml.subarray(at, end), { stream: end < xml.length }));
  }
  if (!enough()) parser.close();
}

/**
 * The text of a DOCX's `word/document.xml`: the runs' `<w:t>` text, a line per paragraph, tabs and
 * breaks kept; deleted text (`<w:delText>`), field codes and markup are skipped. Stops once
 * 200,000 characters are out.
 */
export function docxText(xml: Uint8Array): string {
  let out = '';
  let inText = false;
  readXml(
    xml,
    'word/document.xml',
    {
      open: (name, _attributes, selfClosing) => {
        if (name === 'w:t') inText = !selfClosing;
        else if (name === 'w:tab') out += '\t';
        else if (name === 'w:br' || name === 'w:cr') out += '\n';
      },
      close: (name) => {
        if (name === 'w:t') inText = false;
        else if (name === 'w:p') out += '\n';
      },
      text: (text) => {
        if (inText) out += text;
      },
    },
    () => out.length > MAX_EXTRACTED_CHARS,
  );
  return out.slice(0, MAX_EXTRACTED_CHARS);
}

/** The parts of an XLSX its text is read from (`xlsxParts`). */
export const XLSX_WORKBOOK = 'xl/workbook.xml';
const XLSX_RELATIONS = 'xl/_rels/workbook.xml.rels';
const XLSX_SHARED_STRINGS = 'xl/sharedStrings.xml';
const XLSX_SHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/** The entries of an XLSX the extraction child needs: the workbook, its relations, strings and sheets. */
export function xlsxParts(entries: ZipEntry[]): ZipEntry[] {
  return entries.filter(
    (entry) =>
      entry.name === XLSX_WORKBOOK ||
      entry.name === XLSX_RELATIONS ||
      entry.name === XLSX_SHARED_STRINGS ||
      XLSX_SHEET.test(entry.name),
  );
}

/** A header cell is at most this long; a header row has at least three of them (`rowLines`). */
const HEADER_CELL_CHARS = 40;
const HEADER_MIN_CELLS = 3;

/** "AB12" → 28 (1-based); null without letters. */
function columnOf(reference: string | undefined): number | null {
  const letters = /^[A-Z]{1,3}/.exec(reference ?? '')?.[0];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

const isNumber = (text: string) => /^[-+]?\d[\d.,]*%?$/.test(text);

/**
 * A sheet's rows as lines, the way a reader takes a sheet in: a row's cells joined by " | "; a row
 * of two cells whose first is a label as "label: value"; under a header row (three or more short,
 * non-numeric cells) each row as "header: value; header: value", until a blank row ends the
 * table. A cell's own line breaks stay only in a row of one cell.
 */
function rowLines(rows: Map<number, string>[]): string[] {
  const lines: string[] = [];
  let header: { cells: Map<number, string>; line: string; used: boolean } | null = null;
  // A header row no row was read under is an ordinary row after all.
  const endTable = () => {
    if (header && !header.used) lines.push(header.line);
    header = null;
  };
  for (const row of rows) {
    const cells = [...row.entries()]
      .map(([column, text]) => [column, text.trim()] as const)
      .filter(([, text]) => text)
      .sort(([a], [b]) => a - b);
    if (!cells.length) {
      endTable();
      continue;
    }
    if (cells.length === 1) {
      lines.push(cells[0]![1]);
      continue;
    }
    const flat = cells.map(
      ([column, text]) =>
        [
          column,
          text
            .split('\n')
            .map((part) => part.trim())
            .filter(Boolean)
            .join(' '),
        ] as const,
    );
    const under = header ? flat.filter(([column]) => header!.cells.has(column)).length : 0;
    const isHeader =
      flat.length >= HEADER_MIN_CELLS &&
      flat.every(([, text]) => text.length <= HEADER_CELL_CHARS && !isNumber(text) && !text.endsWith(':'));
    if (header && under >= 2) {
      const names = header.cells;
      header.used = true;
      lines.push(
        flat.map(([column, text]) => (names.has(column) ? `${names.get(column)}: ${text}` : text)).join('; '),
      );
    } else if (isHeader) {
      endTable();
      header = { cells: new Map(flat), line: flat.map(([, text]) => text).join(' | '), used: false };
    } else if (flat.length === 2 && !isNumber(flat[0]![1]) && flat[0]![1].length <= HEADER_CELL_CHARS) {
      const [label, value] = [flat[0]![1], flat[1]![1]];
      lines.push(/[:：]$/.test(label) ? `${label} ${value}` : `${label}: ${value}`);
    } else {
      lines.push(flat.map(([, text]) => text).join(' | '));
    }
  }
  endTable();
  return lines;
}

/** A number cell as written: "0.30000000000000004" as 0.3, anything not a number as it is. */
function numberText(value: string): string {
  const number = Number(value);
  return value && Number.isFinite(number) ? String(Number(number.toPrecision(15))) : value;
}

/**
 * The text of an XLSX: its visible sheets in the workbook's order, a line per row (`rowLines`).
 * Shared, inline, formula-string, number and boolean cells are read; errors are skipped, as are
 * hidden sheets and phonetic runs. Stops once 200,000 characters are out.
 */
export function xlsxText(bytes: Uint8Array, entries: ZipEntry[]): string {
  const part = (name: string) => entries.find((entry) => entry.name === name);
  const workbook = part(XLSX_WORKBOOK);
  if (!workbook) throw new ExtractRefused('damaged', `no ${XLSX_WORKBOOK}`);

  // Sheets in the workbook's order, found through its relations; any sheet left over comes after.
  const listed: { id: string; hidden: boolean }[] = [];
  readXml(readZipEntry(bytes, workbook), XLSX_WORKBOOK, {
    open: (name, attributes) => {
      if (name === 'sheet')
        listed.push({ id: attributes['r:id'] ?? '', hidden: /hidden/i.test(attributes.state ?? '') });
    },
  });
  const targets = new Map<string, string>();
  const relations = part(XLSX_RELATIONS);
  if (relations)
    readXml(readZipEntry(bytes, relations), XLSX_RELATIONS, {
      open: (name, attributes) => {
        if (name !== 'Relationship' || !attributes.Target) return;
        const target = attributes.Target.replace(/^\//, '');
        targets.set(attributes.Id ?? '', target.startsWith('xl/') ? target : `xl/${target}`);
      },
    });
  const hidden = new Set(listed.filter((sheet) => sheet.hidden).map((sheet) => targets.get(sheet.id)));
  const sheets = listed
    .map((sheet) => targets.get(sheet.id))
    .filter((name): name is string => !!name && !hidden.has(name))
    .map(part)
    .filter((entry): entry is ZipEntry => !!entry);
  for (const entry of entries)
    if (XLSX_SHEET.test(entry.name) && !sheets.includes(entry) && !hidden.has(entry.name)) sheets.push(entry);

  // Shared strings, each the text of its runs (phonetic guides left out), read up to the budget.
  const shared: string[] = [];
  const strings = part(XLSX_SHARED_STRINGS);
  if (strings) {
    let current = '';
    let inText = false;
    let phonetic = false;
    let read = 0;
    readXml(
      readZipEntry(bytes, strings),
      XLSX_SHARED_STRINGS,
      {
        open: (name, _attributes, selfClosing) => {
          if (name === 'si') current = '';
          else if (name === 'rPh') phonetic = !selfClosing;
          else if (name === 't') inText = !selfClosing && !phonetic;
        },
        close: (name) => {
          if (name === 't') inText = false;
          else if (name === 'rPh') phonetic = false;
          else if (name === 'si') {
            shared.push(current);
            read += current.length;
          }
        },
        text: (text) => {
          if (inText) current += text;
        },
      },
      () => read > MAX_EXTRACTED_CHARS * 4,
    );
  }

  let out = '';
  for (const sheet of sheets) {
    if (out.length > MAX_EXTRACTED_CHARS) break;
    const rows: Map<number, string>[] = [];
    let row = new Map<number, string>();
    let column = 0;
    let type = '';
    let value = '';
    let inValue = false;
    let cells = 0;
    let lastRow = 0;
    readXml(
      readZipEntry(bytes, sheet),
      sheet.name,
      {
        open: (name, attributes, selfClosing) => {
          if (name === 'row') {
            // Excel leaves blank rows out: a gap in the row numbers is a blank row.
            const number = Number(attributes.r);
            if (Number.isInteger(number) && number > lastRow + 1 && rows.length) rows.push(new Map());
            lastRow = Number.isInteger(number) ? number : lastRow + 1;
            row = new Map();
          } else if (name === 'c') {
            column = columnOf(attributes.r) ?? column + 1;
            type = attributes.t ?? 'n';
            value = '';
          } else if (name === 'v' || name === 't')
            inValue = !selfClosing && !(name === 't' && type !== 'inlineStr');
        },
        close: (name) => {
          if (name === 'v' || name === 't') inValue = false;
          else if (name === 'c') {
            const text =
              type === 's'
                ? (shared[Number(value)] ?? '')
                : type === 'b'
                  ? value === '1'
                    ? 'TRUE'
                    : 'FALSE'
                  : type === 'e'
                    ? ''
                    : type === 'inlineStr' || type === 'str'
                      ? value
                      : numberText(value.trim());
            if (text) {
              row.set(column, text);
              cells += text.length;
            }
          } else if (name === 'row') {
            rows.push(row);
            column = 0;
          }
        },
        text: (text) => {
          if (inValue) value += text;
        },
      },
      () => out.length + cells > MAX_EXTRACTED_CHARS,
    );
    out += `${rowLines(rows).join('\n')}\n\n`;
  }
  return out.slice(0, MAX_EXTRACTED_CHARS);
}

/** A text file's characters: UTF-16 with a BOM, else UTF-8 (a UTF-8 BOM is dropped). */
export function decodeText(bytes: Uint8Array): string | null {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
      return new TextDecoder('utf-16le', { fatal: true, ignoreBOM: false }).decode(bytes);
    if (bytes[0] === 0xfe && bytes[1] === 0xff)
      return new TextDecoder('utf-16be', { fatal: true, ignoreBOM: false }).decode(bytes);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Plain text: decodes (see `decodeText`) and holds no NUL character. */
export function isPlainText(bytes: Uint8Array): boolean {
  const text = decodeText(bytes);
  return text !== null && !text.includes('\u0000');
}

/** One extraction, as the worker receives it. */
export type ExtractJob =
  | { kind: 'text/plain' | 'application/pdf'; bytes: Uint8Array }
  | { kind: 'docx'; bytes: Uint8Array; entry: ZipEntry }
  | { kind: 'xlsx'; bytes: Uint8Array; entries: ZipEntry[] };

/** The worker's answer: the tidied text, or why the file is refused. */
export type ExtractResult =
  { ok: true; text: string } | { ok: false; reason: 'damaged' | 'tooComplex' | 'bomb'; detail: string };

/** Runs one job (inside the worker): the file's tidied text, or the refusal. */
export async function runExtractJob(job: ExtractJob): Promise<ExtractResult> {
  try {
    switch (job.kind) {
      case 'text/plain':
        return { ok: true, text: tidyText((decodeText(job.bytes) ?? '').slice(0, MAX_EXTRACTED_CHARS)) };
      case 'docx':
        return { ok: true, text: tidyText(docxText(readZipEntry(job.bytes, job.entry))) };
      case 'xlsx':
        return { ok: true, text: tidyText(xlsxText(job.bytes, job.entries)) };
      case 'application/pdf':
        return { ok: true, text: tidyText(await extractPdfText(job.bytes)) };
    }
  } catch (error) {
    if (error instanceof ExtractRefused || error instanceof ZipRefused)
      return { ok: false, reason: error.reason, detail: error.message };
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // Memory the address-space limit refused (worker.ts): the file is too costly to read.
    if (error instanceof RangeError || /allocation failed|out of memory/i.test(detail))
      return { ok: false, reason: 'tooComplex', detail };
    // pdf.js cannot open it (damaged, password-protected).
    return { ok: false, reason: 'damaged', detail };
  }
}
