import { existsSync, readFileSync, statSync } from 'node:fs';
import { ACCEPTED } from './accepted.ts';
import { GROUPS, type GroupName } from './groups.ts';

/**
 * Whether a file is one a group mutates (its `mutate` globs, `file:lines` ranges by file): a report
 * resumed from an older run's incremental file may still list files another group now mutates.
 */
export function mutatedBy(group: GroupName, file: string): boolean {
  return GROUPS[group].mutate.some((pattern) => {
    const path = pattern.split(':')[0]!;
    if (!path.includes('*')) return file === path;
    const [prefix = '', suffix = ''] = path.split('**/*');
    return file.startsWith(prefix) && file.endsWith(suffix);
  });
}

/** One mutant as Stryker's JSON report (mutation-testing-report-schema) holds it. */
interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

export interface Row {
  name: string;
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Survivors and uncovered mutants with a written reason (scripts/mutation/accepted.ts). */
  accepted: number;
  /** Not run: errors, ignored. */
  other: number;
  /** (killed + timeout) / (killed + timeout + survived + no coverage), accepted ones counted as survived. */
  score: number;
  /** The same with accepted mutants left out. */
  scoreAccepted: number;
}

export interface Survivor {
  file: string;
  line: number;
  mutator: string;
  original: string;
  replacement: string;
  status: string;
}

export interface Summary {
  generated: string;
  timings: Record<string, number>;
  rows: Row[];
  survivors: Survivor[];
  accepted: (Survivor & { reason: string })[];
}

/** The source text a mutant replaces. */
function originalText(source: string, m: ReportMutant): string {
  const lines = source.split('\n');
  const { start, end } = m.location;
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1);
  return [
    lines[start.line - 1]!.slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    lines[end.line - 1]!.slice(0, end.column - 1),
  ].join('\n');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The reason a mutant is accepted, or null. */
function acceptance(file: string, mutant: ReportMutant, original: string, line: string): string | null {
  const entry = ACCEPTED.find(
    (a) =>
      a.file === file &&
      a.mutator === mutant.mutatorName &&
      squash(a.original) === squash(original) &&
      (a.replacement === undefined || squash(a.replacement) === squash(mutant.replacement ?? '')) &&
      (a.on === undefined || line.includes(a.on)),
  );
  return entry?.reason ?? null;
}

/** The folders issue 30 names, as the summary's rows. */
const FOLDERS = [
  'server/billing/',
  'server/accounts/',
  'server/leads/service.ts',
  'server/leads/search.ts',
  'server/leads/pipeline.ts',
  'server/outreach/',
];

/** Reads every group's JSON report and counts by folder, group and overall. */
export function summarize(
  dir: string,
  groups: readonly GroupName[],
  timings: Record<string, number>,
): Summary {
  const rows = new Map<string, Row>();
  const row = (name: string) => {
    let r = rows.get(name);
    if (!r) {
      r = {
        name,
        mutants: 0,
        killed: 0,
        timeout: 0,
        survived: 0,
        noCoverage: 0,
        accepted: 0,
        other: 0,
        score: 0,
        scoreAccepted: 0,
      };
      rows.set(name, r);
    }
    return r;
  };
  const survivors: Survivor[] = [];
  const accepted: Summary['accepted'] = [];
  for (const group of groups) {
    // The newer of the last finished run's report and the incremental file, which also holds the
    // results of a run stopped part way (then its mutants not yet run are not counted).
    const path = [`${dir}/${group}.json`, `${dir}/${group}.incremental.json`]
      .filter((candidate) => existsSync(candidate))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    if (!path) continue;
    const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
    for (const [rawFile, { source, mutants }] of Object.entries(report.files)) {
      const file = rawFile.replace(/^.*?(server\/)/, '$1');
      if (!mutatedBy(group, file)) continue;
      const folder = FOLDERS.find((f) => file.startsWith(f)) ?? file;
      for (const m of mutants) {
        const targets = [row(folder), row(`group ${group}`), row('all')];
        const original = originalText(source, m);
        const entry: Survivor = {
          file,
          line: m.location.start.line,
          mutator: m.mutatorName,
          original: squash(original).slice(0, 200),
          replacement: squash(m.replacement ?? '').slice(0, 200),
          status: m.status,
        };
        for (const t of targets) t.mutants++;
        if (m.status === 'Killed') for (const t of targets) t.killed++;
        else if (m.status === 'Timeout') for (const t of targets) t.timeout++;
        else if (m.status === 'Survived' || m.status === 'NoCoverage') {
          for (const t of targets) t[m.status === 'Survived' ? 'survived' : 'noCoverage']++;
          const reason = acceptance(file, m, original, source.split('\n')[m.location.start.line - 1] ?? '');
          if (reason) {
            for (const t of targets) t.accepted++;
            accepted.push({ ...entry, reason });
          } else survivors.push(entry);
        } else for (const t of targets) t.other++;
      }
    }
  }
  for (const r of rows.values()) {
    const detected = r.killed + r.timeout;
    const valid = detected + r.survived + r.noCoverage;
    r.score = valid ? Math.round((1000 * detected) / valid) / 10 : 0;
    r.scoreAccepted = valid - r.accepted ? Math.round((1000 * detected) / (valid - r.accepted)) / 10 : 0;
  }
  const order = (name: string) =>
    name === 'all' ? 3 : name.startsWith('group ') ? 2 : FOLDERS.includes(name) ? 0 : 1;
  return {
    generated: new Date().toISOString(),
    timings,
    rows: [...rows.values()].sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name)),
    survivors: survivors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
    accepted,
  };
}

/**
 * The summary as docs/quality.md shows it (`npm run report` and `npm run test:mutation` write the
 * same text): the score per folder and group, then every survivor not yet looked at and every
 * accepted one with its reason.
 */
export function summaryMarkdown(summary: Summary): string {
  const out: string[] = [];
  const cell = (text: string) => `\`${text.replace(/\|/g, '\\|').replace(/`/g, "'").slice(0, 90)}\``;
  out.push(
    `From \`npm run test:mutation\` (StrykerJS, the vitest runner; string literals and regular expressions not mutated), reports of ${summary.generated.slice(0, 16).replace('T', ' ')} UTC. Score: killed and timed out over all run mutants; "without accepted" leaves out the survivors accepted below.`,
    '',
    '| where | mutants | killed | timeout | survived | no coverage | accepted | not run | score | without accepted |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of summary.rows)
    out.push(
      `| ${r.name} | ${r.mutants} | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.noCoverage} | ${r.accepted} | ${r.other} | ${r.score}% | ${r.scoreAccepted}% |`,
    );
  const seconds = Object.entries(summary.timings).map(([group, s]) => `${group} ${Math.round(s / 60)} min`);
  if (seconds.length)
    out.push('', `Time per group (2 cores; incremental runs are shorter): ${seconds.join(', ')}.`);
  out.push('', `### Survivors not yet tested or accepted (${summary.survivors.length})`, '');
  if (summary.survivors.length === 0) out.push('None.');
  else {
    out.push('| file:line | mutator | code | becomes |', '|---|---|---|---|');
    for (const s of summary.survivors)
      out.push(`| ${s.file}:${s.line} | ${s.mutator} | ${cell(s.original)} | ${cell(s.replacement)} |`);
  }
  out.push('', `### Accepted survivors (${summary.accepted.length}): why no user could see the change`, '');
  out.push('| file:line | mutator | code | becomes | why |', '|---|---|---|---|---|');
  for (const a of summary.accepted)
    out.push(
      `| ${a.file}:${a.line} | ${a.mutator} | ${cell(a.original)} | ${cell(a.replacement)} | ${a.reason.replace(/\|/g, '\\|')} |`,
    );
  return out.join('\n') + '\n';
}
