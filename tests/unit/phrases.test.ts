import { describe, expect, it } from 'vitest';
import { Phrases, latinWords, plural, untilClauseEnd } from '../../server/search/phrases.ts';

const words = (phrases: Phrases<unknown>, text: string) => phrases.all(text).map((hit) => hit.word);

describe('the lexicon phrase matcher', () => {
  it('finds Chinese phrases anywhere and Latin ones only on word boundaries', () => {
    const phrases = new Phrases(['eu', '德国', 'led']);
    expect(words(phrases, 'eu国家的led灯')).toEqual(['eu', 'led']);
    expect(words(phrases, 'europe and eu countries')).toEqual(['eu']);
    expect(words(phrases, 'sled dogs')).toEqual([]);
    expect(words(phrases, '东德国')).toEqual(['德国']);
    expect(words(new Phrases(['eu']), 'eu2 eu')).toEqual(['eu']);
  });

  it('reads what must or must not stand next to a phrase, passing over one space after a Latin one', () => {
    const brand = new Phrases([{ word: '品牌', before: ['<end>', '的', '客户'] }]);
    expect(words(brand, '美国品牌')).toEqual(['品牌']);
    expect(words(brand, '美国品牌，要有电话')).toEqual(['品牌']);
    expect(words(brand, '美国品牌的买家')).toEqual(['品牌']);
    expect(words(brand, '品牌手机')).toEqual([]);
    const turkey = new Phrases([{ word: 'turkey', not_before: ['meat'] }]);
    expect(words(turkey, 'turkey meat importers')).toEqual([]);
    expect(words(turkey, 'meat importers in turkey')).toEqual(['turkey']);
    expect(words(turkey, 'turkey meatless')).toEqual(['turkey']);
    const china = new Phrases([{ word: 'china', not_after: ['bone', 'plaster of'] }]);
    expect(words(china, 'bone china buyers')).toEqual([]);
    expect(words(china, 'trombone china')).toEqual(['china']);
    expect(words(china, 'plaster of china')).toEqual([]);
  });

  it('asks for a word later in the clause, or for none after', () => {
    const except = new Phrases([{ word: '除', later: ['以外'], within: 14 }]);
    expect(words(except, '除德国以外的欧洲')).toEqual(['除']);
    expect(words(except, '除德国，以外')).toEqual([]);
    expect(words(except, '除以外')).toEqual([]);
    expect(words(except, `除${'国'.repeat(12)}以外`)).toEqual(['除']);
    expect(words(except, `除${'国'.repeat(13)}以外`)).toEqual([]);
    const besides = new Phrases([{ word: '除了', not_later: ['还', '也'] }]);
    expect(words(besides, '除了德国')).toEqual(['除了']);
    expect(words(besides, '除了德国，还要法国')).toEqual([]);
  });

  it('adds English plurals when asked', () => {
    const kinds = new Phrases(['factory', 'box', 'importer', '工厂'], { plurals: true });
    expect(words(kinds, 'factories, boxes and importers; 工厂')).toEqual([
      'factories',
      'boxes',
      'importers',
      '工厂',
    ]);
    expect(plural('day')).toBe('days');
    expect(plural('brush')).toBe('brushes');
  });

  it('reads left to right without overlaps, the longest first, and at the ends of a text', () => {
    const phrases = new Phrases(['不要', '不要了', '要']);
    expect(phrases.leftmost('德国不要了要法国').map((hit) => [hit.word, hit.start])).toEqual([
      ['不要了', 2],
      ['要', 5],
    ]);
    expect(phrases.first('先要')?.start).toBe(1);
    const places = new Phrases(['in', 'in the', '在']);
    expect(places.endOf('buyers in the ')?.word).toBe('in the');
    expect(places.endOf('buyers within')).toBeNull();
    expect(places.startOf(' in germany')).toMatchObject({ word: 'in', start: 1, end: 3 });
    expect(places.startOf('inside')).toBeNull();
    expect(places.in('住在德国')).toBe(true);
    expect(places.in('inner')).toBe(false);
  });

  it('gives values with phrases, the clause so far, and the Latin words of a text', () => {
    const roles = new Phrases<'buyer' | 'supplier'>([
      ['buyer', 'buyer'],
      ['工厂', 'supplier'],
    ]);
    expect(roles.all('工厂 buyer').map((hit) => hit.value)).toEqual(['supplier', 'buyer']);
    expect(untilClauseEnd('德国和法国，要有电话')).toBe('德国和法国');
    expect(untilClauseEnd('no mark')).toBe('no mark');
    expect(latinWords('led灯 in  de2')).toEqual([
      { word: 'led', at: 0 },
      { word: 'in', at: 5 },
      { word: 'de', at: 9 },
    ]);
  });
});
