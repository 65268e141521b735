import { Converter } from 'opencc-js/t2cn';

/** Any Han character: the converter is only built and run for text that holds one. */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

let convert: ((text: string) => string) | undefined;

/**
 * Chinese in the script and words the readers know: Mainland simplified. Salespeople in Taiwan
 * and Hong Kong write 德國, 買家, 傢俱 and 義大利; OpenCC's Taiwan table (characters, variants
 * and phrases such as 義大利 → 意大利, 軟體 → 软件) turns them into 德国, 买家, 家具 and 意大利.
 * Simplified text comes back unchanged, so every reader may call this on what it is given.
 * The tables load on the first Chinese text (about 0.1 s), not at start.
 * @example simplified('幫我找德國的LED面板買家') // '帮我找德国的LED面板买家'
 */
export function simplified(text: string): string {
  if (!HAN.test(text)) return text;
  convert ??= Converter({ from: 'tw', to: 'cn' });
  return convert(text);
}
