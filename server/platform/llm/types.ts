/**
 * The LLM as the rest of the server sees it. `services.llm` is `null` unless LLM_BASE_URL,
 * LLM_API_KEY and LLM_MODEL are all set; callers then use the built-in parser and templates
 * (search, outreach) or answer FEATURE_DISABLED (translate).
 */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  messages: LlmMessage[];
  /** Ask for one JSON object (response_format json_object); the caller validates it with zod. */
  json?: boolean;
  /**
   * The JSON schema the answer must follow (response_format json_schema, strict). A server that
   * refuses structured outputs is asked again with plain `json` and not asked with a schema again.
   */
  schema?: { name: string; schema: Record<string, unknown> };
  /** Upper bound for the answer, in tokens. */
  maxTokens?: number;
  temperature?: number;
  /** Aborts the call (search gives the LLM a few seconds, then falls back to the parser). */
  signal?: AbortSignal;
}

export interface Llm {
  /** The model name, for the start-up banner and logs. */
  model: string;
  /** Where a caller reports an answer it could not use and fell back from (optional). */
  log?: (line: string) => void;
  /** One chat completion; resolves to the assistant's text. Throws on HTTP or network errors. */
  complete(request: LlmRequest): Promise<string>;
}
