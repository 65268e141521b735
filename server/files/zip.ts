import { inflateRawSync } from 'node:zlib';

/**
 * A small, defensive ZIP reader for DOCX uploads. It reads the central directory only (no
 * inflating) so the entry count, the declared total size and each entry's compression ratio are
 * checked before a single byte is inflated; then one entry is inflated with a hard output cap
 * (zlib's `maxOutputLength`), so an entry that lies about its size stops at the cap instead of
 * filling memory or the CPU.
 */

/** More entries than any real document has (Word writes a few dozen). */
export const MAX_ZIP_ENTRIES = 2000;
/** What all entries may add up to once inflated. */
export const MAX_ZIP_TOTAL_BYTES = 100 * 1024 * 1024;
/** Entries above 1 MB may shrink at most this much (zip bombs shrink by 1000 and more). */
export const MAX_ZIP_RATIO = 100;
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Why an archive was refused: too big once inflated (`bomb`) or not a readable archive (`damaged`). */
export class ZipRefused extends Error {
  readonly reason: 'bomb' | 'damaged';
  constructor(reason: 'bomb' | 'damaged', detail: string) {
    super(detail);
    this.name = 'ZipRefused';
    this.reason = reason;
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The archive's entries from its central directory, after the entry count, size and ratio checks. */
export function listZip(data: Uint8Array): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  let eocd = -1;
  for (let at = data.length - 22; at >= 0 && at >= data.length - 22 - 0xffff; at--) {
    if (u32(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefused('damaged', 'no end of central directory');
  const count = u16(eocd + 10);
  const directorySize = u32(eocd + 12);
  const directoryOffset = u32(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff)
    throw new ZipRefused('damaged', 'zip64 archives are not accepted');
  if (count > MAX_ZIP_ENTRIES) throw new ZipRefused('bomb', `${count} entries`);
  if (directoryOffset + directorySize > eocd)
    throw new ZipRefused('damaged', 'central directory out of range');
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder('utf-8');
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || u32(at) !== CENTRAL) throw new ZipRefused('damaged', 'bad central directory entry');
    const nameLength = u16(at + 28);
    const entry: ZipEntry = {
      flags: u16(at + 8),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      name: decoder.decode(data.subarray(at + 46, at + 46 + nameLength)),
      localHeaderOffset: u32(at + 42),
    };
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff)
      throw new ZipRefused('damaged', 'zip64 entries are not accepted');
    total += entry.size;
    if (total > MAX_ZIP_TOTAL_BYTES)
      throw new ZipRefused('bomb', `more than ${MAX_ZIP_TOTAL_BYTES} bytes inflated`);
    if (entry.size > RATIO_FLOOR_BYTES && entry.size > entry.compressedSize * MAX_ZIP_RATIO)
      throw new ZipRefused(
        'bomb',
        `${entry.name} shrinks ${Math.round(entry.size / Math.max(1, entry.compressedSize))}x`,
      );
    entries.push(entry);
  }
  return entries;
}

/** One entry's bytes, inflated to at most its declared size (a longer stream is refused). */
export function readZipEntry(data: Uint8Array, entry: ZipEntry): Uint8Array {
  if (entry.flags & 1) throw new ZipRefused('damaged', 'encrypted entry');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || view.getUint32(at, true) !== LOCAL)
    throw new ZipRefused('damaged', 'bad local header');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > data.length) throw new ZipRefused('damaged', 'entry out of range');
  const raw = data.subarray(start, end);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new ZipRefused('damaged', 'stored size mismatch');
    return raw;
  }
  if (entry.method !== 8) throw new ZipRefused('damaged', `compression method ${entry.method}`);
  if (entry.size === 0) return new Uint8Array(0);
  let out: Buffer;
  try {
    out = inflateRawSync(raw, { maxOutputLength: entry.size });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
      throw new ZipRefused('bomb', `${entry.name} inflates past its declared size`);
    throw new ZipRefused('damaged', `${entry.name}: ${(error as Error).message}`);
  }
  if (out.length !== entry.size) throw new ZipRefused('damaged', `${entry.name} size mismatch`);
  return out;
}
