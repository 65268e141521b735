import { getDocumentProxy } from 'unpdf';

/** Text kept per file (the rest is dropped; get_file joins the files' texts). */
export const MAX_FILE_TEXT_CHARS = 20_000;
/** The joined company text get_file answers. */
export const MAX_COMPANY_TEXT_CHARS = 30_000;
/** A PDF whose text is not out after this long is refused as unreadable. */
const PDF_TIMEOUT_MS = 15_000;

/** Drops control characters (keeping tabs and newlines), trims lines, and caps the length. */
export function tidyText(text: string, max = MAX_FILE_TEXT_CHARS): string {
  const tidy = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufeff]/g, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return [...tidy].slice(0, max).join('').trimEnd();
}

/**
 * The text of a PDF, page by page until the per-file cap is reached (so a long PDF is not read to
 * the end for text that would be dropped); throws when pdf.js cannot open the file (damaged,
 * password-protected) or takes longer than 15 s.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js may detach the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  const deadline = Date.now() + PDF_TIMEOUT_MS;
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= pdf.numPages && length < MAX_FILE_TEXT_CHARS; n++) {
      if (Date.now() > deadline) throw new Error('PDF text extraction timed out');
      const content = await (await pdf.getPage(n)).getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      pages.push(text);
      length += text.length;
    }
    return pages.join('\n\n');
  } finally {
    await pdf.loadingTask.destroy();
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text of a DOCX's `word/document.xml`: the runs' `<w:t>` text, a line per paragraph, tabs and
 * breaks kept; deleted text (`<w:delText>`), field codes and markup are skipped.
 */
export function docxText(xml: string): string {
  let out = '';
  let inText = false;
  const token = /<(\/?)w:(p|t|tab|br|cr)\b[^>]*?(\/?)>|<[^>]*>|([^<]+)/g;
  for (let match = token.exec(xml); match; match = token.exec(xml)) {
    const [, closing, tag, selfClosing, chars] = match;
    if (chars !== undefined) {
      if (inText) out += decodeEntities(chars);
    } else if (tag === 't') {
      inText = !closing && !selfClosing;
    } else if (tag === 'p') {
      if (closing || selfClosing) out += '\n';
    } else if (tag === 'tab' && !closing) {
      out += '\t';
    } else if ((tag === 'br' || tag === 'cr') && !closing) {
      out += '\n';
    }
    if (out.length > MAX_FILE_TEXT_CHARS * 2) break;
  }
  return out;
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
