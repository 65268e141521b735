import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { companyFiles } from '../../server/platform/db/schema.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { makePdfBomb, makePdfFrom, roundThreeBombs } from './pdfBombs.ts';

// Hostile uploads, built here byte by byte: each one once froze or flooded the server.

const enc = (s: string) => new TextEncoder().encode(s);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A DOCX whose `word/document.xml` is `xml`. */
function makeDocx(xml: string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': enc(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        `<Override PartName="/word/document.xml" ContentType="${DOCX}.main+xml"/></Types>`,
    ),
    'word/document.xml': enc(xml),
  });
}

/** A PDF of `pages` pages, all drawing the same short line of text. */
function makeManyPagesPdf(pages: number): Uint8Array {
  const content = 'BT /F1 12 Tf 72 720 Td (page) Tj ET';
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  return makePdfFrom([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...Array.from(
      { length: pages },
      () =>
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>',
    ),
  ]);
}

/** A real PNG header padded with zeros to `size` bytes (images are stored without extraction). */
function makePaddedPng(size: number): Uint8Array {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
    'hex',
  );
  const out = new Uint8Array(size);
  out.set(png);
  return out;
}

// ---------------------------------------------------------------------------------------------

let api: Api;
let app: ReturnType<typeof createApp>;
let dataDir: string;
let filesDir: string;
let alice: string;
let bob: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hl-files-security-'));
  filesDir = join(dataDir, 'files');
  api = await startApi({ env: { DATA_DIR: dataDir } });
  app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: true });
  alice = await api.signUp('alice@example.com', 'Secret123', { language: 'en' });
  bob = await api.signUp('bob@example.com');
}, 60_000);
afterAll(async () => {
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => api.clock.advance(11 * 60 * 1000));

/** POST /upload_file with a real multipart body, as the browser sends it. */
async function upload(
  name: string,
  bytes: Uint8Array,
  { token = alice, clientId = 'client-0001', lang = 'en' as 'en' | 'zh' } = {},
): Promise<{ status: number; body: Answer }> {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  form.append('clientId', clientId);
  const res = await app.request('/api/upload_file', {
    method: 'POST',
    headers: { 'x-forwarded-for': '203.0.113.9', 'accept-language': lang, token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

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
}

/**
 * Bob calls user_info in a loop while `work` (Alice's upload) runs: his latencies in ms. The loop
 * is warmed up first so the measure is of the upload's effect, not of a cold start.
 */
async function userInfoLatenciesWhile<T>(
  work: () => Promise<T>,
): Promise<{ result: T; latencies: number[]; quiet: number }> {
  // The slowest warm-up call: what a call costs on this machine now, with nothing hostile running.
  let quiet = 0;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await api.call('GET', '/user/user_info', { token: bob });
    quiet = Math.max(quiet, performance.now() - started);
  }
  const latencies: number[] = [];
  let done = false;
  const pending = work().finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const res = await api.call('GET', '/user/user_info', { token: bob });
    latencies.push(performance.now() - started);
    expect(res.body.code).toBe(0);
    // A real client's calls arrive over the network: let the server's other I/O run in between.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { result: await pending, latencies, quiet };
}

/** The same hostile file uploaded three times in a row (an attacker retries): enough samples for a p99. */
async function uploadThrice(name: string, bytes: Uint8Array) {
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await upload(name, bytes));
  return answers;
}

/**
 * What counts as a stall: the unguarded extractor blocked every request for 11 to 12 s; a loaded CI
 * machine (load 10+ on 2 cores) answers user_info in up to ~0.2 s. Half a second tells them apart.
 */
const STALL_MS = 500;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

describe('hostile uploads do not stall other users', () => {
  it('a 2 KB DOCX full of "<": another client’s user_info p99 stays under 0.5 s (it froze for 11 s); refused, nothing stored', async () => {
    const docx = makeDocx(`<w:document><w:body>${'<'.repeat(100_000)}`);
    expect(docx.length).toBeLessThanOrEqual(2048);
    await expectNothingStored(async () => {
      const { result, latencies } = await userInfoLatenciesWhile(() => uploadThrice('lt.docx', docx));
      for (const refused of result) {
        expect(refused.status).toBe(415);
        expect(refused.body).toMatchObject({ code: 41500, msg: 'The file is damaged or cannot be read.' });
      }
      expect(latencies.length).toBeGreaterThanOrEqual(100);
      expect(p99(latencies)).toBeLessThan(STALL_MS);
    });
  });

  it('a 1 MB PDF bomb (inflates to 1 GB): user_info p99 stays under 0.5 s (it stalled 12 s); refused with a clear message', async () => {
    const bomb = makePdfBomb(1000);
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    await expectNothingStored(async () => {
      const { result, latencies } = await userInfoLatenciesWhile(() => uploadThrice('bomb.pdf', bomb));
      for (const refused of result) {
        expect(refused.status).toBe(415);
        expect(refused.body).toMatchObject({
          code: 41500,
          msg: 'This file is too large or too complex to read (PDFs: at most 200 pages), so it was not stored.',
        });
      }
      expect(latencies.length).toBeGreaterThanOrEqual(100);
      expect(p99(latencies)).toBeLessThan(STALL_MS);
    });
    const zh = await upload('bomb.pdf', bomb, { lang: 'zh', token: bob });
    expect(zh.body).toMatchObject({
      code: 41500,
      msg: '文件过大或过于复杂，无法读取（PDF 最多 200 页），未保存',
    });
  }, 60_000);
});

/** The server process's peak resident memory, in bytes above `before`, sampled while `work` runs. */
async function peakRssGrowthWhile<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe('the seller-profile reader cannot stall the server (round 3)', () => {
  it('a 7.5 KB text file, a label and a run of ideographic spaces, uploaded and then read again 10 times: every user_info call of another user is answered within 200 ms (one such file froze the server for 4.6 s)', async () => {
    // The finding's file: a phone label, then a run of U+3000 (the ideographic space) the reader's
    // optional spaces backtracked over, cubically.
    const hostile = `Tel${'\u3000'.repeat(2_500)}x`;
    expect(enc(hostile).length).toBeLessThan(7.6 * 1024);
    const erin = await api.signUp('erin@example.com', 'Secret123', { language: 'en' });
    const { result, latencies, quiet } = await userInfoLatenciesWhile(async () => {
      const stored = await upload('profile.txt', enc(hostile), { token: erin, clientId: 'client-erin' });
      const refreshed = [];
      for (let i = 0; i < 10; i++)
        refreshed.push(await api.call('POST', '/profile/refresh', { token: erin, body: {} }));
      return { stored, refreshed };
    });
    expect(result.stored.body.code).toBe(0);
    for (const answer of result.refreshed) expect(answer.body.code).toBe(0);
    expect(latencies.length).toBeGreaterThanOrEqual(50);
    // Every call, not a percentile: a frozen loop leaves one slow sample per freeze among many. What
    // the machine costs a call now (a loaded CI machine) is allowed on top.
    expect(Math.max(...latencies) - quiet).toBeLessThan(200);
  }, 120_000);
});

describe('PDF decoding has a hard memory bound, whatever the syntax (round 3)', () => {
  const TOO_COMPLEX =
    'This file is too large or too complex to read (PDFs: at most 200 pages), so it was not stored.';

  it('bombs the stream check did not see (`stream \\n`, `stream\\r`, ASCIIHex, ASCII85, LZW, RunLength; 0.3–1.5 MB each, up to 1.4 GB decoded): each refused, nothing stored, the server grows by less than 150 MB and answers user_info within 0.5 s', async () => {
    const bombs = roundThreeBombs();
    for (const { pdf } of bombs) expect(pdf.length).toBeLessThan(1.6 * 1024 * 1024);
    await expectNothingStored(async () => {
      const { result, growth } = await peakRssGrowthWhile(() =>
        userInfoLatenciesWhile(async () => {
          const answers: { name: string; status: number; body: Answer }[] = [];
          for (const { name, pdf } of bombs) answers.push({ name, ...(await upload(`${name}.pdf`, pdf)) });
          return answers;
        }),
      );
      for (const answer of result.result) {
        expect(answer.status, answer.name).toBe(415);
        expect(answer.body, answer.name).toMatchObject({ code: 41500, msg: TOO_COMPLEX });
      }
      expect(p99(result.latencies)).toBeLessThan(STALL_MS);
      // Decoding ran in a child process under an address-space limit, never in this one.
      expect(growth).toBeLessThan(150 * 1024 * 1024);
    });
  }, 120_000);

  it('extraction is shared fairly: while one account has four bombs waiting, another user’s small file is read before that account’s second bomb', async () => {
    const mallory = await api.signUp('mallory@example.com', 'Secret123', { language: 'en' });
    const dave = await api.signUp('dave@example.com', 'Secret123', { language: 'en' });
    const [bomb] = roundThreeBombs();
    const finished: string[] = [];
    const bombs = [1, 2, 3, 4].map((i) =>
      upload(`bomb-${i}.pdf`, bomb!.pdf, { token: mallory, clientId: `client-m${i}` }).then((res) => {
        finished.push(`bomb-${i}`);
        return res;
      }),
    );
    // Dave's upload arrives after all four are queued.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const small = await upload('about.txt', enc('LED panel lights, CE, MOQ 500 pcs'), { token: dave });
    finished.push('dave');
    expect(small.body).toMatchObject({ code: 0 });
    const answers = await Promise.all(bombs);
    for (const answer of answers) expect(answer.body.code).toBe(41500);
    // At most one of Mallory's files was being read before Dave's: one job per user at a time.
    expect(finished.indexOf('dave')).toBeLessThanOrEqual(1);
  }, 120_000);
});

describe('PDF page cap', () => {
  it('a PDF of 200 pages is read; one of 201 pages, or 5,000, is refused and nothing stored', async () => {
    const ok = await upload('200.pdf', makeManyPagesPdf(200), { clientId: 'client-pages' });
    expect(ok.body).toMatchObject({ code: 0, data: { mime: 'application/pdf' } });
    for (const pages of [201, 5000]) {
      await expectNothingStored(async () => {
        const res = await upload(`${pages}.pdf`, makeManyPagesPdf(pages), { clientId: 'client-pages' });
        expect(res.status).toBe(415);
        expect(res.body).toMatchObject({
          code: 41500,
          msg: 'This file is too large or too complex to read (PDFs: at most 200 pages), so it was not stored.',
        });
      });
    }
  }, 60_000);
});

describe('storage quota per account', () => {
  it('an account stores at most 10 files of up to 10 MB (100 MB in all, across browsers); the next file is refused, nothing stored', async () => {
    const carol = await api.signUp('carol@example.com', 'Secret123', { language: 'en' });
    const tenMb = makePaddedPng(10 * 1024 * 1024);
    for (let i = 0; i < 10; i++) {
      const res = await upload(`scan${i}.png`, tenMb, { token: carol, clientId: `client-q${i % 2}` });
      expect(res.body).toMatchObject({ code: 0, data: { size: 10 * 1024 * 1024 } });
    }
    // 100 MB and 10 files used: one more byte does not fit, from a third browser too.
    await expectNothingStored(async () => {
      const res = await upload('one.txt', enc('x'), { token: carol, clientId: 'client-q2' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 40900,
        msg: 'Your account can hold at most 10 files. Delete one first.',
      });
    });
    // Another account is not affected.
    expect((await upload('one.txt', enc('x'), { token: bob, clientId: 'client-q2' })).body.code).toBe(0);
    // Deleting a file frees its room.
    const listed = await api.call('GET', '/get_file?clientId=client-q0', { token: carol });
    const first = listed.body.data.files[0].file_id as string;
    expect(
      (await api.call('POST', '/delete_file', { token: carol, body: { file_id: first } })).body.code,
    ).toBe(0);
    expect((await upload('one.txt', enc('x'), { token: carol, clientId: 'client-q2' })).body.code).toBe(0);
  }, 120_000);
});
