/**
 * `npm run test:mutation [group…] [--force]`: mutation testing (issue 30) of billing, accounts, the
 * unlock and lock code with the saved and unlocked lists, and outreach (scripts/mutation/groups.ts).
 * Each group is one StrykerJS run against its own test files (vitest.mutation.config.ts), through
 * the `vitest-prefix` runner (scripts/mutation/prefixRunner.ts: a mutant runs its file's tests up
 * to the last one covering it, so a story's later test never "kills" a mutant for want of the
 * earlier ones). Reports: bench-results/mutation/<group>.json and .html, and summary.json with the
 * score per folder and the survivors, accepted ones (scripts/mutation/accepted.ts) marked. Runs are
 * incremental (bench-results/mutation/<group>.incremental.json): only mutants whose code or tests
 * changed run again; `--force` runs every mutant; `--summary` runs none and summarizes the last runs.
 * Slow (hours on 2 cores): not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LogLevel } from '@stryker-mutator/api/core';
import { GROUPS, GROUP_NAMES, type GroupName } from './mutation/groups.ts';
import { summarize, type Summary } from './mutation/summary.ts';

const OUT = 'bench-results/mutation';
const args = process.argv.slice(2);
const child = args.indexOf('--child');

/**
 * The mutations: Stryker's operators for the slips issue 30 names (comparison flips and boundary
 * shifts, boolean negation, removed statements and blocks, changed arithmetic and conditions,
 * emptied objects, arrays and calls). Left out: string literals (SQL text, message keys, the
 * wording of emails: copy, not logic) and regular expressions (scripts/mutation/README in
 * docs/quality.md says why).
 */
const EXCLUDED_MUTATIONS = ['StringLiteral', 'Regex'];

if (child >= 0) {
  // One group, in a process of its own (Stryker keeps state per process).
  const name = args[child + 1] as GroupName;
  const group = GROUPS[name];
  process.env.MUTATION_GROUP = name;
  const { Stryker } = await import('@stryker-mutator/core');
  const stryker = new Stryker({
    testRunner: 'vitest-prefix',
    plugins: [
      '@stryker-mutator/vitest-runner',
      fileURLToPath(new URL('./mutation/prefixRunner.ts', import.meta.url)),
    ],
    vitest: { configFile: 'vitest.mutation.config.ts', related: false, pool: 'threads' },
    coverageAnalysis: 'perTest',
    mutate: group.mutate,
    mutator: { excludedMutations: EXCLUDED_MUTATIONS },
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
    // Generous: a shared 2-core machine runs API tests slowly, and a timeout counts as a kill.
    timeoutMS: 120_000,
    timeoutFactor: 3,
    dryRunTimeoutMinutes: 60,
    incremental: true,
    incrementalFile: `${OUT}/${name}.incremental.json`,
    force: args.includes('--force'),
    reporters: ['json', 'html', 'progress'],
    jsonReporter: { fileName: `${OUT}/${name}.json` },
    htmlReporter: { fileName: `${OUT}/${name}.html` },
    tempDirName: '.stryker-tmp',
    ignorePatterns: ['/bench-results', '/dist', '/data', '/test-results', '/playwright-report', '/.astro'],
    cleanTempDir: true,
    logLevel: 'info' as LogLevel,
    fileLogLevel: 'off' as LogLevel,
  });
  await stryker.runMutationTest();
  process.exit(0);
}

const chosen = args.filter((a) => !a.startsWith('--')) as GroupName[];
for (const name of chosen)
  if (!GROUP_NAMES.includes(name)) throw new Error(`unknown group ${name}: ${GROUP_NAMES.join(', ')}`);
mkdirSync(OUT, { recursive: true });
const timings: Record<string, number> = existsSync(`${OUT}/timings.json`)
  ? JSON.parse(readFileSync(`${OUT}/timings.json`, 'utf8'))
  : {};
// `--summary`: no run, only the summary of the last runs (after a change to accepted.ts, say).
for (const name of args.includes('--summary') ? [] : chosen.length ? chosen : GROUP_NAMES) {
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', name, ...args.filter((a) => a === '--force')],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
  timings[name] = Math.round((Date.now() - started) / 1000);
  writeFileSync(`${OUT}/timings.json`, JSON.stringify(timings, null, 2));
}

const summary: Summary = summarize(OUT, GROUP_NAMES, timings);
writeFileSync(`${OUT}/summary.json`, JSON.stringify(summary, null, 2));
console.log(`\nMutation score (killed and timed out / all but ignored), ${OUT}/summary.json:`);
for (const row of summary.rows)
  console.log(
    `${row.name.padEnd(44)} ${String(row.mutants).padStart(5)} mutants  ${row.killed} killed  ${row.timeout} timeout  ${row.survived} survived  ${row.noCoverage} no coverage  ${row.accepted} accepted  score ${row.score}%`,
  );
console.log(`\n${summary.survivors.length} survivors not accepted:`);
for (const s of summary.survivors) console.log(`  ${s.file}:${s.line} ${s.mutator} ${s.replacement}`);
