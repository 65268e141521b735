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

/**
 * The text of a DOCX's `word/document.xml`: the runs' `<w:t>` text, a line per paragraph, tabs and
 * breaks kept; deleted text (`<w:delText>`), field codes and markup are skipped. A streaming XML
 * parser reads it (saxes: linear time, no DTD entity expansion); XML it refuses is a damaged file.
 * Stops once 200,000 characters are out.
 */
export function docxText(xml: Uint8Array): string {
  let out = '';
  let inText = false;
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('error', (error) => {
    throw new ExtractRefused('damaged', `word/document.xml: ${error.message}`);
  });
  parser.on('opentag', (node) => {
    if (node.name === 'w:t') inText = !node.isSelfClosing;
    else if (node.name === 'w:tab') out += '\t';
    else if (node.name === 'w:br' || node.name === 'w:cr') out += '\n';
  });
  parser.on('closetag', (node) => {
    if (node.name === 'w:t') inText = false;
    else if (node.name === 'w:p') out += '\n';
  });
  const onText = (text: string) => {
    if (inText) out += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  const decoder = new TextDecoder('utf-8');
  for (let at = 0; at < xml.length && out.length <= MAX_EXTRACTED_CHARS; at += XML_CHUNK_BYTES) {
    const end = Math.min(at + XML_CHUNK_BYTES, xml.length);
    parser.write(decoder.decode(xml.subarray(at, end), { stream: end < xml.length }));
  }
  if (out.length <= MAX_EXTRACTED_CHARS) parser.close();
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
  | { kind: 'docx'; bytes: Uint8Array; entry: ZipEntry };

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
