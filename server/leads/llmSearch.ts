import { z } from 'zod';
import { parseQuery, type Understood } from './parse.ts';
import { COUNTRIES, type Category } from './reference.ts';
import type { Llm } from '../platform/llm/types.ts';

/**
 * How long a search waits for each LLM answer before it goes on without it (the built-in parser,
 * the built-in text). The search itself never waits for the LLM longer than twice this.
 */
export const SEARCH_LLM_DEADLINE_MS = 4_000;

/** An answer that came back but cannot be used (the LLM is up; the next call may still be asked). */
class UnusableAnswer extends Error {}

const UNDERSTAND_PROMPT = `You turn one sentence typed into a foreign-trade lead search into JSON.
Reply with one JSON object only:
{"role":"buyer"|"supplier"|null,"country":"<ISO 3166-1 alpha-2 code>"|null,"products":["..."],"keywords":["..."]}
- role: "buyer" when the user wants companies that buy, import, distribute, wholesale or retail the goods; "supplier" when they want manufacturers, factories, exporters or vendors; null when the sentence does not say.
- country: where those companies are, as an ISO 3166-1 alpha-2 code (Germany "DE", United Kingdom "GB"); null when no country is named.
- products: at most 3 of the goods named, each as a common English trade name in the plural (e.g. "LED panel lights", "solar inverters", "brake pads").
- keywords: at most 6 other words, in lower case, that narrow what is wanted; never role, country or filler words.
Add nothing the sentence does not say.`;

const UnderstoodAnswer = z.object({
  role: z.enum(['buyer', 'supplier']).nullish(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}$/)
    .nullish(),
  products: z.array(z.string().trim().min(1).max(80)).max(5).default([]),
  keywords: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
});

/** The JSON object in an answer (some models wrap it in a code fence despite json_object). */
function jsonObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) throw new UnusableAnswer('the answer holds no JSON object');
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new UnusableAnswer('the answer is not valid JSON');
  }
}

/** Our categories for free-text product names, through the built-in parser's names and synonyms. */
function categoriesFor(products: string[]): Category[] {
  const found = new Map<number, Category>();
  for (const product of products)
    for (const category of parseQuery(product).categories) found.set(category.id, category);
  return [...found.values()].slice(0, 3);
}

/**
 * The sentence as the LLM understands it, in the built-in parser's shape. Throws when the LLM
 * fails or its answer cannot be used: no JSON, an unknown country, or no product we carry.
 */
export async function understandWithLlm(
  llm: Llm,
  sentence: string,
  signal?: AbortSignal,
): Promise<Understood> {
  const text = await llm.complete({
    messages: [
      { role: 'system', content: UNDERSTAND_PROMPT },
      { role: 'user', content: sentence },
    ],
    json: true,
    maxTokens: 200,
    temperature: 0,
    ...(signal ? { signal } : {}),
  });
  const parsed = UnderstoodAnswer.safeParse(jsonObject(text));
  if (!parsed.success) throw new UnusableAnswer('the answer does not have the asked fields');
  const answer = parsed.data;
  let country = null;
  if (answer.country) {
    const code = answer.country.toUpperCase();
    country = COUNTRIES.find((c) => c.iso2 === code || c.iso3 === code) ?? null;
    if (!country) throw new UnusableAnswer(`unknown country ${code}`);
  }
  const categories = categoriesFor(answer.products);
  if (categories.length === 0) {
    throw new UnusableAnswer(`no known product in ${JSON.stringify(answer.products)}`);
  }
  const keywords = [...new Set(answer.keywords.map((word) => word.toLowerCase()))].slice(0, 6);
  return {
    role: answer.role ?? 'buyer',
    roleStated: Boolean(answer.role),
    country,
    categories,
    keywords,
    // The language the user wrote in, decided as the built-in parser decides it.
    language: parseQuery(sentence).language,
  };
}

export interface SearchUnderstanding {
  understood: Understood;
  source: 'llm' | 'parser';
  /** False when the LLM failed or timed out: the search then asks it nothing more. */
  llmAnswered: boolean;
}

/**
 * The one-sentence query understood by the LLM when there is one, else (and on any failure, an
 * unusable answer or after SEARCH_LLM_DEADLINE_MS) by the built-in parser.
 */
export async function understandQuery(llm: Llm | null, sentence: string): Promise<SearchUnderstanding> {
  if (!llm) return { understood: parseQuery(sentence), source: 'parser', llmAnswered: false };
  try {
    const understood = await understandWithLlm(llm, sentence, AbortSignal.timeout(SEARCH_LLM_DEADLINE_MS));
    return { understood, source: 'llm', llmAnswered: true };
  } catch (error) {
    const unusable = error instanceof UnusableAnswer;
    if (unusable) llm.log?.(`[llm] search: ${error.message}; the built-in parser answered instead`);
    return { understood: parseQuery(sentence), source: 'parser', llmAnswered: unusable };
  }
}

const SUMMARY_PROMPT = (language: string) =>
  `You write the short answer of a trade-lead search assistant, in ${language}: one or two sentences.
Use only the facts you are given as JSON: what was searched for and how many matching companies were found ("found").
Never name or describe companies, and add no other numbers, contacts or promises; write numbers in digits.
When nothing was found, suggest another name for the product or leaving out the country.
Do not mention search limits or quotas.
Reply with one JSON object only: {"text":"..."}`;

const SummaryAnswer = z.object({ text: z.string().trim().min(1).max(300) });

const hasCjk = (text: string) => /[\u3400-\u9fff]/.test(text);

/**
 * The sentence saying what a search found, written by the LLM in `lang` from what was understood
 * and the count; `null` (the caller uses its built-in text) when the LLM fails, runs past the
 * deadline, answers in another language or mentions a number it was not given.
 */
export async function writeFoundText(
  llm: Llm,
  understood: Understood,
  count: number,
  lang: 'zh' | 'en',
): Promise<string | null> {
  const facts = {
    looking_for:
      lang === 'zh'
        ? understood.role === 'buyer'
          ? '买家'
          : '供应商'
        : understood.role === 'buyer'
          ? 'buyers'
          : 'suppliers',
    country: understood.country ? understood.country[lang] : null,
    products: understood.categories.map((c) => c[lang]),
    keywords: understood.keywords,
    found: count,
  };
  try {
    const text = await llm.complete({
      messages: [
        { role: 'system', content: SUMMARY_PROMPT(lang === 'zh' ? 'Simplified Chinese' : 'English') },
        { role: 'user', content: JSON.stringify(facts) },
      ],
      json: true,
      maxTokens: 300,
      temperature: 0.3,
      signal: AbortSignal.timeout(SEARCH_LLM_DEADLINE_MS),
    });
    const parsed = SummaryAnswer.safeParse(jsonObject(text));
    if (!parsed.success) throw new UnusableAnswer('the answer does not have the asked text');
    const written = parsed.data.text.replace(/\s+/g, ' ');
    if (hasCjk(written) !== (lang === 'zh')) throw new UnusableAnswer(`the text is not in ${lang}`);
    const given = new Set(JSON.stringify(facts).match(/\d+/g) ?? []);
    const invented = (written.match(/\d+/g) ?? []).find((n) => !given.has(n));
    if (invented) throw new UnusableAnswer(`the text mentions ${invented}, which it was not given`);
    return written;
  } catch (error) {
    if (error instanceof UnusableAnswer)
      llm.log?.(`[llm] search answer: ${error.message}; built-in text used`);
    return null;
  }
}
