import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../contract/limits.ts';
import { createApp } from '../../server/app.ts';
import { companyFiles, users } from '../../server/platform/db/schema.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { makeXlsx, row } from '../unit/support/xlsx.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, built here so every byte is known.

/** A one-page PDF (Helvetica, one text line per entry) with a correct xref table. */
function makePdf(lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (m) => `\\${m}`);
  const content = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${esc(l)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const enc = (s: string) => new TextEncoder().encode(s);
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

function documentXml(paragraphs: string[]): string {
  const body = paragraphs
    .map((p) => `<w:p><w:pPr><w:tabs/></w:pPr><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:p><w:r><w:delText>deleted words</w:delText></w:r></w:p></w:body></w:document>`;
}

/** A DOCX as Word lays it out: content types first, then the main document. */
function makeDocx(parts: Record<string, Uint8Array | [Uint8Array, { level: 9 }]>): Uint8Array {
  return zipSync({ '[Content_Types].xml': enc(CONTENT_TYPES), ...parts });
}

/** A real 1×1 PNG. */
function makePng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** The start of a JFIF JPEG (file-type needs only the magic). */
function makeJpeg(): Uint8Array {
  const b = Buffer.alloc(64);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).copy(b);
  return new Uint8Array(b);
}

/** An ELF executable header (x86-64), padded. */
function makeElf(): Uint8Array {
  const b = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(b);
  b.writeUInt16LE(2, 16); // ET_EXEC
  b.writeUInt16LE(0x3e, 18); // x86-64
  b.writeUInt32LE(1, 20);
  return new Uint8Array(b);
}

/** A DOS/PE executable header. */
function makeExe(): Uint8Array {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return new Uint8Array(b);
}

// ---------------------------------------------------------------------------------------------

let api: Api;
let app: ReturnType<typeof createApp>;
let dataDir: string;
let filesDir: string;
let alice: string;
let bob: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hl-files-test-'));
  filesDir = join(dataDir, 'files');
  api = await startApi({ env: { DATA_DIR: dataDir } });
  app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: true });
  // Alice reads English messages, Bob Chinese (the user's saved language wins).
  alice = await api.signUp('alice@example.com', 'Secret123', { language: 'en' });
  bob = await api.signUp('bob@example.com');
}, 60_000);
afterAll(async () => {
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
});
// Each test starts a fresh upload rate-limit window (the limit has its own test).
beforeEach(() => api.clock.advance(11 * 60 * 1000));

interface UploadOptions {
  token?: string | undefined;
  clientId?: string;
  /** The declared Content-Type of the file part. */
  type?: string;
  /** More parts to append after the file. */
  extra?: (form: FormData) => void;
  headers?: Record<string, string>;
  lang?: 'zh' | 'en';
}

/** POST /upload_file with a real multipart body, as the browser sends it. */
async function upload(
  name: string,
  bytes: Uint8Array,
  {
    token = alice,
    clientId = 'client-0001',
    type = '',
    extra,
    headers = {},
    lang = 'en',
  }: UploadOptions = {},
): Promise<{ status: number; body: Answer }> {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  form.append('clientId', clientId);
  extra?.(form);
  const res = await app.request('/api/upload_file', {
    method: 'POST',
    headers: {
      'x-forwarded-for': '203.0.113.9',
      'accept-language': lang,
      ...(token ? { token } : {}),
      ...headers,
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** POST /upload_file with a hand-written multipart body: `disposition` ends the file part's header. */
async function uploadRaw(disposition: string, content: string, token = alice, preamble = '') {
  const boundary = 'hl-test-boundary-7f3a';
  const body =
    `${preamble}\r\n--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\nclient-raw-names\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n` +
    `Content-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  const res = await app.request('/api/upload_file', {
    method: 'POST',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

let accounts = 0;
/** A new account of its own, for a test that reads the whole file list (files belong to the account). */
const newUser = () => api.signUp(`user${++accounts}@example.com`, 'Secret123', { language: 'en' });

async function getFile(token: string, clientId = 'client-0001') {
  return api.call('GET', `/get_file?clientId=${clientId}`, { token });
}

/** The file names a get_file answer lists. */
const names = (res: { body: Answer }) =>
  (res.body.data.files as { file_name: string }[]).map((f) => f.file_name);

/** Every regular file under the files directory (stored bytes and any temp file). */
async function filesOnDisk(): Promise<string[]> {
  try {
    const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}
const rowCount = async () => (await api.database.db.select({ n: count() }).from(companyFiles))[0]!.n;

/** Asserts a refusal stored nothing: no new row, no new bytes, no temp file left. */
async function expectNothingStored(run: () => Promise<unknown>) {
  const [rowsBefore, diskBefore] = [await rowCount(), await filesOnDisk()];
  await run();
  expect(await rowCount()).toBe(rowsBefore);
  expect(await filesOnDisk()).toEqual(diskBefore);
  expect((await filesOnDisk()).filter((f) => f.endsWith('.part'))).toEqual([]);
}

async function download(url: string) {
  return app.request(url, { headers: { 'x-forwarded-for': '203.0.113.9' } });
}

// ---------------------------------------------------------------------------------------------

describe('upload_file: accepted types, text extraction, get_file', () => {
  it('stores a PDF and its text shows in company_text', async () => {
    const pdf = makePdf(['Acme Pumps Ltd', 'We make centrifugal pumps for export.']);
    const res = await upload('Company Profile.pdf', pdf, { type: 'application/pdf' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({
      file_id: expect.stringMatching(/^[a-f0-9]{32}$/),
      file_name: 'Company Profile.pdf',
      size: pdf.length,
      mime: 'application/pdf',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const info = await getFile(alice);
    expect(info.body.data.client_id).toBe('client-0001');
    expect(info.body.data.files).toEqual([res.body.data]);
    expect(info.body.data.company_text).toContain('Acme Pumps Ltd');
    expect(info.body.data.company_text).toContain('We make centrifugal pumps for export.');
    // The bytes are stored under a random key, never the user's name.
    const disk = await filesOnDisk();
    expect(disk).toHaveLength(1);
    expect(disk[0]).toMatch(/[/\\][a-f0-9]{2}[/\\][a-f0-9]{32}$/);
  });

  it('stores a DOCX with its paragraphs (entities decoded, deleted text left out)', async () => {
    const docx = makeDocx({
      'word/document.xml': enc(
        documentXml(['Bright &amp; Sons Trading', 'Ceramic tiles, 40 containers a month']),
      ),
    });
    const me = await newUser();
    const res = await upload('brochure.docx', docx, {
      token: me,
      clientId: 'client-docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(res.body).toMatchObject({
      code: 0,
      data: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    });
    const { company_text } = (await getFile(me, 'client-docx')).body.data;
    expect(company_text).toBe('Bright & Sons Trading\nCeramic tiles, 40 containers a month');
  });

  it('stores an XLSX as its sheets read: a line per row, labels with their values', async () => {
    const xlsx = makeXlsx(
      [
        {
          name: 'Company',
          rows: [
            row(1, 'A1=s:0', 'B1=s:1'),
            row(2, 'A2=inline:Product', 'B2=inline:Size', 'C2=inline:MOQ'),
            row(3, 'A3=inline:Ceramic floor tiles', 'B3=inline:600x600', 'C3=n:500'),
          ].join(''),
        },
      ],
      ['<t>Company name</t>', '<t>Bright &amp; Sons Trading</t>'],
    );
    const me = await newUser();
    const res = await upload('price-list.xlsx', xlsx, {
      token: me,
      clientId: 'client-xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(res.body).toMatchObject({
      code: 0,
      data: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    const { company_text } = (await getFile(me, 'client-xlsx')).body.data;
    expect(company_text).toBe(
      'Company name: Bright & Sons Trading\nProduct: Ceramic floor tiles; Size: 600x600; MOQ: 500',
    );
  });

  it('stores UTF-8 text and UTF-16 text with a BOM', async () => {
    const me = await newUser();
    const utf8 = await upload('简介.txt', enc('蜜探贸易公司\n主营：不锈钢水泵'), {
      token: me,
      clientId: 'client-text',
    });
    expect(utf8.body).toMatchObject({ code: 0, data: { file_name: '简介.txt', mime: 'text/plain' } });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Second line in UTF-16', 'utf16le')]);
    api.clock.advance(1000);
    const second = await upload('notes.txt', new Uint8Array(utf16), { token: me, clientId: 'client-text' });
    expect(second.body.code).toBe(0);
    const info = (await getFile(me, 'client-text')).body.data;
    // Newest first.
    expect(info.files.map((f: { file_name: string }) => f.file_name)).toEqual(['notes.txt', '简介.txt']);
    expect(info.company_text).toContain('蜜探贸易公司\n主营：不锈钢水泵');
    expect(info.company_text).toContain('Second line in UTF-16');
  });

  it('stores PNG and JPEG images without text', async () => {
    const me = await newUser();
    const res = await upload('logo.png', makePng(), {
      token: me,
      clientId: 'client-image',
      type: 'image/png',
    });
    expect(res.body).toMatchObject({ code: 0, data: { mime: 'image/png' } });
    const jpeg = await upload('photo.jpeg', makeJpeg(), {
      token: me,
      clientId: 'client-image',
      type: 'image/jpeg',
    });
    expect(jpeg.body).toMatchObject({ code: 0, data: { mime: 'image/jpeg' } });
    expect((await getFile(me, 'client-image')).body.data.company_text).toBe('');
  });

  it('caps the text: 20,000 characters per file, 30,000 in company_text', async () => {
    const long = (letter: string) => enc(letter.repeat(50_000));
    const me = await newUser();
    expect((await upload('a.txt', long('a'), { token: me, clientId: 'client-long' })).body.code).toBe(0);
    const one = (await getFile(me, 'client-long')).body.data.company_text as string;
    expect(one).toHaveLength(20_000);
    api.clock.advance(1000);
    expect((await upload('b.txt', long('b'), { token: me, clientId: 'client-long' })).body.code).toBe(0);
    const both = (await getFile(me, 'client-long')).body.data.company_text as string;
    expect(both).toHaveLength(30_000);
    // Newest first: all of b's 20,000, then a's start.
    expect(both).toBe(`${'b'.repeat(20_000)}\n\n${'a'.repeat(9_998)}`);
  });

  it('keeps the name NFC-normalized and without control or bidi characters', async () => {
    const me = await newUser();
    const res = await upload('Cafe\u0301\u202e menu.txt', enc('menu'), {
      token: me,
      clientId: 'client-names',
    });
    expect(res.body.data.file_name).toBe('Café menu.txt');
    const longest = `${'n'.repeat(116)}.txt`;
    expect((await upload(longest, enc('x'), { token: me, clientId: 'client-names' })).body.code).toBe(0);
  });

  it('files belong to the account: another browser (clientId) sees the same files; a malformed one is refused', async () => {
    const me = await newUser();
    expect((await getFile(me, 'browser-one-1')).body).toMatchObject({
      code: 0,
      data: { client_id: 'browser-one-1', files: [], company_text: '' },
    });
    const stored = await upload('profile.txt', enc('宁波明亮宠物用品有限公司'), {
      token: me,
      clientId: 'browser-one-1',
    });
    expect(stored.body.code).toBe(0);
    expect((await getFile(me, 'browser-two-2')).body).toMatchObject({
      code: 0,
      data: {
        client_id: 'browser-two-2',
        files: [stored.body.data],
        company_text: '宁波明亮宠物用品有限公司',
      },
    });
    const bad = await api.call('GET', '/get_file?clientId=../x', { token: alice });
    expect(bad.body).toMatchObject({ code: 40001, data: { field: 'clientId' } });
  });
});

describe('upload_file: refusals store nothing', () => {
  it.each([
    ['a PNG named .pdf', 'scan.pdf', makePng(), 'fileTypeMismatch'],
    ['a PDF named .png', 'picture.png', makePdf(['x']), 'fileTypeMismatch'],
    ['text named .pdf', 'fake.pdf', enc('just some text'), 'fileTypeMismatch'],
    ['an ELF executable named .pdf', 'report.pdf', makeElf(), 'unsupported'],
    ['a Windows executable named .txt', 'readme.txt', makeExe(), 'unsupported'],
    [
      'binary with NUL bytes named .txt',
      'data.txt',
      new Uint8Array([0x41, 0x00, 0x42, 0x00, 0x43]),
      'unsupported',
    ],
    [
      'invalid UTF-8 named .txt',
      'latin1.txt',
      new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x21]),
      'unsupported',
    ],
    ['a plain zip named .docx', 'archive.docx', zipSync({ 'a.txt': enc('hello') }), 'unsupported'],
    ['a PDF without an extension', 'profile', makePdf(['x']), 'fileTypeMismatch'],
    [
      'a workbook named .docx',
      'sheet.docx',
      makeXlsx([{ name: 'A', rows: row(1, 'A1=inline:x') }]),
      'fileTypeMismatch',
    ],
  ])('%s → 41500', async (_label, name, bytes, reason) => {
    await expectNothingStored(async () => {
      const res = await upload(name, bytes, { clientId: 'client-spoof' });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        code: 41500,
        msg:
          reason === 'unsupported'
            ? 'Only PDF, DOCX, XLSX, TXT, PNG and JPG files are supported.'
            : 'The file name’s extension does not match what the file contains.',
      });
    });
    expect(names(await getFile(alice, 'client-spoof'))).not.toContain(name);
  });

  it('a declared Content-Type that disagrees with the content → 41500', async () => {
    await expectNothingStored(async () => {
      const res = await upload('profile.pdf', makePdf(['x']), {
        clientId: 'client-spoof',
        type: 'image/png',
      });
      expect(res.body.code).toBe(41500);
    });
  });

  it('a damaged PDF, a DOCX without word/document.xml and an XLSX without its workbook → 41500, damaged', async () => {
    await expectNothingStored(async () => {
      const pdf = await upload('broken.pdf', enc('%PDF-1.7\nthis is not really a pdf at all'), {
        clientId: 'client-spoof',
      });
      expect(pdf.body).toMatchObject({ code: 41500, msg: 'The file is damaged or cannot be read.' });
      const docx = await upload('empty.docx', makeDocx({ 'word/styles.xml': enc('<w:styles/>') }), {
        clientId: 'client-spoof',
      });
      expect(docx.body).toMatchObject({ code: 41500, msg: 'The file is damaged or cannot be read.' });
      const workbook = makeXlsx([{ name: 'A', rows: row(1, 'A1=inline:x') }]);
      const parts = unzipSync(workbook);
      delete parts['xl/workbook.xml'];
      const xlsx = await upload('no-workbook.xlsx', zipSync(parts), { clientId: 'client-spoof' });
      expect(xlsx.body).toMatchObject({ code: 41500, msg: 'The file is damaged or cannot be read.' });
    });
  });

  it('a zip bomb XLSX (a 200 MB sheet in a small archive) is refused before inflating', async () => {
    const parts = unzipSync(makeXlsx([{ name: 'A', rows: row(1, 'A1=inline:x') }]));
    const bomb = zipSync({
      ...parts,
      'xl/worksheets/sheet1.xml': [new Uint8Array(200 * 1024 * 1024), { level: 9 }],
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectNothingStored(async () => {
      const res = await upload('bomb.xlsx', bomb, { clientId: 'client-spoof' });
      expect(res.body).toMatchObject({
        code: 41500,
        msg: 'This document expands to too much data or has too many parts, so it was refused.',
      });
    });
  });

  it('a zip bomb DOCX (a 200 MB entry in a small archive) is refused before inflating', async () => {
    const bomb = makeDocx({ 'word/document.xml': [new Uint8Array(200 * 1024 * 1024), { level: 9 }] });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectNothingStored(async () => {
      const res = await upload('bomb.docx', bomb, { clientId: 'client-spoof' });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        code: 41500,
        msg: 'This document expands to too much data or has too many parts, so it was refused.',
      });
    });
  });

  it('a DOCX entry that lies about its size stops at the declared size and is refused', async () => {
    const xml = documentXml([`${'pump '.repeat(400_000)}`]);
    const docx = makeDocx({ 'word/document.xml': enc(xml) });
    // Rewrite the central directory's uncompressed size of word/document.xml to 1000 bytes.
    const view = new DataView(docx.buffer, docx.byteOffset, docx.byteLength);
    const name = enc('word/document.xml');
    let patched = false;
    for (let at = 0; at < docx.length - 46; at++) {
      if (view.getUint32(at, true) !== 0x02014b50) continue;
      const length = view.getUint16(at + 28, true);
      if (Buffer.from(docx.subarray(at + 46, at + 46 + length)).equals(Buffer.from(name))) {
        view.setUint32(at + 24, 1000, true);
        patched = true;
      }
    }
    expect(patched).toBe(true);
    await expectNothingStored(async () => {
      const res = await upload('liar.docx', docx, { clientId: 'client-spoof' });
      expect(res.body.code).toBe(41500);
    });
  });

  it('a file over the limit → 41300, read no further, nothing on disk', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0x61);
    await expectNothingStored(async () => {
      const res = await upload('big.txt', big, { clientId: 'client-big' });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 41300, msg: 'Files can be at most 10 MB.' });
    });
    expect(names(await getFile(alice, 'client-big'))).not.toContain('big.txt');
    // Exactly at the limit is fine.
    const exact = await upload('exact.txt', new Uint8Array(MAX_UPLOAD_BYTES).fill(0x62), {
      clientId: 'client-big',
    });
    expect(exact.body).toMatchObject({ code: 0, data: { size: MAX_UPLOAD_BYTES } });
  });

  it('a body over the limit is refused even when its file is small (junk before the form)', async () => {
    await expectNothingStored(async () => {
      const res = await uploadRaw(
        'filename="small.txt"',
        'small',
        alice,
        'x'.repeat(MAX_UPLOAD_BYTES + 20_000),
      );
      expect(res).toMatchObject({ status: 413, body: { code: 41300 } });
    });
  });

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    await expectNothingStored(async () => {
      const res = await upload('small.txt', enc('small'), {
        token: bob,
        clientId: 'client-big',
        headers: { 'content-length': String(MAX_UPLOAD_BYTES * 2) },
        lang: 'zh',
      });
      expect(res.body).toMatchObject({ code: 41300, msg: '文件不能超过 10 MB' });
    });
  });

  it.each([
    '../../etc/passwd',
    '..\\x.txt',
    '/abs.txt',
    'dir/name.txt',
    'C:\\Users\\me\\profile.txt',
    '..',
    '',
    '\u0007\u0008',
    `${'n'.repeat(117)}.txt`,
  ])('file name %j → 40001 field file', async (name) => {
    await expectNothingStored(async () => {
      const res = await upload(name, enc('hello'), { clientId: 'client-names' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 40001, data: { field: 'file' } });
    });
  });

  it.each([
    ["filename*=UTF-8''evil.txt%00.pdf", 'a NUL'],
    ["filename*=UTF-8''..%2F..%2Fetc%2Fpasswd", 'an encoded path'],
    ['filename="evil.txt\u0000.pdf"', 'a raw NUL'],
    ['filename="bell\u0007.txt"', 'a raw control character'],
  ])('a name sent as %j (%s) → 40001 field file, nothing stored', async (disposition) => {
    await expectNothingStored(async () => {
      const res = await uploadRaw(disposition, 'hello');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 40001, data: { field: 'file' } });
    });
  });

  it('an RFC 5987 name (filename*) is read as UTF-8', async () => {
    const res = await uploadRaw("filename*=UTF-8''%E6%8A%A5%E4%BB%B7%E5%8D%95.txt", 'price list');
    expect(res.body).toMatchObject({ code: 0, data: { file_name: '报价单.txt' } });
  });

  it('an empty file → 40001', async () => {
    const res = await upload('empty.txt', new Uint8Array(0), { clientId: 'client-names' });
    expect(res.body).toMatchObject({ code: 40001, msg: 'The file is empty.', data: { field: 'file' } });
  });

  it('no file, two files, an unknown field, a bad clientId, a JSON body → 40001', async () => {
    await expectNothingStored(async () => {
      const noFile = new FormData();
      noFile.append('clientId', 'client-0001');
      const res = await app.request('/api/upload_file', {
        method: 'POST',
        headers: { token: alice, 'accept-language': 'en' },
        body: noFile,
      });
      expect(await res.json()).toMatchObject({
        code: 40001,
        msg: 'Choose a file to upload.',
        data: { field: 'file' },
      });

      const two = await upload('one.txt', enc('one'), {
        clientId: 'client-two',
        extra: (form) => form.append('file', new File(['two'], 'two.txt')),
      });
      expect(two.body).toMatchObject({
        code: 40001,
        msg: 'Upload one file at a time.',
        data: { field: 'file' },
      });

      const unknown = await upload('one.txt', enc('one'), {
        clientId: 'client-two',
        extra: (form) => form.append('folder', '/etc'),
      });
      expect(unknown.body).toMatchObject({ code: 40001, data: { field: 'folder' } });

      for (const clientId of ['short', 'has space in it', 'x'.repeat(65), '../../etc']) {
        const bad = await upload('one.txt', enc('one'), { clientId });
        expect(bad.body).toMatchObject({ code: 40001, data: { field: 'clientId' } });
      }

      const json = await api.call('POST', '/upload_file', {
        token: alice,
        body: { file: 'x', clientId: 'client-0001' },
      });
      expect(json.body).toMatchObject({ code: 40001, data: { field: 'file' } });
    });
    expect(names(await getFile(alice, 'client-two'))).not.toContain('one.txt');
  });
});

describe('upload_file: names and counts per account', () => {
  it('the same name twice in one account → 40900, also from another browser; other users may reuse it', async () => {
    const first = await upload('dup.txt', enc('first'), { clientId: 'client-dup' });
    expect(first.body.code).toBe(0);
    await expectNothingStored(async () => {
      const again = await upload('dup.txt', enc('second'), { clientId: 'client-dup' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 40900,
        msg: 'A file with this name already exists. Delete or rename it first.',
      });
    });
    await expectNothingStored(async () => {
      const elsewhere = await upload('dup.txt', enc('other browser'), { clientId: 'client-dup2' });
      expect(elsewhere.body).toMatchObject({ code: 40900 });
    });
    expect(
      (await upload('dup.txt', enc('other user'), { token: await newUser(), clientId: 'client-dup' })).body
        .code,
    ).toBe(0);
    expect((await getFile(alice, 'client-dup')).body.data.company_text).toContain('first');
    expect((await getFile(alice, 'client-dup')).body.data.company_text).not.toContain('other');
  });

  it('two concurrent uploads of the same name: exactly one is stored', async () => {
    const rowsBefore = await rowCount();
    const diskBefore = (await filesOnDisk()).length;
    const results = await Promise.all(
      ['A', 'B', 'C'].map((v) => upload('race.pdf', makePdf([`version ${v}`]), { clientId: 'client-race' })),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 40900, 40900]);
    const listed = (await getFile(alice, 'client-race')).body.data.files as { file_name: string }[];
    expect(listed.filter((f) => f.file_name === 'race.pdf')).toHaveLength(1);
    expect(await rowCount()).toBe(rowsBefore + 1);
    expect(await filesOnDisk()).toHaveLength(diskBefore + 1);
  });

  // Thirteen uploads, each read in a fresh child process (server/files/worker.ts): about 1.7 s
  // apiece on a loaded 2-core machine, past the suite's 30-s default.
  it(
    'at most 10 files per account, whichever browser sent them (the documented limit), also under concurrency',
    { timeout: 90_000 },
    async () => {
      const carol = await api.signUp('carol@example.com', 'Secret123', { language: 'en' });
      for (let i = 1; i <= 9; i++) {
        const clientId = i % 2 ? 'client-full' : 'client-half';
        expect((await upload(`f${i}.txt`, enc(`file ${i}`), { token: carol, clientId })).body.code).toBe(0);
      }
      const diskBefore = (await filesOnDisk()).length;
      // One place left, three uploads at once: one wins, the 10th file.
      const results = await Promise.all(
        ['x', 'y', 'z'].map((n) => upload(`${n}.txt`, enc(n), { token: carol, clientId: 'client-full' })),
      );
      expect(results.map((r) => r.body.code).sort()).toEqual([0, 40900, 40900]);
      expect(results.find((r) => r.body.code === 40900)!.body.msg).toBe(
        'Your account can hold at most 10 files. Delete one first.',
      );
      expect((await getFile(carol, 'client-full')).body.data.files).toHaveLength(10);
      expect(await filesOnDisk()).toHaveLength(diskBefore + 1);
      // The 11th file, alone, is refused too, and stores nothing.
      await expectNothingStored(async () => {
        for (const clientId of ['client-full', 'client-other']) {
          const eleventh = await upload('more.txt', enc('more'), { token: carol, clientId });
          expect(eleventh.status).toBe(409);
          expect(eleventh.body).toMatchObject({
            code: 40900,
            msg: 'Your account can hold at most 10 files. Delete one first.',
          });
        }
      });
    },
  );

  it('uploads are rate limited per user (30 per 10 minutes, refused ones count)', async () => {
    const dave = await api.signUp('dave@example.com');
    for (let i = 0; i < 30; i++) {
      const res = await upload('', enc('x'), { token: dave, clientId: 'client-rate' });
      expect(res.body.code).toBe(40001);
    }
    const limited = await upload('ok.txt', enc('x'), { token: dave, clientId: 'client-rate' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 42900, data: { retry_after: expect.any(Number) } });
    api.clock.advance(10 * 60 * 1000 + 1000);
    expect((await upload('ok.txt', enc('x'), { token: dave, clientId: 'client-rate' })).body.code).toBe(0);
  });
});

describe('auth and ownership', () => {
  it.each([undefined, 'not-a-real-token'])('token %j → 40100 on every call', async (token) => {
    await expectNothingStored(async () => {
      const up = await upload('a.txt', enc('a'), { token: token ?? '' });
      expect(up).toMatchObject({ status: 401, body: { code: 40100 } });
    });
    for (const [method, path, body] of [
      ['GET', '/get_file?clientId=client-0001', undefined],
      ['GET', `/get_s3_url?file_id=${'a'.repeat(32)}`, undefined],
      ['POST', '/delete_file', { file_id: 'a'.repeat(32) }],
    ] as const) {
      const res = await api.call(method, path, { token, body });
      expect(res).toMatchObject({ status: 401, body: { code: 40100 } });
    }
  });

  it("another user's file is never visible, linkable or deletable", async () => {
    const owner = await newUser();
    const mine = await upload('secret.txt', enc('alice secret plans'), {
      token: owner,
      clientId: 'client-own',
    });
    const fileId = mine.body.data.file_id as string;
    const disk = await filesOnDisk();

    const list = await getFile(bob, 'client-own');
    expect(list.body.data).toEqual({ client_id: 'client-own', files: [], company_text: '' });
    const link = await api.call('GET', `/get_s3_url?file_id=${fileId}`, { token: bob });
    expect(link).toMatchObject({ status: 404, body: { code: 40400, data: null } });
    const del = await api.call('POST', '/delete_file', { token: bob, body: { file_id: fileId } });
    expect(del).toMatchObject({ status: 404, body: { code: 40400 } });

    expect(await filesOnDisk()).toEqual(disk);
    expect((await getFile(owner, 'client-own')).body.data.files).toHaveLength(1);
    const own = await api.call('GET', `/get_s3_url?file_id=${fileId}`, { token: owner });
    expect(await (await download(own.body.data.url)).text()).toBe('alice secret plans');
  });

  it('malformed file ids → 40001', async () => {
    expect((await api.call('GET', '/get_s3_url?file_id=../../x', { token: alice })).body).toMatchObject({
      code: 40001,
      data: { field: 'file_id' },
    });
    expect(
      (await api.call('POST', '/delete_file', { token: alice, body: { file_id: 'x', extra: 1 } })).body.code,
    ).toBe(40001);
  });
});

describe('download links (local storage)', () => {
  let fileId: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    pdf = makePdf(['Download me']);
    fileId = (await upload('Katalog 2025 "final".pdf', pdf, { clientId: 'client-links' })).body.data.file_id;
  });

  it('serves the exact bytes with safe headers until the link expires (10 minutes)', async () => {
    const now = api.clock.now().getTime();
    const res = await api.call('GET', `/get_s3_url?file_id=${fileId}`, { token: alice });
    expect(res.body.code).toBe(0);
    const { url, expires_at } = res.body.data as { url: string; expires_at: string };
    expect(url).toMatch(new RegExp(`^/api/files/${fileId}\\?exp=\\d+&sig=[\\w-]+$`));
    const expires = new Date(expires_at).getTime();
    expect(expires - now).toBeGreaterThan(599_000);
    expect(expires - now).toBeLessThanOrEqual(600_000);

    const got = await download(url);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(pdf);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="Katalog 2025 _final_.pdf"; filename*=UTF-8''Katalog%202025%20%22final%22.pdf`,
    );
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('private, no-store');

    api.clock.advance(601_000);
    const late = await download(url);
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ code: 40300, data: null });
  });

  it('images are served inline', async () => {
    const png = makePng();
    const id = (await upload('logo.png', png, { clientId: 'client-links' })).body.data.file_id;
    const { url } = (await api.call('GET', `/get_s3_url?file_id=${id}`, { token: alice })).body.data;
    const got = await download(url);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(png);
  });

  it('a tampered signature, expiry or file id serves nothing', async () => {
    const other = (await upload('other.txt', enc('other bytes'), { clientId: 'client-links' })).body.data
      .file_id;
    const { url } = (await api.call('GET', `/get_s3_url?file_id=${fileId}`, { token: alice })).body.data;
    const parsed = new URL(url, 'http://localhost');
    const exp = parsed.searchParams.get('exp')!;
    const sig = parsed.searchParams.get('sig')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `/api/files/${fileId}?exp=${exp}&sig=${flipped}`,
      `/api/files/${fileId}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/api/files/${other}?exp=${exp}&sig=${sig}`,
      `/api/files/${fileId}?exp=${exp}`,
      `/api/files/${fileId}`,
    ]) {
      const res = await download(forged);
      expect(res.status).toBe(403);
      const body = await res.text();
      expect(body).not.toContain('Download me');
      expect(JSON.parse(body)).toMatchObject({ code: 40300 });
    }
  });

  it('delete_file removes the row and the bytes; the old link then finds nothing', async () => {
    const id = (await upload('gone.txt', enc('soon gone'), { clientId: 'client-del' })).body.data.file_id;
    const { url } = (await api.call('GET', `/get_s3_url?file_id=${id}`, { token: alice })).body.data;
    const before = (await filesOnDisk()).length;
    const del = await api.call('POST', '/delete_file', { token: alice, body: { file_id: id } });
    expect(del.body).toMatchObject({ code: 0, data: null });
    expect(await filesOnDisk()).toHaveLength(before - 1);
    const left = (await getFile(alice, 'client-del')).body.data;
    expect(left.client_id).toBe('client-del');
    expect(left.files.map((f: { file_id: string }) => f.file_id)).not.toContain(id);
    expect(left.company_text).not.toContain('soon gone');
    expect((await download(url)).status).toBe(404);
    expect((await api.call('POST', '/delete_file', { token: alice, body: { file_id: id } })).body.code).toBe(
      40400,
    );
    // The name is free again.
    expect((await upload('gone.txt', enc('back'), { clientId: 'client-del' })).body.code).toBe(0);
  });
});

describe('S3 storage', () => {
  let s3: Api;
  let token: string;
  beforeAll(async () => {
    s3 = await startApi({
      env: {
        S3_BUCKET: 'hl-files',
        S3_REGION: 'eu-central-1',
        // Nothing listens here: presigning needs no network, uploads must fail cleanly.
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      },
    });
    token = await s3.signUp('s3user@example.com');
  }, 60_000);
  afterAll(() => s3.close());

  it('get_s3_url answers a presigned GET that expires in 10 minutes', async () => {
    const [user] = await s3.database.db.select().from(users);
    const key = 'c'.repeat(32);
    await s3.database.db.insert(companyFiles).values({
      id: 'd'.repeat(32),
      userId: user!.id,
      clientId: 'client-s3',
      fileName: '产品目录.pdf',
      size: 10,
      mime: 'application/pdf',
      storageKey: key,
      sha256: '0'.repeat(64),
    });
    const now = s3.clock.now();
    const res = await s3.call('GET', `/get_s3_url?file_id=${'d'.repeat(32)}`, { token });
    expect(res.body.code).toBe(0);
    const url = new URL(res.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:9/hl-files/company-files/${key}`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request$/,
    );
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[a-f0-9]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('产品目录.pdf')}`,
    );
    const expires = new Date(res.body.data.expires_at).getTime() - now.getTime();
    expect(expires).toBeGreaterThan(599_000);
    expect(expires).toBeLessThanOrEqual(600_000);
    // Local links are not served in S3 mode.
    expect((await s3.raw('GET', `/files/${'d'.repeat(32)}?exp=1&sig=x`)).status).toBe(404);
  });

  it('an upload the bucket cannot take fails without a row', async () => {
    const logged: string[] = [];
    const s3App = createApp({
      distDir: '/nonexistent',
      services: s3.services,
      log: (line) => logged.push(line),
    });
    const form = new FormData();
    form.append('file', new File(['hello'], 'hello.txt'));
    form.append('clientId', 'client-s3-up');
    const res = await s3App.request('/api/upload_file', { method: 'POST', headers: { token }, body: form });
    expect(res.status).toBe(500);
    expect(((await res.json()) as Answer).code).toBe(50000);
    expect(logged.join('\n')).toContain('POST /api/upload_file failed');
    const list = await s3.call('GET', '/get_file?clientId=client-s3-up', { token });
    expect(names(list)).not.toContain('hello.txt');
  });
});

describe('upload temp files an interrupted upload left behind', () => {
  it('are removed at start once older than an hour; younger ones (uploads in flight) stay', async () => {
    const { writeFile, utimes, mkdir } = await import('node:fs/promises');
    const { sweepSpool, SPOOL_MAX_AGE_MS } = await import('../../server/platform/storage.ts');
    const dir = await mkdtemp(join(tmpdir(), 'spool-'));
    await mkdir(dir, { recursive: true });
    const old = join(dir, 'a.part');
    const fresh = join(dir, 'b.part');
    const other = join(dir, 'keep.txt');
    for (const path of [old, fresh, other]) await writeFile(path, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    await utimes(other, twoHoursAgo, twoHoursAgo);
    const lines: string[] = [];
    expect(await sweepSpool(dir, SPOOL_MAX_AGE_MS, (line) => lines.push(line))).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['b.part', 'keep.txt']);
    expect(lines.join()).toContain('removed 1 upload temp file');
    expect(await sweepSpool(join(dir, 'missing'), SPOOL_MAX_AGE_MS, () => undefined)).toBe(0);
    await rm(dir, { recursive: true, force: true });
  });
});
