/**
 * Issue 31, point 5: the whole lexicon as a test. Every product name of the catalogue (Chinese and
 * English, every synonym) in sentence templates with and without a country keeps exactly its
 * product and adds no place, condition or exclusion; every place name (countries' names,
 * adjectives, cities and states, regions) in its templates is read as that place, the product
 * beside it kept.
 */
import { describe, expect, it } from 'vitest';
import { PLACES_LEXICON, REGION_BY_ID } from '../../server/search/places.ts';
import { PRODUCTS, type Product } from '../../server/search/products.ts';
import { understand } from '../../server/search/understand.ts';

const hasCjk = (text: string) => /[\u3400-\u9fff]/.test(text);

/** Sentences around a product's name, with a country and without. */
const productSentences = (name: string): [sentence: string, countries: string[]][] =>
  hasCjk(name)
    ? [
        [`找德国的${name}进口商`, ['DE']],
        [`${name}的买家`, []],
      ]
    : [
        [`${name} importers in Germany`, ['DE']],
        [`buyers of ${name}`, []],
      ];

describe('every product name reads as its product and nothing else', () => {
  it(`${PRODUCTS.length} products, every name, with and without a country`, () => {
    const misread: string[] = [];
    let sentences = 0;
    for (const product of PRODUCTS)
      for (const name of new Set([product.en, product.zh, ...product.synonyms_en, ...product.synonyms_zh]))
        for (const [sentence, countries] of productSentences(name)) {
          sentences++;
          const read = understand(sentence);
          const products = read.products.map((p: Product) => p.id);
          const { phone, email, employees } = read.conditions;
          if (
            products.length !== 1 ||
            read.countries.join() !== countries.join() ||
            phone ||
            email ||
            employees ||
            read.excluded
          )
            misread.push(`${product.id} "${sentence}" → ${products.join(',')} ${read.countries.join(',')}`);
        }
    expect(sentences).toBeGreaterThan(40_000);
    expect(misread).toEqual([]);
  }, 300_000);
});

describe('every place name reads as that place', () => {
  it('countries, their adjectives, cities and states, and regions, in Chinese and English', () => {
    const misread: string[] = [];
    let sentences = 0;
    const check = (sentence: string, countries: readonly string[]) => {
      sentences++;
      const read = understand(sentence);
      const right =
        read.countries.length === countries.length &&
        countries.every((code) => read.countries.includes(code)) &&
        read.products.map((p) => p.id).join() === 'led-lights';
      if (!right)
        misread.push(`"${sentence}" → ${read.countries.join(',')} ${read.products.map((p) => p.id)}`);
    };
    for (const country of PLACES_LEXICON.countries) {
      for (const name of [...country.names_en, ...country.cities_en])
        check(`LED light buyers in ${name}`, [country.iso2]);
      for (const name of country.adjectives_en) check(`${name} LED light buyers`, [country.iso2]);
      for (const name of [...country.names_zh, ...country.cities_zh])
        check(`找${name}的LED灯买家`, [country.iso2]);
    }
    for (const region of PLACES_LEXICON.regions) {
      const members = REGION_BY_ID.get(region.id)!.members;
      for (const name of region.names_en) check(`LED light buyers in ${name}`, members);
      for (const name of region.names_zh) check(`找${name}的LED灯买家`, members);
    }
    expect(sentences).toBeGreaterThan(1_300);
    expect(misread).toEqual([]);
  }, 120_000);
});
