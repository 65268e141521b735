import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
]);
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_SIZE = 512;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, maximum quality) and `<file>.gz` (gzip -9) next to every text file of
 * the built site in `dir`, so the server sends compressed files without compressing per request
 * (server/static.ts, `serveStatic({ precompressed: true })`). A copy that would not be smaller is
 * not written. Runs after `astro build` (astro.config.mjs: `astro:build:done`).
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const files: string[] = [];
  for await (const file of walk(dir)) {
    if (COMPRESSIBLE.has(extname(file).toLowerCase()) && (await stat(file)).size >= MIN_SIZE)
      files.push(file);
  }
  const total = { files: files.length, bytes: 0, br: 0, gzip: 0 };
  // zlib runs on libuv's thread pool: a few files at a time keep every core busy.
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const body = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: zlib.Z_BEST_COMPRESSION }),
      ]);
      total.bytes += body.length;
      if (br.length < body.length) {
        await writeFile(`${file}.br`, br);
        total.br += br.length;
      }
      if (gzipped.length < body.length) {
        await writeFile(`${file}.gz`, gzipped);
        total.gzip += gzipped.length;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return total;
}
