import { deflateRawSync, constants as zlib } from 'node:zlib';

/**
 * Hostile PDFs built byte by byte (issue 11, round 2; issue 29, round 3): decompression bombs in
 * every way the PDF reader accepts a stream, so a defence that guesses the syntax is seen to fail.
 */

/** A PDF from its objects' bodies (object 1 is the catalog), with a correct xref table. */
export function makePdfFrom(objects: (string | Uint8Array)[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : Buffer.from(body),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** Adler-32 of `n` bytes all equal to `byte` (the zlib trailer), without making them. */
function adler32OfRepeated(byte: number, n: number): number {
  const mod = 65521n;
  const N = BigInt(n);
  const c = BigInt(byte);
  const a = (1n + N * c) % mod;
  const b = (N + (c * N * (N + 1n)) / 2n) % mod;
  return Number((b << 16n) | a);
}

/**
 * A zlib stream of `megabytes` MB of `byte`, about 1000 to 1: one fully flushed deflate block
 * repeated (a full flush resets the compressor, so each copy stands alone).
 */
export function zlibBomb(megabytes: number, byte = 0x20): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, byte), { level: 9, finishFlush: zlib.Z_FULL_FLUSH });
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler32OfRepeated(byte, megabytes * 1024 * 1024) >>> 0, 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: megabytes }, () => block),
    deflateRawSync(Buffer.alloc(0), { level: 9 }),
    trailer,
  ]);
}

/** ASCIIHexDecode's input for `data`. */
export const asciiHex = (data: Uint8Array) => Buffer.from(`${Buffer.from(data).toString('hex')}>`, 'latin1');

/** ASCII85Decode's input for `data` (`z` for four zero bytes, `~>` at the end). */
export function ascii85(data: Uint8Array): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = [0, 1, 2, 3].map((k) => data[i + k] ?? 0);
    const n = data.length - i >= 4 ? 4 : data.length - i;
    let value = ((chunk[0]! << 24) | (chunk[1]! << 16) | (chunk[2]! << 8) | chunk[3]!) >>> 0;
    if (value === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

/**
 * LZWDecode's input (12-bit codes, early change, as PDF writes it) for `cycles` dictionaries' worth
 * of one repeated byte: each cycle emits codes for runs of 1, 2, 3… bytes until the dictionary is
 * full, then a clear code: about 7 MB out of every 5.5 KB in.
 */
export function lzwBomb(cycles: number, byte = 0x20): Buffer {
  const out: number[] = [];
  let bits = 0;
  let held = 0;
  const put = (code: number, width: number) => {
    held = (held << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((held >> (bits - 8)) & 0xff);
      bits -= 8;
    }
    held &= (1 << bits) - 1;
  };
  for (let cycle = 0; cycle < cycles; cycle++) {
    put(256, 9);
    // After the clear code: the byte itself, then each new code is the last string plus the byte.
    let next = 258;
    put(byte, 9);
    while (next < 4094) {
      // With early change the width grows one code before the table reaches its power of two.
      const width = next + 1 >= 2048 ? 12 : next + 1 >= 1024 ? 11 : next + 1 >= 512 ? 10 : 9;
      put(next, width);
      next++;
    }
    put(256, 12);
  }
  put(257, 9);
  if (bits) put(0, 8 - bits);
  return Buffer.from(out);
}

/** RunLengthDecode's input: `pairs` runs of 128 copies of `byte` (2 bytes each). */
export const runLength = (pairs: number, byte = 0x20) =>
  Buffer.concat([Buffer.alloc(pairs * 2, 0).map((_, i) => (i % 2 === 0 ? 129 : byte)), Buffer.from([128])]);

/** A one-page PDF whose content stream is `data`, with the stream dictionary's `filter` and `stream` written as `keyword`. */
export function pdfWithStream(data: Uint8Array, filter: string, keyword = 'stream\n'): Uint8Array {
  return makePdfFrom([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${data.length} /Filter ${filter} >>\n${keyword}`, 'latin1'),
      Buffer.from(data),
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
}

/** A 1 MB PDF whose content stream inflates to about 1 GB (FlateDecode, `stream` and a newline). */
export const makePdfBomb = (megabytes: number) => pdfWithStream(zlibBomb(megabytes), '/FlateDecode');

/**
 * Round 3's bombs of about 1.5 MB each: the `stream` keyword written the other ways pdf.js reads,
 * and filter chains in front of (or behind) FlateDecode, and LZW and RunLength bombs on their own.
 */
export function roundThreeBombs(): { name: string; pdf: Uint8Array }[] {
  return [
    { name: 'stream, space, newline', pdf: pdfWithStream(zlibBomb(1400), '/FlateDecode', 'stream \n') },
    { name: 'stream, CR', pdf: pdfWithStream(zlibBomb(1400), '/FlateDecode', 'stream\r') },
    {
      name: 'ASCIIHex then Flate',
      pdf: pdfWithStream(asciiHex(zlibBomb(700)), '[/ASCIIHexDecode /FlateDecode]'),
    },
    {
      name: 'ASCII85 then Flate',
      pdf: pdfWithStream(ascii85(zlibBomb(1100)), '[/ASCII85Decode /FlateDecode]'),
    },
    { name: 'LZW', pdf: pdfWithStream(lzwBomb(270), '/LZWDecode') },
    {
      name: 'Flate then RunLength',
      pdf: pdfWithStream(zlibBomb(1400, 0x81), '[/FlateDecode /RunLengthDecode]'),
    },
  ];
}
