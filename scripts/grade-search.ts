/**
 * `npm run grade:search`: the search's understanding graded on the blind held-out sets
 * (tests/corpus/heldout.ts, issue 31), as the user sees it: exact product ids, exact countries,
 * role and conditions. Prints the score by set, language and kind of miss, lists every miss, and
 * writes bench-results/search-heldout.json. The sentences are read by the built-in reader, and a
 * follow-up refines the conversation's previous answer as the chat does (service.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { understandQuery } from '../server/search/llm.ts';
import { criteriaOf } from '../server/search/describe.ts';
import { fromCriteria, refineUnderstood } from '../server/search/criteria.ts';
import type { Understood } from '../server/search/parse.ts';
import {
  gradeHeldout,
  loadDevelopment,
  loadHeldout,
  type HeldoutCase,
  type Miss,
} from '../tests/corpus/heldout.ts';

async function read(item: HeldoutCase): Promise<Understood> {
  let previous: Understood | null = null;
  for (const sentence of [...item.before, item.sentence]) {
    const now = (await understandQuery(null, sentence)).understood;
    if (!previous) previous = now;
    else {
      const before = fromCriteria(criteriaOf(previous), now.language);
      before.roleStated = previous.roleStated;
      previous = refineUnderstood(before, now, sentence);
    }
  }
  return previous!;
}

type Result = { id: string; lang: string; sentence: string; misses: Miss[]; read: unknown; why: string };

async function grade(cases: HeldoutCase[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const item of cases) {
    const u = await read(item);
    const reading = {
      role: u.role,
      countries: u.countries,
      regions: u.regions,
      products: u.products.map((p) => p.id),
      conditions: u.conditions,
    };
    results.push({
      id: item.id,
      lang: item.lang,
      sentence: item.sentence,
      misses: gradeHeldout(item, reading),
      read: reading,
      why: item.expect.why,
    });
  }
  return results;
}

const pct = (n: number, d: number) => `${n}/${d} (${d ? ((100 * n) / d).toFixed(1) : '–'}%)`;
const passed = (list: Result[]) => list.filter((r) => r.misses.length === 0).length;

/** Prints a set's score by part, language and kind of miss. */
function report(title: string, results: Result[], setOf: (id: string) => string) {
  const groups = new Map<string, Result[]>();
  for (const r of results) {
    const kind = r.id.includes('.') ? 'turns' : 'sentences';
    for (const key of ['all', setOf(r.id), `${setOf(r.id)} ${kind}`, `lang ${r.lang}`])
      groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  console.log(`${title} (${results.length} readings):`);
  for (const [key, list] of groups) console.log(`  ${key.padEnd(22)} ${pct(passed(list), list.length)}`);
  const byMiss = new Map<string, number>();
  for (const r of results) for (const m of r.misses) byMiss.set(m, (byMiss.get(m) ?? 0) + 1);
  console.log('  misses by kind:', JSON.stringify(Object.fromEntries(byMiss)));
  return Object.fromEntries(byMiss);
}

const started = performance.now();
const heldout = await grade(loadHeldout());
const development = await grade(loadDevelopment());
const ms = performance.now() - started;
const heldoutMisses = report('Held-out understanding', heldout, (id) =>
  id.startsWith('b') ? 'heldout2' : 'heldout',
);
const developmentMisses = report('Development set', development, (id) =>
  id.startsWith('g') ? 'devset3' : id.startsWith('e') ? 'devset2' : 'devset',
);
console.log(`(${Math.round(ms)} ms in all)`);

// Time to understand one sentence, read again once every reader is loaded (a bench, not a test:
// the bound is 50 ms at the 95th percentile).
const took: number[] = [];
for (const item of [...loadHeldout(), ...loadDevelopment()])
  for (const sentence of [...item.before, item.sentence]) {
    const at = performance.now();
    await understandQuery(null, sentence);
    took.push(performance.now() - at);
  }
took.sort((a, b) => a - b);
const quantile = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))]!.toFixed(2);
console.log(
  `understanding one sentence, in-process: median ${quantile(0.5)} ms, p95 ${quantile(0.95)} ms, max ${quantile(1)} ms over ${took.length} sentences`,
);
// Only the development set's misses are ever listed: the held-out sets are graded, never read.
if (process.argv.includes('--list'))
  for (const r of development.filter((x) => x.misses.length))
    console.log(
      `${r.id.padEnd(8)} ${r.misses.join(',').padEnd(28)} ${r.sentence}\n         read ${JSON.stringify(r.read)}\n         want ${r.why}`,
    );
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/search-heldout.json',
  JSON.stringify(
    {
      heldout: { readings: heldout.length, passed: passed(heldout), byMiss: heldoutMisses },
      development: {
        readings: development.length,
        passed: passed(development),
        byMiss: developmentMisses,
        results: development,
      },
    },
    null,
    1,
  ),
);
