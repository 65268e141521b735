import {
  ErrorCode,
  type Envelope,
  type LeadView,
  type SearchSummary,
  type SearchUnderstood,
} from '../../../contract/api.ts';
import { pageLocale, pageT } from '../pageLocale.ts';
import { showToast } from '../toast.ts';
import { apiToken, apiUrl } from './client.ts';
import { NETWORK_TIMEOUT_MS } from '../constants.ts';
import { ApiError, httpErrorKey, runtimeError, RuntimeCode } from './errors.ts';

export interface SearchHandlers {
  onUnderstood(understood: SearchUnderstood): void;
  onLead(lead: LeadView): void;
  onSummary(summary: SearchSummary): void;
}

/**
 * POST /chat/search: one sentence in, the answer streamed back (SSE) as it is found. A refusal
 * before the search starts (e.g. 40202, no free searches left) rejects with an ApiError.
 */
export async function searchLeads(
  body: { query: string; chat_id?: string },
  handlers: SearchHandlers,
  signal?: AbortSignal,
  timeoutMs: number = NETWORK_TIMEOUT_MS,
): Promise<void> {
  const t = pageT();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Accept-Language': pageLocale(),
  };
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
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    const error = envelope
      ? new ApiError(envelope.code, envelope.msg, response.status, envelope.data)
      : new ApiError(response.status, t(httpErrorKey(response.status)), response.status);
    if (envelope?.code !== ErrorCode.SEARCH_QUOTA) showToast(error.message, { kind: 'error' });
    throw error;
  }
  try {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event || !data) continue;
        const parsed = JSON.parse(data);
        if (event === 'understood') handlers.onUnderstood(parsed as SearchUnderstood);
        else if (event === 'lead') handlers.onLead(parsed as LeadView);
        else if (event === 'summary') handlers.onSummary(parsed as SearchSummary);
      }
    }
  } catch (error) {
    fail(error);
  }
}
