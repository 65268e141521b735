/**
 * The search stream benchmark's result (scripts/lib/searchBench.ts) and how the report
 * (scripts/report.ts, docs/quality.md) says it; kept apart so the report loads no server code.
 */

export interface Timing {
  understoodMs: number | null;
  firstLeadMs: number | null;
  summaryMs: number | null;
  leads: number;
}

export interface StreamCase {
  llm: 'none' | 'slow';
  sentences: 'parsed' | 'partly read';
  samples: Timing[];
  /** Medians over the samples. */
  understoodMs: number;
  firstLeadMs: number;
  summaryMs: number;
}

export interface StreamBenchResult {
  date: string;
  llmDelayMs: number;
  runs: number;
  /** The sentences searched: read fully by the built-in parser, and read only in part. */
  sentences: { parsed: string[]; partlyRead: string };
  /** The machine's 1-minute load average before and after, and its cores: the figures move with it. */
  load: { before: number; after: number; cpus: number };
  cases: StreamCase[];
  /** Enter to the first lead card in the browser (bench:web only), per LLM setting. */
  browser?: { llm: 'none' | 'slow'; medianMs: number; samplesMs: number[] }[];
}

/** The result as report lines (docs/quality.md, "Search stream"). */
export function searchStreamReport(result: StreamBenchResult): string[] {
  const setting = (llm: 'none' | 'slow') =>
    llm === 'slow' ? `LLM, ${result.llmDelayMs / 1000} s an answer` : 'no LLM';
  const lines = [
    `From sending POST /api/chat/search to each event arriving at the client, read from the HTTP stream as it arrives (production server, PGlite, demo data; median of ${result.runs} runs per sentence; a fake LLM takes ${result.llmDelayMs} ms for every answer). "Parsed": ${result.sentences.parsed.map((s) => `“${s}”`).join(', ')}, which the built-in parser reads fully; "partly read": “${result.sentences.partlyRead}”, which it does not, so it is sent to the LLM to understand.`,
    '',
    '| LLM | sentences | understood | first lead card | summary |',
    '|---|---|---:|---:|---:|',
    ...result.cases.map(
      (c) =>
        `| ${setting(c.llm)} | ${c.sentences} | ${c.understoodMs} ms | ${c.firstLeadMs} ms | ${c.summaryMs} ms |`,
    ),
    '',
    'Understood and the first card come in the same read because finding the leads takes a few ms; each event is still sent as soon as it is ready (tests/api/search-stream.test.ts). Only the summary waits for the LLM’s sentence, and only a sentence the parser does not read fully waits for the LLM’s reading.',
    '',
  ];
  if (result.browser?.length)
    lines.push(
      `In the browser, Enter to the first lead card: ${result.browser.map((b) => `${setting(b.llm)} median **${b.medianMs} ms** (${b.samplesMs.join(', ')} ms)`).join('; ')}.`,
      '',
    );
  lines.push(
    `The machine was shared while measuring: 1-minute load average ${result.load.before} before and ${result.load.after} after, on ${result.load.cpus} cores; the figures move with it.`,
  );
  return lines;
}
