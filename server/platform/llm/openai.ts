import OpenAI from 'openai';
import type { Config } from '../config.ts';
import type { Llm, LlmRequest } from './types.ts';

/** One request's upper bound; a 5xx or network error is retried once within it. */
export const LLM_TIMEOUT_MS = 20_000;
export const LLM_MAX_RETRIES = 1;

export interface LlmOptions {
  /** Where failures are reported (the start-up log in production, an array in tests). */
  log?: (line: string) => void;
  timeoutMs?: number;
  maxRetries?: number;
}

/**
 * The LLM behind any OpenAI-compatible chat completions API (OpenAI, DeepSeek, Qwen, Moonshot,
 * Ollama, vLLM…): `null` unless LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set.
 */
export function createLlm(
  config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>,
  options: LlmOptions = {},
): Llm | null {
  const { LLM_BASE_URL: baseURL, LLM_API_KEY: apiKey, LLM_MODEL: model } = config;
  if (!baseURL || !apiKey || !model) return null;
  const log = options.log ?? ((line: string) => console.warn(line));
  const client = new OpenAI({
    baseURL,
    apiKey,
    // Only what is configured here: never OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment.
    organization: null,
    project: null,
    timeout: options.timeoutMs ?? LLM_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? LLM_MAX_RETRIES,
    // Failures are logged once below, with the model's name.
    logLevel: 'off',
  });
  /** Whether the server took a JSON schema: false after it refused one (it then gets json_object). */
  let schemas = true;
  const create = (request: LlmRequest, withSchema: boolean) =>
    client.chat.completions.create(
      {
        model,
        messages: request.messages,
        ...(request.schema && withSchema
          ? {
              response_format: {
                type: 'json_schema' as const,
                json_schema: { name: request.schema.name, strict: true, schema: request.schema.schema },
              },
            }
          : request.json || request.schema
            ? { response_format: { type: 'json_object' as const } }
            : {}),
        // max_tokens rather than max_completion_tokens: what OpenAI-compatible servers accept.
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      },
      request.signal ? { signal: request.signal } : {},
    );
  return {
    model,
    log,
    async complete(request: LlmRequest): Promise<string> {
      try {
        let completion;
        try {
          completion = await create(request, schemas);
        } catch (error) {
          // 400 or 422: a server without structured outputs (older vLLM, Ollama's OpenAI API…).
          if (!(
            request.schema &&
            schemas &&
            error instanceof OpenAI.APIError &&
            [400, 422].includes(error.status) &&
            // Only a refusal of the format itself, not of a message too long or a bad parameter.
            /response_format|json_schema|schema/i.test(error.message)
          ))
            throw error;
          schemas = false;
          log(`[llm] ${model}: refused a JSON schema (${error.status}); asking for plain JSON from now on`);
          completion = await create(request, false);
        }
        const text = completion.choices[0]?.message?.content;
        if (!text?.trim()) throw new Error('the answer has no text');
        return text;
      } catch (error) {
        const reason = request.signal?.aborted
          ? 'aborted (deadline passed)'
          : error instanceof Error
            ? error.message
            : String(error);
        log(`[llm] ${model}: chat completion failed: ${reason}`);
        throw error;
      }
    },
  };
}
