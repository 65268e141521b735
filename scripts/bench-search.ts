/**
 * `npm run bench:search`: how soon a search's answer shows, without an LLM and with a fake LLM
 * that takes 3 s for every answer: ms to the `understood` event, the first lead card and the
 * summary, read from the client's side of the HTTP stream (scripts/lib/searchBench.ts). Writes
 * bench-results/search-stream.json, which `npm run report` prints; `npm run bench:web` runs the
 * same measurement, with the browser's Enter-to-first-card beside it.
 *   --runs N   searches per sentence (default 3)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchSearchStream, searchStreamReport } from './lib/searchBench.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;

const result = await benchSearchStream({ runs });
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/search-stream.json', JSON.stringify(result, null, 2));
console.log(`\n${searchStreamReport(result).join('\n')}\n\nbench:search: bench-results/search-stream.json`);
