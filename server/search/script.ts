import { Converter } from 'opencc-js/t2cn';

/** Any Han character: the converter runs only on text that holds one. */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Whether a text holds a Han character: the one "is this Chinese?" test of the search's readers. */
export const hasChinese = (text: string): boolean => HAN.test(text);

let convert: ((text: string) => string) | undefined;

/**
 * Chinese in the script the readers know: Mainland simplified. Salespeople in Taiwan and Hong
 * Kong write 德國, 買家 and 傢俱; OpenCC's Taiwan character and variant tables turn them into 德国,
 * 买家 and 家具. Taiwan's words stay Taiwan's words in simplified script (義大利 → 义大利, 筆電 →
 * 笔电): the readers list them as names and synonyms. OpenCC's phrase table is not used, since it
 * rewrites mainland text too (尼日利亚 → 尼日尔利亚, 桌布 → 壁纸). Simplified text comes back
 * unchanged, so every reader may call this on what it is given. The tables (about 0.1 s to load)
 * load when places.ts reads Taiwan's and Hong Kong's place names, at start.
 * @example simplified('幫我找德國的LED面板買家') // '帮我找德国的LED面板买家'
 */
export function simplified(text: string): string {
  if (!HAN.test(text)) return text;
  convert ??= Converter({ from: 'tw', to: 'cn' });
  return convert(text);
}
