import {
  ErrorCode,
  type Envelope,
  type LeadView,
  type SearchCriteria,
  type SearchSummary,
  type SearchUnderstood,
} from '../../../contract/api.ts';
import { pageT } from '../pageLocale.ts';
import { showToast } from '../toast.ts';
import { NEW_TOKEN_HEADER, apiToken, apiUrl, pageHeaders, tokenRenewed } from './client.ts';
import { NETWORK_TIMEOUT_MS } from '../constants.ts';
import { ApiError, httpErrorKey, runtimeError, RuntimeCode } from './errors.ts';

export interface SearchHandlers {
  onUnderstood(understood: SearchUnderstood): void;
  onLead(lead: LeadView): void;
  onSummary(summary: SearchSummary): void;
}

/**
 * What one search asks (contract/schemas.ts `searchRequest`): a sentence (continuing the open
 * conversation when it names one), an answer's edited chips, or "show more" of the conversation.
 */
export type SearchBody =
  | { query: string; chat_id?: string }
  | { criteria: SearchCriteria; chat_id: string }
  | { more: true; chat_id: string };

/**
 * POST /chat/search: a search in, the answer streamed back (SSE) as it is found. A refusal before
 * the search starts (e.g. 40202, no free searches left) rejects with an ApiError, and so does a
 * failure the stream reports as its last event (`error`), after what arrived before it.
 */
export async function searchLeads(
  body: SearchBody,
  handlers: SearchHandlers,
  signal?: AbortSignal,
  timeoutMs: number = NETWORK_TIMEOUT_MS,
): Promise<void> {
  const t = pageT();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...pageHeaders() };
  const token = apiToken();
  if (token) headers.token = token;
  // The whole answer, stream included, must arrive in time (spec §8: chat timeout).
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const fail = (error: unknown): never => {
    if (timeout.aborted && !signal?.aborted) {
      const timedOut = new ApiError(RuntimeCode.NETWORK, t('errors.chatTimeout'));
      showToast(timedOut.message, { kind: 'error' });
      throw timedOut;
    }
    if (error instanceof ApiError) throw error;
    throw runtimeError(error, t, signal?.aborted ?? false);
  };
  // The SSE parser loads while the request is on its way, not with the page.
  const parserModule = import('eventsource-parser');
  parserModule.catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(apiUrl('/chat/search'), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: combined,
    });
  } catch (error) {
    return fail(error);
  }
  tokenRenewed(token, response.headers.get(NEW_TOKEN_HEADER));
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    const error = envelope
      ? new ApiError(envelope.code, envelope.msg, response.status, envelope.data)
      : new ApiError(response.status, t(httpErrorKey(response.status)), response.status);
    if (envelope?.code !== ErrorCode.SEARCH_QUOTA) showToast(error.message, { kind: 'error' });
    throw error;
  }
  // Set inside the parser's callback, so typed apart from the flow that cannot see it.
  let failed = undefined as ApiError | undefined;
  try {
    // The parser keeps events split across network chunks whole; each is handed over as it arrives.
    const { createParser } = await parserModule;
    const parser = createParser({
      onEvent: ({ event, data }) => {
        const value = JSON.parse(data) as never;
        if (event === 'understood') handlers.onUnderstood(value);
        else if (event === 'lead') handlers.onLead(value);
        else if (event === 'summary') handlers.onSummary(value);
        else if (event === 'error') {
          const { code, msg } = value as { code: number; msg: string };
          failed = new ApiError(code, msg || t('errors.default'));
        }
      },
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch (error) {
    fail(error);
  }
  if (failed) throw failed;
}
