/**
 * Rules of the company files the upload modal checks before sending (spec §5 "Upload": one file at
 * a time, no folders, no duplicate file names, format and size checked). The server checks again.
 */
import { MAX_FILES_PER_ACCOUNT, MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '../../contract/limits.ts';
import type { Locale } from '../i18n/locales.ts';
import type { UIKey } from '../i18n/index.ts';

/** The extensions a file may carry: the ones of UPLOAD_TYPES, plus jpeg for jpg. */
export const UPLOAD_EXTENSIONS: readonly string[] = [...Object.values(UPLOAD_TYPES), 'jpeg'];

/** The file input's `accept`: extensions and MIME types, so every picker filters. */
export const UPLOAD_ACCEPT = [
  ...UPLOAD_EXTENSIONS.map((ext) => `.${ext}`),
  ...Object.keys(UPLOAD_TYPES),
].join(',');

/** What the modal knows of a picked or dropped entry. */
export interface UploadCandidate {
  name: string;
  size: number;
  type: string;
  /** True when the browser's entries API says a dropped item is a folder. */
  isDirectory?: boolean;
}

/** Why a pick is refused, with the parameters its message needs. */
export interface UploadRefusal {
  key: UIKey;
  params?: Record<string, string | number>;
}

/**
 * The lower-case extension of a file name, or '' when it has none.
 * @example fileExtension('Profile.PDF') // 'pdf'
 */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The first reason to refuse a pick or a drop before it is sent, or null when it may go:
 * one file, not a folder, not empty, at most MAX_UPLOAD_BYTES, a type of UPLOAD_TYPES, a name not
 * already listed, and room left under MAX_FILES_PER_ACCOUNT.
 * @example checkUpload([{ name: 'a.txt', size: 3, type: 'text/plain' }], ['a.txt']) // { key: 'upload.duplicate', … }
 */
export function checkUpload(
  candidates: readonly UploadCandidate[],
  existingNames: readonly string[],
  locale: Locale = 'zh',
): UploadRefusal | null {
  if (candidates.length === 0) return null;
  if (candidates.length > 1) return { key: 'upload.tooMany' };
  const [file] = candidates as [UploadCandidate];
  // Browsers without the entries API hand a dropped folder over as a file of 0 bytes, no type and no extension.
  const looksLikeFolder = file.size === 0 && !file.type && !fileExtension(file.name);
  if (file.isDirectory || looksLikeFolder) return { key: 'upload.folder' };
  if (!UPLOAD_EXTENSIONS.includes(fileExtension(file.name))) return { key: 'upload.badType' };
  if (file.size === 0) return { key: 'upload.empty', params: { name: file.name } };
  if (file.size > MAX_UPLOAD_BYTES)
    return { key: 'upload.tooLarge', params: { size: formatFileSize(MAX_UPLOAD_BYTES, locale) } };
  // The server lists a file under its name in NFC, trimmed: compare the same way.
  const listed = (name: string) => name.normalize('NFC').trim();
  if (existingNames.some((name) => listed(name) === listed(file.name)))
    return { key: 'upload.duplicate', params: { name: file.name } };
  if (existingNames.length >= MAX_FILES_PER_ACCOUNT)
    return { key: 'upload.limit', params: { count: MAX_FILES_PER_ACCOUNT } };
  return null;
}

/**
 * A byte count for people: B, KB or MB (1024-based, as file managers show), one decimal at most.
 * @example formatFileSize(1536, 'en') // '1.5 KB'
 */
export function formatFileSize(bytes: number, locale: Locale = 'zh'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '--';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
  return `${number} ${units[unit]}`;
}

/**
 * Whether a stored file opens in the in-modal image viewer (else it opens as a download).
 * @example isPreviewableImage('image/png') // true
 */
export function isPreviewableImage(mime: string): boolean {
  return mime === 'image/png' || mime === 'image/jpeg';
}
