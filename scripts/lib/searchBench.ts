/**
 * How soon a search's answer shows, read from the client's side of the HTTP stream against the
 * production server (`server/main.ts`, PGlite, the demo data): ms from sending POST
 * /api/chat/search to the `understood` event, the first `lead` (a card) and the `summary`.
 * Measured without an LLM and with a fake LLM that takes SLOW_LLM_MS for every answer, for
 * sentences the built-in parser reads fully (they never wait for the LLM to understand them) and
 * for one it reads only in part (that one waits for the LLM's reading). Used by `npm run
 * bench:search` and `npm run bench:web`; `npm run report` prints the result.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_PASSWORD, prepareBenchData } from './benchData.ts';
import { freePort } from './local.ts';
import { milestones, readTimedEvents } from './sseTiming.ts';
import type { StreamBenchResult, StreamCase, Timing } from './searchStreamReport.ts';

export type { StreamBenchResult } from './searchStreamReport.ts';
export { searchStreamReport } from './searchStreamReport.ts';

/** How long the fake LLM takes for every answer. */
export const SLOW_LLM_MS = 3_000;

/** Sentences the built-in parser reads fully, each with the page language it is sent from. */
export const PARSED_SENTENCES: { query: string; lang: 'zh' | 'en' }[] = [
  { query: '帮我找德国的LED面板买家', lang: 'zh' },
  { query: 'Find LED panel buyers in Germany', lang: 'en' },
  { query: 'Ceramic tile buyers in the UAE', lang: 'en' },
];

/** A sentence the parser reads only in part (an unknown word): with an LLM it waits for the LLM. */
export const PARTLY_READ = {
  query: 'LED panel buyers in Germany, the zorblat kind',
  lang: 'en' as const,
  reading: { role: 'buyer', countries: ['DE'], products: ['LED panel lights'], conditions: {} },
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
};
const round = (ms: number | null) => (ms === null ? null : Math.round(ms));

/**
 * An OpenAI-compatible chat completions server that answers after `delayMs`: the reading of
 * PARTLY_READ when asked to understand it, else a short sentence in the language asked for.
 */
export async function startSlowLlm(delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: { messages?: { role: string; content: string }[]; model?: string } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        // Answered below as an empty request.
      }
      const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
      const user = body.messages?.findLast((m) => m.role === 'user')?.content ?? '';
      const content = system.startsWith('You turn one sentence')
        ? JSON.stringify(user === PARTLY_READ.query ? PARTLY_READ.reading : {})
        : JSON.stringify({
            text: system.includes('Simplified Chinese')
              ? '这些公司符合您的要求'
              : 'These companies match your search',
          });
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-bench',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model ?? 'slow-fake',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      }, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `server/main.ts` on `dataDir` (already seeded), with the LLM at `llmUrl` or none. */
async function startServer(dataDir: string, llmUrl: string | null) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LLM_BASE_URL: llmUrl ?? '',
      LLM_API_KEY: llmUrl ? 'sk-bench' : '',
      LLM_MODEL: llmUrl ? 'slow-fake' : '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server/main.ts exited with ${code}`)));
    child.stdout!.on('data', (chunk) => String(chunk).includes('running') && resolve());
  });
  child.removeAllListeners('exit');
  child.stdout!.resume();
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function logIn(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { code: number; data: string };
  if (body.code !== 0) throw new Error(`login failed for ${email}: ${JSON.stringify(body)}`);
  return body.data;
}

/** One search, its stream read as it arrives; throws unless it ends with a summary after leads. */
export async function timeSearch(
  origin: string,
  token: string,
  search: { query: string; lang: 'zh' | 'en' },
): Promise<Timing> {
  const startedAt = performance.now();
  const res = await fetch(`${origin}/api/chat/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': search.lang, token },
    body: JSON.stringify({ query: search.query }),
  });
  const at = milestones(await readTimedEvents(res, startedAt));
  if (at.summaryMs === null || at.leads === 0)
    throw new Error(
      `"${search.query}": no summary or no lead (status ${res.status}, error at ${at.errorMs})`,
    );
  return {
    understoodMs: round(at.understoodMs),
    firstLeadMs: round(at.firstLeadMs),
    summaryMs: round(at.summaryMs),
    leads: at.leads,
  };
}

function summarise(
  llm: StreamCase['llm'],
  sentences: StreamCase['sentences'],
  samples: Timing[],
): StreamCase {
  const pick = (key: 'understoodMs' | 'firstLeadMs' | 'summaryMs') =>
    median(samples.map((s) => s[key]).filter((v) => v !== null));
  return {
    llm,
    sentences,
    samples,
    understoodMs: pick('understoodMs'),
    firstLeadMs: pick('firstLeadMs'),
    summaryMs: pick('summaryMs'),
  };
}

/** While a server runs: what the caller measures on it too (bench:web: the browser). */
export type OnServer = (server: {
  origin: string;
  llm: 'none' | 'slow';
}) => Promise<{ medianMs: number; samplesMs: number[] } | void>;

/**
 * Seeds a fresh PGlite data dir (the demo data, the demo account, two bench accounts), then runs
 * the production server on it twice, without an LLM and with a SLOW_LLM_MS one, timing `runs`
 * searches of each sentence (after one warm-up search) on each.
 */
export async function benchSearchStream(
  options: { runs?: number; log?: (line: string) => void; onServer?: OnServer } = {},
): Promise<StreamBenchResult> {
  const runs = options.runs ?? 3;
  const log = options.log ?? ((line: string) => console.log(line));
  const before = loadavg()[0]!;
  const dataDir = mkdtempSync(join(tmpdir(), 'honeyleads-bench-search-'));
  const llm = await startSlowLlm(SLOW_LLM_MS);
  const cases: StreamCase[] = [];
  const browser: NonNullable<StreamBenchResult['browser']> = [];
  try {
    log('bench:search: seeding the demo data…');
    const { emails } = await prepareBenchData({ dataDir, users: 2, codes: 0, unlockable: 0 });
    for (const [i, setting] of (['none', 'slow'] as const).entries()) {
      const server = await startServer(dataDir, setting === 'slow' ? llm.url : null);
      try {
        // Each setting searches as its own account (30 free searches a day each).
        const token = await logIn(server.origin, emails[i]!, BENCH_PASSWORD);
        await timeSearch(server.origin, token, PARSED_SENTENCES[0]!);
        const parsed: Timing[] = [];
        for (let run = 0; run < runs; run++)
          for (const sentence of PARSED_SENTENCES)
            parsed.push(await timeSearch(server.origin, token, sentence));
        const partly: Timing[] = [];
        for (let run = 0; run < runs; run++) partly.push(await timeSearch(server.origin, token, PARTLY_READ));
        for (const [kind, samples] of [
          ['parsed', parsed],
          ['partly read', partly],
        ] as const) {
          const row = summarise(setting, kind, samples);
          cases.push(row);
          log(
            `search stream, ${setting === 'slow' ? `LLM taking ${SLOW_LLM_MS} ms` : 'no LLM'}, ${kind} sentences (median of ${samples.length}): understood ${row.understoodMs} ms, first lead ${row.firstLeadMs} ms, summary ${row.summaryMs} ms`,
          );
        }
        const measured = await options.onServer?.({ origin: server.origin, llm: setting });
        if (measured) browser.push({ llm: setting, ...measured });
      } finally {
        await server.stop();
      }
    }
  } finally {
    await llm.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    date: new Date().toISOString(),
    llmDelayMs: SLOW_LLM_MS,
    runs,
    sentences: { parsed: PARSED_SENTENCES.map((s) => s.query), partlyRead: PARTLY_READ.query },
    load: { before: Number(before.toFixed(1)), after: Number(loadavg()[0]!.toFixed(1)), cpus: cpus().length },
    cases,
    ...(browser.length ? { browser } : {}),
  };
}
