import { describe, expect, it } from 'vitest';
import { findPlaces, understand } from '../../server/search/understand.ts';
import { SENTENCE_PAIRS } from '../corpus/search-sentences.ts';

/**
 * The blind-written sentence pairs (tests/corpus/search-sentences.ts) against the places and the
 * conditions a sentence names. Its own grading rule for regions: at least 90% of the expected
 * countries and at most 10% extra (region edges are debatable); exact sets otherwise.
 */
function sameCountries(found: string[], expected: string[]): boolean {
  const got = new Set(found);
  const want = new Set(expected);
  if (want.size <= 3) return got.size === want.size && [...want].every((code) => got.has(code));
  const covered = [...want].filter((code) => got.has(code)).length / want.size;
  const extra = [...got].filter((code) => !want.has(code)).length / want.size;
  return covered >= 0.9 && extra <= 0.1;
}

const conditionsOf = (sentence: string) => {
  const { phone, email, employees, companyType } = understand(sentence).conditions;
  return { phone, email, employees, companyType };
};

describe(`the blind sentence set (${SENTENCE_PAIRS.length} zh/en pairs)`, () => {
  it('has at least 200 sentences covering every kind', () => {
    expect(SENTENCE_PAIRS.length * 2).toBeGreaterThanOrEqual(200);
    const kinds = new Set(SENTENCE_PAIRS.flatMap((pair) => pair.kinds));
    expect([...kinds].sort()).toEqual(
      [
        'china',
        'condition',
        'one-country',
        'region',
        'several-countries',
        'specific-product',
        'supplier',
        'typo',
        'vague',
      ].sort(),
    );
  });

  it('understands at least 95% of the places and 95% of the conditions, and twins alike', () => {
    const misses: string[] = [];
    let places = 0;
    let conditions = 0;
    let twinsAlike = 0;
    for (const pair of SENTENCE_PAIRS) {
      const { countries, conditions: wanted } = pair.expected;
      for (const sentence of [pair.zh, pair.en]) {
        const found = findPlaces(sentence).countries;
        if (sameCountries(found, countries)) places++;
        else misses.push(`place: ${sentence} → ${found.join(',')}`);
        const got = conditionsOf(sentence);
        const want = {
          phone: wanted.phone,
          email: wanted.email,
          employees: wanted.employees,
          companyType: wanted.companyType,
        };
        if (JSON.stringify(got) === JSON.stringify(want)) conditions++;
        else misses.push(`condition: ${sentence} → ${JSON.stringify(got)}`);
      }
      const zh = [findPlaces(pair.zh).countries.sort(), conditionsOf(pair.zh)];
      const en = [findPlaces(pair.en).countries.sort(), conditionsOf(pair.en)];
      if (JSON.stringify(zh) === JSON.stringify(en)) twinsAlike++;
      else misses.push(`twins differ: ${pair.id}`);
    }
    const total = SENTENCE_PAIRS.length * 2;
    console.info(
      `places ${places}/${total}, conditions ${conditions}/${total}, twins alike ${twinsAlike}/${SENTENCE_PAIRS.length}`,
    );
    expect(places / total, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(conditions / total, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(twinsAlike / SENTENCE_PAIRS.length, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  }, 60_000);
});
