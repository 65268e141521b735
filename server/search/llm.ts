import { z } from 'zod';
import { COMPANY_TYPES } from '../../contract/companies.ts';
import type { SearchSummary } from '../../contract/api.ts';
import { parseQuery, withoutExcluded, type Understood } from './parse.ts';
import { PLACE_BY_ISO2, REGIONS, REGION_BY_ID } from './places.ts';
import { PRODUCT_BY_ID, type Product } from './products.ts';
import { productCandidates } from './retrieve.ts';
import { conditionLabels } from './describe.ts';
import { countryName } from '../leads/search.ts';
import type { Llm } from '../platform/llm/types.ts';
import { hasChinese } from './script.ts';
import { codesOf } from './codes.ts';

/**
 * How long a search waits for each LLM answer before it goes on without it (the built-in parser,
 * the built-in text). Understanding gets one deadline for its one or two calls, so the search itself
 * never waits for the LLM longer than twice this.
 */
export const SEARCH_LLM_DEADLINE_MS = 4_000;

/** An answer that came back but cannot be used (the LLM is up; the next call may still be asked). */
class UnusableAnswer extends Error {}

const CHOOSE_PROMPT = `You turn one sentence typed into a foreign-trade lead search into the search's criteria, choosing from the lists given below.
- role: "buyer" when the user wants companies that buy, import, distribute, wholesale or retail the goods; "supplier" when they want manufacturers, factories, exporters or vendors; null when the sentence does not say.
- countries: ISO 3166-1 alpha-2 codes of every country where those companies should be (Germany "DE", United Kingdom "GB"); regions: ids from the region list for each region named (its countries are added for you). Not the countries the user already sells to or buys from, nor where the goods are made. Both [] when no place is named.
- products: ids from the product candidates for the goods the companies should trade, the narrowest that fits, at most 5. Not the goods the user only mentions to describe themselves or a kind of company. [] when no candidate is the goods named.
- other_goods: only when no candidate is the goods named, their common English trade names in the plural; otherwise [].
- conditions: only what the sentence asks for: a phone number, an email address, a company size in employees (inclusive bounds: "more than 50" is 51), a kind of company; null or false otherwise. Conditions are never products.
Add nothing the sentence does not say.`;

/** The country codes an answer may name. */
const COUNTRY_CODES = [...PLACE_BY_ISO2.keys()];

const nullable = (type: string) => ({ type: [type, 'null'] });

/**
 * The JSON schema of an answer (OpenAI's structured outputs, strict: every field required, none
 * added): products only from the candidates' ids, countries and regions only from ours.
 */
function criteriaSchema(candidates: readonly Product[]) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['role', 'countries', 'regions', 'products', 'other_goods', 'conditions'],
    properties: {
      role: { type: ['string', 'null'], enum: ['buyer', 'supplier', null] },
      countries: { type: 'array', items: { type: 'string', enum: COUNTRY_CODES } },
      regions: { type: 'array', items: { type: 'string', enum: REGIONS.map((region) => region.id) } },
      // No candidates: an empty list (an empty enum is no valid schema, and a refused schema would
      // switch structured outputs off for every later call).
      products:
        candidates.length > 0
          ? { type: 'array', items: { type: 'string', enum: candidates.map((product) => product.id) } }
          : { type: 'array', items: { type: 'string' }, maxItems: 0 },
      other_goods: { type: 'array', items: { type: 'string' } },
      conditions: {
        type: 'object',
        additionalProperties: false,
        required: ['phone', 'email', 'min_employees', 'max_employees', 'company_type'],
        properties: {
          phone: nullable('boolean'),
          email: nullable('boolean'),
          min_employees: nullable('integer'),
          max_employees: nullable('integer'),
          company_type: { type: ['string', 'null'], enum: [...COMPANY_TYPES, null] },
        },
      },
    },
  };
}

/** What the model is shown to choose from, after the instructions. */
function choices(candidates: readonly Product[]): string {
  const products = candidates.map((product) => `${product.id}: ${product.en} / ${product.zh}`);
  const regions = REGIONS.map((region) => `${region.id}: ${region.en} (${region.members.join(' ')})`);
  return `Product candidates (id: English / Chinese):\n${products.join('\n')}\n\nRegions (id: name (countries)):\n${regions.join('\n')}`;
}

/** An answer as validated here too: a server without structured outputs answers in plain JSON. */
const CriteriaAnswer = z.object({
  role: z.enum(['buyer', 'supplier']).nullish(),
  countries: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/),
    )
    .max(80)
    .default([]),
  regions: z.array(z.string()).max(30).default([]),
  products: z.array(z.string().trim().min(1).max(80)).max(8).default([]),
  other_goods: z.array(z.string().trim().min(1).max(80)).max(8).default([]),
  conditions: z
    .object({
      phone: z.boolean().nullish(),
      email: z.boolean().nullish(),
      min_employees: z.int().min(0).max(1_000_000).nullish(),
      max_employees: z.int().min(0).max(1_000_000).nullish(),
      company_type: z.enum(COMPANY_TYPES).nullish(),
    })
    .default({}),
});
type CriteriaAnswer = z.infer<typeof CriteriaAnswer>;

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

/** One call: the model picks the criteria of `sentence` from `candidates` and our places. */
async function choose(
  llm: Llm,
  sentence: string,
  candidates: readonly Product[],
  signal: AbortSignal | undefined,
): Promise<CriteriaAnswer> {
  const text = await llm.complete({
    messages: [
      { role: 'system', content: `${CHOOSE_PROMPT}\n\n${choices(candidates)}` },
      { role: 'user', content: sentence },
    ],
    json: true,
    schema: { name: 'search_criteria', schema: criteriaSchema(candidates) },
    maxTokens: 400,
    temperature: 0,
    ...(signal ? { signal } : {}),
  });
  const parsed = CriteriaAnswer.safeParse(jsonObject(text));
  if (!parsed.success) throw new UnusableAnswer('the answer does not have the asked fields');
  const answer = parsed.data;
  const ids = new Set(candidates.map((product) => product.id));
  const notOffered = answer.products.find((id) => !ids.has(id));
  if (notOffered) throw new UnusableAnswer(`${JSON.stringify(notOffered)} is not one of the candidates`);
  const unknown = [
    ...answer.countries.filter((code) => !PLACE_BY_ISO2.has(code.toUpperCase())),
    ...answer.regions.filter((id) => !REGION_BY_ID.has(id)),
  ];
  if (unknown.length) throw new UnusableAnswer(`unknown place ${unknown[0]}`);
  return answer;
}

/**
 * The sentence as the LLM understands it, in the built-in parser's shape (`builtIn` is the
 * parser's own reading, for the corrections it names). The model chooses ids: products from the
 * candidates retrieved for the sentence (retrieve.ts, the parser's products first), places from
 * ours, through a JSON-schema structured output. When no candidate is the goods it names
 * (`other_goods`), candidates retrieved for those names are offered in a second call, if `allowed`
 * (the user's LLM budget) says so. Throws when the LLM fails or its answer cannot be used: no
 * JSON, an id not offered, an unknown place, or no product.
 */
export async function understandWithLlm(
  llm: Llm,
  sentence: string,
  signal?: AbortSignal,
  builtIn: Understood = parseQuery(sentence),
  allowed: () => Promise<boolean> = async () => true,
): Promise<Understood> {
  let candidates = productCandidates(sentence, builtIn.products);
  let answer = await choose(llm, sentence, candidates, signal);
  if (answer.products.length === 0 && answer.other_goods.length > 0) {
    candidates = productCandidates(answer.other_goods.join('; '));
    if (candidates.length > 0 && (await allowed())) answer = await choose(llm, sentence, candidates, signal);
  }
  const products = answer.products.map((id) => PRODUCT_BY_ID.get(id)!).slice(0, 5);
  if (products.length === 0) throw new UnusableAnswer(`no product among ${candidates.length} candidates`);
  const regions = [...new Set(answer.regions)];
  const countries = [
    ...new Set([
      ...answer.countries.map((code) => code.toUpperCase()),
      ...regions.flatMap((id) => REGION_BY_ID.get(id)!.members),
    ]),
  ];
  const c = answer.conditions;
  const employees =
    c.min_employees != null || c.max_employees != null
      ? {
          ...(c.min_employees != null ? { min: c.min_employees } : {}),
          ...(c.max_employees != null ? { max: c.max_employees } : {}),
        }
      : undefined;
  // The built-in reader's HS codes, for the products the LLM kept.
  const codes = codesOf(builtIn.codes ?? [], products);
  return {
    role: answer.role ?? 'buyer',
    roleStated: Boolean(answer.role),
    countries,
    regions,
    products,
    ...(codes.length ? { codes } : {}),
    conditions: {
      ...(c.phone ? { phone: true as const } : {}),
      ...(c.email ? { email: true as const } : {}),
      ...(employees && (employees.min ?? 0) <= (employees.max ?? Infinity) ? { employees } : {}),
      ...(c.company_type ? { companyType: c.company_type } : {}),
      // "only importers": the built-in reader's insisting on the kind holds for the same kind.
      ...(c.company_type &&
      builtIn.conditions.companyTypeOnly &&
      builtIn.conditions.companyType === c.company_type
        ? { companyTypeOnly: true as const }
        : {}),
    },
    corrected: builtIn.corrected,
    unknown: [],
    more: builtIn.more,
    // The language the user wrote in, decided as the built-in parser decides it.
    language: builtIn.language,
  };
}

export interface SearchUnderstanding {
  understood: Understood;
  source: 'llm' | 'parser';
  /** False when the LLM failed or timed out: the search then asks it nothing more. */
  llmAnswered: boolean;
}

/**
 * The one-sentence query understood by the built-in parser, and by the LLM when there is one and
 * the parser could not read it all (no product, or words it does not know): a sentence the parser
 * reads fully never waits for the LLM. On any LLM failure (an unusable answer, or after
 * SEARCH_LLM_DEADLINE_MS) the parser's answer stands. `allowed` counts the call against the user's
 * LLM budget first (limits.ts `llmCallAllowed`); past it the parser's answer stands too.
 */
export async function understandQuery(
  llm: Llm | null,
  sentence: string,
  allowed: () => Promise<boolean> = async () => true,
): Promise<SearchUnderstanding> {
  const builtIn = parseQuery(sentence);
  if (!llm) return { understood: builtIn, source: 'parser', llmAnswered: false };
  if (builtIn.more || (builtIn.products.length > 0 && builtIn.unknown.length === 0))
    return { understood: builtIn, source: 'parser', llmAnswered: true };
  if (!(await allowed())) return { understood: builtIn, source: 'parser', llmAnswered: false };
  try {
    const understood = await understandWithLlm(
      llm,
      sentence,
      AbortSignal.timeout(SEARCH_LLM_DEADLINE_MS),
      builtIn,
      allowed,
    );
    // The parser's reading of what the sentence leaves out ("不要德国了", "remove the email filter").
    return { understood: withoutExcluded(understood, builtIn.excluded), source: 'llm', llmAnswered: true };
  } catch (error) {
    const unusable = error instanceof UnusableAnswer;
    if (unusable) llm.log?.(`[llm] search: ${error.message}; the built-in parser answered instead`);
    return { understood: builtIn, source: 'parser', llmAnswered: unusable };
  }
}

const SUMMARY_PROMPT = (language: string) =>
  `You write the short answer of a trade-lead search assistant, in ${language}: one or two sentences.
Use only the facts you are given as JSON: what was searched for, how many matching companies were found ("found") and in which countries ("found_per_country").
Never name or describe companies, and add no other numbers, contacts or promises; write numbers in digits.
When nothing was found, suggest another name for the product or leaving out the country.
Do not mention search limits or quotas.
Reply with one JSON object only: {"text":"..."}`;

const SummaryAnswer = z.object({ text: z.string().trim().min(1).max(300) });

const hasCjk = hasChinese;

/**
 * The sentence saying what a search found, written by the LLM in `lang` from what was understood
 * and the count; `null` (the caller uses its built-in text) when the LLM fails, runs past the
 * deadline, answers in another language or mentions a number it was not given.
 */
export async function writeFoundText(
  llm: Llm,
  understood: Understood,
  count: number,
  byCountry: SearchSummary['by_country'],
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
    countries:
      understood.countries.length > 12 ? [] : understood.countries.map((code) => countryName(code, lang)),
    products: understood.products.map((p) => (lang === 'zh' ? p.zh : p.en)),
    conditions: conditionLabels(understood.conditions, lang).map((c) => c.label),
    found: count,
    found_per_country: byCountry.filter((c) => c.count > 0).map((c) => ({ country: c.name, found: c.count })),
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
