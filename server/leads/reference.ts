import { readFileSync } from 'node:fs';

/** A country of server/leads/data/countries.json. */
export interface Country {
  iso2: string;
  iso3: string;
  en: string;
  zh: string;
  aliases_en: string[];
  aliases_zh: string[];
  code_alias_risky: boolean;
  region: string;
  language: string;
  strict_email_law: boolean;
  phone_code: string;
  cities: { en: string; zh: string }[];
}

/** A product category of server/leads/data/categories.json. */
export interface Category {
  id: number;
  slug: string;
  sector: string;
  en: string;
  zh: string;
  synonyms_en: string[];
  synonyms_zh: string[];
  hs_code: string;
}

const read = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8')) as T;

/** The reference data, read once. */
export const COUNTRIES: readonly Country[] = read<Country[]>('countries.json');
export const CATEGORIES: readonly Category[] = read<Category[]>('categories.json');
export const COMPANY_WORDS = read<{
  en_prefixes: string[];
  en_middles: string[];
  en_suffixes_by_country: Record<string, string[]>;
  en_suffixes_by_region: Record<string, string[]>;
  description_templates_en: string[];
  description_templates_zh: string[];
  role_phrases: Record<'buyer' | 'supplier', { en: string[]; zh: string[] }>;
  email_local_parts: { generic: string[] };
  social_platforms: { platform: string; url_template: string }[];
}>('company-words.json');

export const COUNTRY_BY_CODE = new Map(COUNTRIES.map((country) => [country.iso2, country]));
export const CATEGORY_BY_ID = new Map(CATEGORIES.map((category) => [category.id, category]));
