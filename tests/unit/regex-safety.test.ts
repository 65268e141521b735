/**
 * Issue 29, point 1: nothing a user sends runs unbounded on the event loop. Every regular
 * expression of the server and the contract, written as a literal or built at run time by the
 * readers of user-supplied text, is proven free of super-linear backtracking by recheck's
 * automata analysis (https://makenowjust-labs.github.io/recheck/), which answers `safe` only
 * for patterns whose matching time is linear; `vulnerable` comes with an attack string.
 * tests/unit/reader-fuzz.test.ts then times the readers themselves on long runs of every space.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every TypeScript file of the server and the contract (the code that reads what users send). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

interface Pattern {
  source: string;
  flags: string;
  where: string;
}

/** The regular-expression literals of a file, with where each is written. */
function literalsOf(file: string): Pattern[] {
  const text = readFileSync(file, 'utf8');
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Pattern[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(tree);
      const end = literal.lastIndexOf('/');
      const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
      found.push({
        source: literal.slice(1, end),
        flags: literal.slice(end + 1),
        where: `${relative(ROOT, file)}:${line}`,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Where the caller of `new RegExp` is, in the server or the contract (else null: a library's own). */
function constructedAt(stack: string | undefined): string | null {
  for (const line of (stack ?? '').split('\n').slice(2)) {
    const match = /\((?:file:\/\/)?(\/[^)]+?):(\d+):\d+\)$|at (?:file:\/\/)?(\/\S+?):(\d+):\d+$/.exec(
      line.trim(),
    );
    const file = match?.[1] ?? match?.[3];
    if (!file || file.includes('node_modules') || file.endsWith('regex-safety.test.ts')) continue;
    const path = relative(ROOT, file);
    return /^(?:server|contract)\//.test(path) ? `${path}:${match?.[2] ?? match?.[4]}` : null;
  }
  return null;
}

/**
 * The patterns the readers build at run time: `RegExp` is wrapped while the reader modules load
 * and read sample input (profiles, every corpus sentence), and each pattern built from the server's
 * or contract's code is kept with its place. A place that builds many (one per place name) is
 * sampled: the first 8 distinct patterns, which differ only in escaped literal text.
 */
async function constructedPatterns(): Promise<Pattern[]> {
  const Native = globalThis.RegExp;
  const seen = new Map<string, Pattern>();
  const perPlace = new Map<string, number>();
  globalThis.RegExp = new Proxy(Native, {
    construct(target, args, newTarget) {
      const made = Reflect.construct(target, args, newTarget) as RegExp;
      const where = constructedAt(new Error().stack);
      const key = `${made.source}/${made.flags}`;
      if (where && !seen.has(key) && (perPlace.get(where) ?? 0) < 8) {
        perPlace.set(where, (perPlace.get(where) ?? 0) + 1);
        seen.set(key, { source: made.source, flags: made.flags, where });
      }
      return made;
    },
  });
  try {
    const { readProfile } = await import('../../server/profile/extract.ts');
    const { parseQuery } = await import('../../server/search/parse.ts');
    const { findProducts } = await import('../../server/search/products.ts');
    await import('../../server/leads/imports/shipments.ts');
    await import('../../server/leads/imports/contacts.ts');
    await import('../../server/leads/imports/companies.ts');
    await import('../../server/outreach/inbound.ts');
    const { CHINESE_PROFILE, ENGLISH_PROFILE } = await import('../api/profiles.ts');
    const { SENTENCE_PAIRS, ADDED_PAIRS } = await import('../corpus/search-sentences.ts');
    readProfile(CHINESE_PROFILE);
    readProfile(ENGLISH_PROFILE);
    for (const pair of [...SENTENCE_PAIRS, ...ADDED_PAIRS])
      for (const sentence of [pair.zh, pair.en]) {
        parseQuery(sentence);
        findProducts(sentence);
      }
  } finally {
    globalThis.RegExp = Native;
  }
  return [...seen.values()];
}

/**
 * recheck's verdict on each pattern (checked once per source and flags), one at a time: checks run
 * together share the checker's random state, and their verdicts then change from run to run; its native
 * agent answers most in milliseconds; the timeout is long because one slow check holds the others.
 */
async function verdicts(patterns: Pattern[]) {
  const unique = [...new Map(patterns.map((p) => [`${p.source}/${p.flags}`, p])).values()];
  const byKey = new Map<string, { status: string; attack?: string; degree?: number }>();
  for (let i = 0; i < unique.length; i += 1) {
    const batch = unique.slice(i, i + 1);
    const results = await Promise.all(
      batch.map((p) => check(p.source, p.flags, { timeout: 120_000, randomSeed: 2026 })),
    );
    results.forEach((result, k) =>
      byKey.set(`${batch[k]!.source}/${batch[k]!.flags}`, {
        status: result.status,
        ...(result.status === 'vulnerable'
          ? {
              attack: result.attack.pattern,
              degree: result.complexity.type === 'polynomial' ? result.complexity.degree : Infinity,
            }
          : {}),
      }),
    );
  }
  return patterns.map((pattern) => ({ pattern, ...byKey.get(`${pattern.source}/${pattern.flags}`)! }));
}

/**
 * Files whose patterns only ever read the search sentence, which parseQuery cuts to
 * MAX_QUERY_LENGTH (300) characters first: there a quadratic pattern is bounded by 90,000 steps,
 * so at most degree 2 is accepted (recheck's `polynomial` degree); anything worse, never.
 */
const SENTENCE_ONLY = ['server/search/conditions.ts', 'server/search/understand.ts'];
const boundedBySentence = (r: Awaited<ReturnType<typeof verdicts>>[number]) =>
  SENTENCE_ONLY.some((file) => r.pattern.where.startsWith(`${file}:`)) && (r.degree ?? Infinity) <= 2;

const unsafe = (results: Awaited<ReturnType<typeof verdicts>>) =>
  results
    .filter((r) => r.status !== 'safe' && !boundedBySentence(r))
    .map(
      (r) =>
        `${r.pattern.where} /${r.pattern.source}/${r.pattern.flags}: ${r.status}${r.attack ? ` (${r.attack})` : ''}`,
    );

describe('regular expressions run in linear time (recheck)', () => {
  it('every literal in server/ and contract/ is proven safe', async () => {
    const files = [...sourceFiles(join(ROOT, 'server')), ...sourceFiles(join(ROOT, 'contract'))];
    const literals = files.flatMap(literalsOf);
    expect(literals.length).toBeGreaterThan(300);
    expect(unsafe(await verdicts(literals))).toEqual([]);
  }, 600_000);

  it('every pattern the readers build at run time is proven safe (sentence readers: at most quadratic, on 300 characters)', async () => {
    const built = await constructedPatterns();
    // The readers do build patterns (certifications, phone labels, sizes, place names).
    expect(built.length).toBeGreaterThan(40);
    expect(unsafe(await verdicts(built))).toEqual([]);
  }, 600_000);

  it('the sentence-only files are read only through parseQuery, which cuts the sentence first', async () => {
    // Who calls the sentence readers: conditions.ts's readers only from understand.ts, whose
    // readable() cuts the sentence to 300 characters before any pattern reads it.
    const callers = sourceFiles(join(ROOT, 'server')).filter((file) =>
      /\b(?:conditionSpans|kindSpans|namedConditionSpans)\(/.test(readFileSync(file, 'utf8')),
    );
    expect(callers.map((file) => relative(ROOT, file)).sort()).toEqual(SENTENCE_ONLY.slice().sort());
    const { parseQuery } = await import('../../server/search/parse.ts');
    const { MAX_QUERY_LENGTH } = await import('../../contract/limits.ts');
    // Words past the 300th character are not read.
    const long = `${'x'.repeat(MAX_QUERY_LENGTH)} LED panel buyers in Germany`;
    expect(parseQuery(long).countries).toEqual([]);
    expect(parseQuery(long.slice(MAX_QUERY_LENGTH)).countries).toEqual(['DE']);
  });

  it('the check finds a known super-linear pattern (the profile reader’s phone label before the fix)', async () => {
    const [result] = await verdicts([
      {
        source: String.raw`(?:电话|Tel)\.?\s*(?:No\.?)?\s*[:：]?\s*(\+?\d[\d ()-]*\d)`,
        flags: 'i',
        where: 'a known case',
      },
    ]);
    expect(result!.status).toBe('vulnerable');
  }, 60_000);
});
