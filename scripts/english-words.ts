/**
 * Rebuilds server/search/lexicon/english-words.json: the everyday English words that lie within a
 * misspelling of a product word ("partners" is two edits from "pruners"), so the product reader
 * never "corrects" them. The words come from the English documentation shipped in node_modules
 * (*.md, *.d.ts, *.txt, *.html): every lower-case word of five letters or more seen at least three
 * times. Run it after adding products: `node scripts/english-words.ts`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distance } from 'fastest-levenshtein';

interface Product {
  en: string;
  synonyms_en: string[];
}

const root = new URL('..', import.meta.url).pathname;
const products = JSON.parse(
  readFileSync(join(root, 'server/search/lexicon/products.json'), 'utf8'),
) as Product[];

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .match(/[a-z0-9]+/g) ?? [];
const vocabulary = new Set<string>();
const joined = new Set<string>();
for (const product of products)
  for (const name of [product.en, ...product.synonyms_en]) {
    const parts = words(name);
    for (const part of parts) vocabulary.add(part);
    if (parts.length === 2) joined.add(parts.join(''));
  }
const targets = [...vocabulary, ...joined].filter((word) => word.length >= 4 && /^[a-z]+$/.test(word));

const counts = new Map<string, number>();
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) walk(path);
    else if (/\.(?:md|d\.ts|txt|html)$/.test(name) && stat.size < 2_000_000)
      for (const word of readFileSync(path, 'utf8').match(/(?<![A-Za-z])[a-z]{5,}(?![A-Za-z])/g) ?? [])
        counts.set(word, (counts.get(word) ?? 0) + 1);
  }
};
walk(join(root, 'node_modules'));

const near = [...counts]
  .filter(([word, count]) => count >= 3 && !vocabulary.has(word))
  .map(([word]) => word)
  .filter((word) => {
    const limit = word.length >= 8 ? 2 : 1;
    return targets.some(
      (target) =>
        target[0] === word[0] &&
        Math.abs(target.length - word.length) <= limit &&
        distance(target, word) <= limit,
    );
  })
  .sort();
writeFileSync(join(root, 'server/search/lexicon/english-words.json'), `${JSON.stringify(near, null, 0)}\n`);
console.log(`${near.length} words`);
