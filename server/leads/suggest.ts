import { CATEGORIES, COUNTRIES } from './reference.ts';

const DEFAULT_QUERIES = {
  zh: [
    '帮我找德国的LED面板灯买家',
    '寻找美国的太阳能逆变器买家',
    '越南的纺织面料供应商',
    '英国的家具进口商',
    '阿联酋的瓷砖买家',
    '日本的宠物玩具分销商',
  ],
  en: [
    'Find LED panel light buyers in Germany',
    'Solar inverter buyers in the United States',
    'Textile fabric suppliers in Vietnam',
    'Furniture importers in the UK',
    'Ceramic tile buyers in the UAE',
    'Cat tree distributors in Japan',
  ],
} as const;

/** Example queries for an empty chat (spec §7 get_default_query). */
export function defaultQueries(lang: 'zh' | 'en'): string[] {
  return [...DEFAULT_QUERIES[lang]];
}

/**
 * Suggestions while typing (spec §7 complete_query): products whose name or synonym starts with
 * (or, in Chinese, contains) what was typed, then countries, each completed into a sentence.
 * @example completeQuery('led pa', 'en') // ['Find LED panel lights buyers', …]
 */
export function completeQuery(q: string, lang: 'zh' | 'en'): string[] {
  const text = q.trim().toLowerCase();
  if (!text) return [];
  const out: string[] = [];
  const matches = (name: string) =>
    lang === 'zh' ? name.includes(text) || text.includes(name) : name.startsWith(text);
  for (const category of CATEGORIES) {
    const names =
      lang === 'zh'
        ? [category.zh.toLowerCase(), ...category.synonyms_zh.map((n) => n.toLowerCase())]
        : [category.en.toLowerCase(), ...category.synonyms_en];
    if (names.some(matches))
      out.push(lang === 'zh' ? `帮我找${category.zh}买家` : `Find ${category.en} buyers`);
    if (out.length >= 6) break;
  }
  for (const country of COUNTRIES) {
    if (out.length >= 8) break;
    const names =
      lang === 'zh' ? [country.zh, ...country.aliases_zh] : [country.en.toLowerCase(), ...country.aliases_en];
    if (names.some(matches)) out.push(lang === 'zh' ? `${country.zh}的买家` : `Buyers in ${country.en}`);
  }
  return [...new Set(out)];
}
