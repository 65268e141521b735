import { fileTypeFromBuffer } from 'file-type';
import { ErrorCode } from '../../contract/api.ts';
import { UPLOAD_TYPES } from '../../contract/limits.ts';
import { AppError } from '../platform/errors.ts';
import { listZip, ZipRefused, type ZipEntry } from './zip.ts';
import { isPlainText, XLSX_WORKBOOK, xlsxParts } from './extract.ts';

export type UploadMime = keyof typeof UPLOAD_TYPES;

/** The longest file name kept (characters, after normalization). */
export const MAX_FILE_NAME_CHARS = 120;

/** The extensions a name may end in for each accepted type. */
const EXTENSIONS: Record<UploadMime, readonly string[]> = {
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'text/plain': ['txt'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
};
/** Other spellings browsers and tools declare for the accepted types. */
const MIME_ALIASES: Record<string, UploadMime> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-pdf': 'application/pdf',
};

const badName = () =>
  new AppError(ErrorCode.VALIDATION, 'fileNameInvalid', { max: MAX_FILE_NAME_CHARS }, { field: 'file' });

/**
 * The name a file is listed under: NFC, without control or bidi-override characters, trimmed.
 * Refused (40001, field `file`): a NUL anywhere, any `/` or `\` (names are never paths, and a
 * path is refused rather than cut), `..`, nothing left, or more than 120 characters. The name is
 * only ever shown: bytes are stored under a random key.
 */
export function cleanFileName(raw: string): string {
  if (raw.includes('\u0000')) throw badName();
  const name = raw
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .trim();
  if (!name || name === '.' || name.includes('..') || /[/\\]/.test(name)) throw badName();
  if ([...name].length > MAX_FILE_NAME_CHARS) throw badName();
  return name;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export interface Inspected {
  mime: UploadMime;
  /** DOCX only: `word/document.xml`, checked but not inflated (the extraction child process does that). */
  documentEntry?: ZipEntry;
  /** XLSX only: the workbook, its relations, shared strings and sheets (`xlsxParts`), checked, not inflated. */
  sheetParts?: ZipEntry[];
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const unsupported = () => new AppError(ErrorCode.UNSUPPORTED_TYPE, 'fileTypeUnsupported');
const mismatch = () => new AppError(ErrorCode.UNSUPPORTED_TYPE, 'fileTypeMismatch');

/**
 * The file's type, sniffed from its bytes (never from the name): magic numbers via `file-type`,
 * and for bytes without one, plain text when they are UTF-8 (or UTF-16 with a BOM) without NUL.
 * Refused with 41500: a type outside UPLOAD_TYPES; a name whose extension (or a declared
 * Content-Type of an accepted type) disagrees with the content; a DOCX or XLSX whose central
 * directory is not a safe, readable archive with `word/document.xml` or `xl/workbook.xml` (nothing
 * is inflated here).
 */
export async function inspectUpload(
  bytes: Uint8Array,
  name: string,
  declaredMime: string,
): Promise<Inspected> {
  const sniffed = await fileTypeFromBuffer(bytes);
  let mime: UploadMime;
  // XML (and other text file-type recognises) is still text when the name says .txt.
  const textual = !sniffed || sniffed.mime === 'application/xml' || sniffed.mime.startsWith('text/');
  if (textual) {
    if (!isPlainText(bytes)) throw unsupported();
    mime = 'text/plain';
  } else if (sniffed.mime in UPLOAD_TYPES) {
    mime = sniffed.mime as UploadMime;
  } else {
    throw unsupported();
  }
  if (!EXTENSIONS[mime].includes(extensionOf(name))) throw mismatch();
  const declared = declaredMime.split(';')[0]!.trim().toLowerCase();
  const declaredType =
    MIME_ALIASES[declared] ?? (declared in UPLOAD_TYPES ? (declared as UploadMime) : undefined);
  if (declaredType && declaredType !== mime) throw mismatch();

  if (mime !== DOCX && mime !== XLSX) return { mime };
  try {
    const entries = listZip(bytes);
    const main = entries.find(
      (entry) => entry.name === (mime === DOCX ? 'word/document.xml' : XLSX_WORKBOOK),
    );
    if (!main) throw new AppError(ErrorCode.UNSUPPORTED_TYPE, 'fileDamaged');
    return mime === DOCX ? { mime, documentEntry: main } : { mime, sheetParts: xlsxParts(entries) };
  } catch (error) {
    if (error instanceof ZipRefused)
      throw new AppError(ErrorCode.UNSUPPORTED_TYPE, error.reason === 'bomb' ? 'docxUnsafe' : 'fileDamaged');
    throw error;
  }
}
