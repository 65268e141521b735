/**
 * The last step of `npm run build`: `.br` and `.gz` copies of every text file in `dist/` (or the
 * folder given), which the server sends as they are (server/static.ts) instead of compressing per
 * request. A separate step, not an Astro hook, so the site's config needs nothing outside `src/`.
 */
import { resolve } from 'node:path';
import { precompressDir } from '../server/precompress.ts';

const dir = resolve(process.argv[2] ?? 'dist');
const started = performance.now();
const { files, bytes, br, gzip } = await precompressDir(dir);
const kb = (n: number) => `${Math.round(n / 1024)} KB`;
console.log(
  `[precompress] ${files} files (${kb(bytes)}) in ${dir}: brotli ${kb(br)}, gzip ${kb(gzip)}, ${Math.round(performance.now() - started)} ms`,
);
