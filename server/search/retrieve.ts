import { closest, distance } from 'fastest-levenshtein';
import { PRODUCTS, broaderProducts, narrowerProducts, type Product } from './products.ts';
import { latinWords } from './phrases.ts';
import { hasChinese, simplified } from './script.ts';

/**
 * Products a sentence may be about, found by the words they share with it (issue 31): what an LLM
 * is given to choose from (llm.ts), so it answers with our ids and never with free-text names. A
 * recall step, not a reading: it ranks every product whose name's words the sentence mostly holds,
 * English words by their stem (a one-letter slip is forgiven in words of five letters or more),
 * Chinese by pairs of characters, rarer words weighing more.
 */

/** English word stems of a text: "LED panel lights" → led, panel, light. */
function stems(text: string): string[] {
  return latinWords(text.toLowerCase())
    .map(({ word }) => word)
    .filter((word) => word.length > 1 && !FUNCTION_WORDS.has(word))
    .map(stem);
}

/** English words that name no goods ("3 in 1", "parts of …"). */
const FUNCTION_WORDS = new Set('in of the and for to with from by on at or it'.split(' '));

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && ['ches', 'shes', 'xes', 'sses'].some((end) => word.endsWith(end)))
    return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Pairs of Chinese characters: "LED面板灯" → 面板, 板灯. A name of one character is that character. */
function pairs(text: string): string[] {
  const out: string[] = [];
  let run = '';
  for (const char of `${simplified(text)} `) {
    if (hasChinese(char)) {
      run += char;
      continue;
    }
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    run = '';
  }
  return out;
}

const isLatinTerm = (term: string) => !hasChinese(term);

const terms = (text: string) => [...new Set([...stems(text), ...pairs(text)])];

interface Index {
  /** Each product's names, each as its terms and its head: the last word, or last pair of characters. */
  names: { product: Product; terms: string[]; head: string }[];
  /** Terms to the names (positions in `names`) that hold them. */
  postings: Map<string, number[]>;
  weight: Map<string, number>;
  /** English stems of five letters or more, for a misspelt word. */
  longStems: string[];
}

let built: Index | null = null;

function index(): Index {
  if (built) return built;
  const names: Index['names'] = [];
  const postings = new Map<string, number[]>();
  for (const product of PRODUCTS)
    for (const name of new Set([product.en, product.zh, ...product.synonyms_en, ...product.synonyms_zh])) {
      const nameTerms = terms(name);
      if (nameTerms.length === 0) continue;
      for (const term of nameTerms) {
        const holders = postings.get(term);
        if (holders) holders.push(names.length);
        else postings.set(term, [names.length]);
      }
      const head = hasChinese(name.at(-1)!) ? pairs(name).at(-1) : stems(name).at(-1);
      names.push({ product, terms: nameTerms, head: head ?? nameTerms.at(-1)! });
    }
  const weight = new Map<string, number>();
  for (const [term, holders] of postings) weight.set(term, Math.log(1 + names.length / holders.length));
  const longStems = [...postings.keys()].filter((term) => term.length >= 5 && isLatinTerm(term));
  built = { names, postings, weight, longStems };
  return built;
}

/** The sentence's terms as the index knows them: a misspelt English word as its nearest stem. */
function sentenceTerms(sentence: string, known: Index): string[] {
  const out = new Set<string>();
  for (const term of terms(sentence)) {
    if (known.postings.has(term)) out.add(term);
    else if (term.length >= 5 && isLatinTerm(term)) {
      const near = closest(term, known.longStems);
      if (distance(term, near) <= (term.length >= 8 ? 2 : 1)) out.add(near);
    }
  }
  return [...out];
}

/**
 * Up to `limit` products the sentence may name, best first: a name counts when the sentence holds
 * its head (last word, or last two characters) and at least half its weight, and ranks by the
 * weight held; `first` (the built-in reader's products)
 * lead, with their broader and narrower products next to them.
 */
export function productCandidates(sentence: string, first: readonly Product[] = [], limit = 40): Product[] {
  const known = index();
  const score = new Map<Product, number>();
  const held = new Map<number, number>();
  const said = sentenceTerms(sentence, known);
  for (const term of said)
    for (const at of known.postings.get(term) ?? [])
      held.set(at, (held.get(at) ?? 0) + known.weight.get(term)!);
  for (const [at, weight] of held) {
    const name = known.names[at]!;
    if (!said.includes(name.head)) continue;
    const whole = name.terms.reduce((sum, term) => sum + known.weight.get(term)!, 0);
    if (weight / whole < 0.5) continue;
    const value = weight * (weight / whole);
    if (value > (score.get(name.product) ?? 0)) score.set(name.product, value);
  }
  const out = new Set<Product>();
  for (const product of first) {
    out.add(product);
    for (const near of [...broaderProducts(product).slice(0, 1), ...narrowerProducts(product).slice(0, 8)])
      out.add(near);
  }
  for (const [product] of [...score].sort((a, b) => b[1] - a[1])) {
    if (out.size >= limit) break;
    out.add(product);
  }
  return [...out].slice(0, limit);
}
