/**
 * `npm run bench:build`: does the site keep building fast as posts accumulate? Copies the project
 * to a temporary folder, adds N synthetic MDX posts per locale (copies of a real post with their
 * own title and slug), builds, and reports build seconds and milliseconds per page for
 * N = 10, 100 and 1000 (budgets.md: <= 50 ms per page at N = 1000 on 2 cores).
 *   --sizes 10,100,1000   the post counts to measure
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { precompressDir } from '../server/precompress.ts';

const args = process.argv.slice(2);
const sizes = (args.includes('--sizes') ? args[args.indexOf('--sizes') + 1]! : '10,100,1000')
  .split(',')
  .map(Number);
const BUDGET_MS_PER_PAGE = 50;
const root = process.cwd();
const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'test-results',
  'bench-results',
  '.astro',
  'playwright-report',
]);

function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += countPages(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) n++;
  }
  return n;
}

/** A real post of each locale, rewritten as post number `i`. */
function synthetic(source: string, i: number, locale: string): string {
  const slug = `bench-post-${String(i).padStart(4, '0')}`;
  return source
    .replace(/^title: .*$/m, `title: '${locale === 'zh' ? '基准测试文章' : 'Benchmark post'} ${i}'`)
    .replace(/^translationKey: .*$/m, `translationKey: ${slug}`)
    .replace(/^pubDate: .*$/m, `pubDate: 2026-01-${String((i % 28) + 1).padStart(2, '0')}`);
}

const rows: { posts: number; pages: number; seconds: number; msPerPage: number }[] = [];
for (const n of sizes) {
  const dir = mkdtempSync(join(tmpdir(), 'honeyleads-build-'));
  cpSync(root, dir, {
    recursive: true,
    filter: (path) => !SKIP.has(relative(root, path).split('/')[0]!),
  });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  for (const locale of ['zh', 'en']) {
    const folder = join(dir, 'src/content/blog', locale);
    const first = readdirSync(folder).find((f) => /\.mdx?$/.test(f))!;
    const source = readFileSync(join(folder, first), 'utf8');
    for (let i = 1; i <= n; i++)
      writeFileSync(
        join(folder, `bench-post-${String(i).padStart(4, '0')}.mdx`),
        synthetic(source, i, locale),
      );
  }
  const started = performance.now();
  execFileSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // `npm run build` ends by compressing the site: part of what each page costs.
  await precompressDir(join(dir, 'dist'));
  const seconds = (performance.now() - started) / 1000;
  const pages = countPages(join(dir, 'dist'));
  rows.push({
    posts: n,
    pages,
    seconds: Math.round(seconds * 10) / 10,
    msPerPage: Math.round((seconds * 1000) / pages),
  });
  console.log(
    `N=${n}: ${pages} pages in ${seconds.toFixed(1)} s (${((seconds * 1000) / pages).toFixed(0)} ms/page)`,
  );
  rmSync(dir, { recursive: true, force: true });
}

// The marginal cost of a page between the smallest and the largest run: what each new post costs.
const [small, large] = [rows[0]!, rows.at(-1)!];
const marginal =
  large.pages > small.pages
    ? Math.round(((large.seconds - small.seconds) * 1000) / (large.pages - small.pages))
    : NaN;
console.log('\nposts/locale  pages  seconds  ms/page');
for (const row of rows)
  console.log(
    `${String(row.posts).padStart(12)} ${String(row.pages).padStart(6)} ${String(row.seconds).padStart(8)} ${String(row.msPerPage).padStart(8)}`,
  );
console.log(
  `marginal cost per added page: ${marginal} ms (budget ${BUDGET_MS_PER_PAGE} ms per page at the largest N)`,
);
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/build.json',
  JSON.stringify({ date: new Date().toISOString(), rows, marginalMsPerPage: marginal }, null, 2),
);
process.exit(large.msPerPage > BUDGET_MS_PER_PAGE ? 1 : 0);
