import { summarize } from './mutation/summary.ts';
import { GROUP_NAMES } from './mutation/groups.ts';
const s = summarize('bench-results/mutation', GROUP_NAMES, {});
for (const r of s.rows) console.log(JSON.stringify(r));
console.log(s.survivors.length);
for (const x of s.survivors) console.log(x.file, x.line, x.mutator, JSON.stringify(x.original).slice(0,80), '=>', JSON.stringify(x.replacement).slice(0,60), x.status);
