import { z } from 'zod';
import {
  CERTIFICATIONS,
  isPhone,
  isWebsite,
  isWechat,
  MAX_PROFILE_PRODUCTS,
  MOQ_UNITS,
  PROFILE_TEXT_MAX,
  STRENGTHS,
} from '../../contract/profile.ts';
import { findProducts } from '../search/products.ts';
import type { Llm } from '../platform/llm/types.ts';
import type { ProfileValues } from './extract.ts';

/** How long reading the files may take the LLM before the built-in reading stands alone. */
export const PROFILE_LLM_DEADLINE_MS = 30_000;
/** The start of the files the LLM reads: who the company is and what it makes come first. */
const TEXT_FOR_LLM = 8_000;

const text = (max: number) => z.string().trim().max(max).catch('');
const Answer = z.object({
  company_zh: text(PROFILE_TEXT_MAX.company_zh),
  company_en: text(PROFILE_TEXT_MAX.company_en),
  products_en: z.array(z.string().max(80)).max(MAX_PROFILE_PRODUCTS).catch([]),
  strengths: z.array(z.string()).max(20).catch([]),
  certifications: z.array(z.string()).max(40).catch([]),
  moq: z
    .object({ quantity: z.number().int().min(1), unit: z.enum(MOQ_UNITS) })
    .nullable()
    .catch(null),
  website: text(200),
  name_zh: text(PROFILE_TEXT_MAX.name_zh),
  name_en: text(PROFILE_TEXT_MAX.name_en),
  title_zh: text(PROFILE_TEXT_MAX.title_zh),
  title_en: text(PROFILE_TEXT_MAX.title_en),
  phone: text(40),
  wechat: text(40),
  whatsapp: text(40),
});

const SYSTEM_PROMPT = `You read a company's own profile (Chinese and/or English) and extract facts about the company.
Only report what the text states. Never translate or invent names, numbers or certificates: leave a field empty ("" or [] or null) when the text does not state it.
Fields: company_zh (its Chinese legal name as written), company_en (its English name as written), products_en (what it makes or sells, short English trade names), strengths (keys from: ${STRENGTHS.join(', ')}), certifications (from: ${CERTIFICATIONS.join(', ')}), moq ({"quantity": number, "unit": one of ${MOQ_UNITS.join(', ')}} or null), website, name_zh, name_en, title_zh, title_en (the contact person), phone, wechat, whatsapp.
Answer with one JSON object only.`;

/** Digits of a number as written, to find it in the text whatever its spacing. */
const digits = (value: string) => value.replace(/\D/g, '');

/**
 * The LLM's reading of the files, checked against them: a name, website or number counts only
 * when the text holds it; products only when they map to our taxonomy (through the built-in
 * names); strengths and certifications only from our lists, certifications only when written in
 * the text. A field the LLM left empty or got wrong keeps the built-in reading. Any failure (no
 * answer in time, not JSON) answers the built-in reading as it was.
 */
export async function llmProfile(llm: Llm, source: string, builtin: ProfileValues): Promise<ProfileValues> {
  try {
    const answer = await llm.complete({
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: source.slice(0, TEXT_FOR_LLM) },
      ],
      json: true,
      maxTokens: 700,
      temperature: 0,
      signal: AbortSignal.timeout(PROFILE_LLM_DEADLINE_MS),
    });
    const start = answer.indexOf('{');
    const end = answer.lastIndexOf('}');
    if (start < 0 || end < start) throw new Error('the answer holds no JSON object');
    const read = Answer.parse(JSON.parse(answer.slice(start, end + 1)));
    const lower = source.toLowerCase();
    const written = (value: string) => value !== '' && lower.includes(value.toLowerCase());
    const numberIn = (value: string) => value !== '' && digits(source).includes(digits(value));
    // A product counts when our taxonomy knows it and the files name it (in either language).
    const products = [
      ...new Set(
        read.products_en.flatMap((name) =>
          findProducts(name)
            .products.filter((p) => [p.en, p.zh, ...p.synonyms_en, ...p.synonyms_zh].some(written))
            .map((p) => p.id),
        ),
      ),
    ].slice(0, MAX_PROFILE_PRODUCTS);
    const certifications = CERTIFICATIONS.filter(
      (name) => read.certifications.includes(name) && (written(name) || (name === 'TÜV' && written('TUV'))),
    );
    const or = <T>(value: T, ok: boolean, fallback: T) => (ok ? value : fallback);
    return {
      company_zh: or(read.company_zh, written(read.company_zh), builtin.company_zh),
      company_en: or(read.company_en, written(read.company_en), builtin.company_en),
      products: products.length ? products : builtin.products,
      strengths: STRENGTHS.filter((key) => read.strengths.includes(key) || builtin.strengths.includes(key)),
      certifications: [...new Set([...builtin.certifications, ...certifications])],
      moq: or(read.moq, read.moq !== null && numberIn(String(read.moq.quantity)), builtin.moq),
      website: or(read.website, written(read.website) && isWebsite(read.website), builtin.website),
      name_zh: or(read.name_zh, written(read.name_zh), builtin.name_zh),
      name_en: or(read.name_en, written(read.name_en), builtin.name_en),
      title_zh: or(read.title_zh, written(read.title_zh), builtin.title_zh),
      title_en: or(read.title_en, written(read.title_en), builtin.title_en),
      phone: or(read.phone, numberIn(read.phone) && isPhone(read.phone), builtin.phone),
      wechat: or(read.wechat, written(read.wechat) && isWechat(read.wechat), builtin.wechat),
      whatsapp: or(read.whatsapp, numberIn(read.whatsapp) && isPhone(read.whatsapp), builtin.whatsapp),
    };
  } catch (error) {
    llm.log?.(
      `[profile] ${llm.model}: reading fell back to the built-in reader: ${error instanceof Error ? error.message : String(error)}`,
    );
    return builtin;
  }
}
