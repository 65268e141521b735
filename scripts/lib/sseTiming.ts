/**
 * Reads a search's event stream (POST /api/chat/search, `text/event-stream`) the way a browser
 * does, chunk by chunk as it arrives, and notes when each event came in: the streaming test
 * (tests/api/search-stream.test.ts) and the search benchmark (scripts/bench-search.ts) time the
 * `understood`, first `lead` and `summary` events with it.
 */

/** One event of the stream, with the time it arrived, in ms after `startedAt`. */
export interface TimedEvent {
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  atMs: number;
}

export interface TimedStream {
  status: number;
  contentType: string;
  events: TimedEvent[];
  /** When the stream ended, ms after `startedAt`. */
  endMs: number;
}

/** Parses one SSE block (`event:` and `data:` lines); null for a comment or a keep-alive. */
function parseBlock(block: string): { event: string; data: unknown } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  const text = data.join('\n');
  try {
    return { event, data: JSON.parse(text) };
  } catch {
    return { event, data: text };
  }
}

/**
 * Reads `res`'s body to its end as it arrives, timing each event from `startedAt`
 * (`performance.now()` when the request was sent). An event split over chunks counts when its
 * last chunk arrived. `onEvent`, when given, sees each event as it arrives (and is waited for), so a
 * test can act in the middle of a search.
 */
export async function readTimedEvents(
  res: Response,
  startedAt: number,
  onEvent?: (event: TimedEvent) => Promise<void> | void,
): Promise<TimedStream> {
  const events: TimedEvent[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const atMs = performance.now() - startedAt;
    buffer += value;
    for (let end = buffer.search(/\r?\n\r?\n/); end >= 0; end = buffer.search(/\r?\n\r?\n/)) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const parsed = parseBlock(block);
      if (!parsed) continue;
      events.push({ ...parsed, atMs });
      await onEvent?.(events.at(-1)!);
    }
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    events,
    endMs: performance.now() - startedAt,
  };
}

/** When the stream's `understood`, first `lead` and `summary` (or `error`) events came, in ms. */
export function milestones(stream: TimedStream) {
  const at = (name: string) => stream.events.find((e) => e.event === name)?.atMs ?? null;
  return {
    understoodMs: at('understood'),
    firstLeadMs: at('lead'),
    summaryMs: at('summary'),
    errorMs: at('error'),
    leads: stream.events.filter((e) => e.event === 'lead').length,
    endMs: stream.endMs,
  };
}
