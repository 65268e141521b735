import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as the OpenAI SDK sent it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** What the fake answers: a completion with this text, an HTTP error, either after a delay. */
export type Reply =
  { content: string; delayMs?: number } | { status: number; error?: string; delayMs?: number };

/** A completion whose assistant message is `content` (JSON text when given an object). */
export const answer = (content: string | object, delayMs?: number): Reply => ({
  content: typeof content === 'string' ? content : JSON.stringify(content),
  ...(delayMs ? { delayMs } : {}),
});
export const failure = (status: number, error = 'the fake model failed'): Reply => ({ status, error });

export interface FakeLlm {
  /** The server's origin, e.g. `http://127.0.0.1:41234`; give `${url}/v1` as LLM_BASE_URL. */
  url: string;
  requests: RecordedRequest[];
  /** Decides each answer; unscripted calls get an HTTP 500 that says so. */
  reply: (request: RecordedRequest) => Reply;
  /** The last user message of a request (the sentence, the facts or the text to translate). */
  lastUserMessage(request: RecordedRequest): string;
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible server: POST …/chat/completions answers a chat completion, recording
 * every request; anything else answers 404 as the real API does.
 */
export async function startFakeLlm(): Promise<FakeLlm> {
  const timers = new Set<NodeJS.Timeout>();
  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fake: FakeLlm = {
    url: '',
    requests: [],
    reply: () => failure(500, 'no reply scripted'),
    lastUserMessage: (request) =>
      String(
        [...(request.body?.messages ?? [])].reverse().find((m: { role: string }) => m.role === 'user')
          ?.content ?? '',
      ),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://fake').pathname,
        headers: req.headers,
        body,
      };
      fake.requests.push(recorded);
      if (recorded.method !== 'POST' || !recorded.path.endsWith('/chat/completions')) {
        send(res, 404, {
          error: { message: `no route ${recorded.method} ${recorded.path}`, type: 'invalid_request_error' },
        });
        return;
      }
      const reply = fake.reply(recorded);
      const respond = () => {
        if ('content' in reply) {
          send(res, 200, {
            id: `chatcmpl-fake-${fake.requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: recorded.body?.model ?? 'unknown',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.content, refusal: null },
                finish_reason: 'stop',
                logprobs: null,
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          });
        } else {
          send(res, reply.status, { error: { message: reply.error ?? 'error', type: 'server_error' } });
        }
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          respond();
        }, reply.delayMs);
        timers.add(timer);
      } else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
