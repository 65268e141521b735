import { describe, expect, it } from 'vitest';
import { criteriaOf, describeUnderstood, summaryText } from '../../server/search/describe.ts';
import { fromCriteria, refineUnderstood } from '../../server/search/criteria.ts';
import { kindFit, kindMatch } from '../../server/search/kinds.ts';
import { kindInsisted } from '../../server/search/conditions.ts';
import { parseQuery } from '../../server/search/parse.ts';

/** The kinds a sentence asks for, and whether it insists on them. */
const kindsOf = (sentence: string) => {
  const { conditions } = criteriaOf(parseQuery(sentence));
  return {
    kinds: conditions.company_types ?? (conditions.company_type ? [conditions.company_type] : []),
    only: conditions.company_type_only === true,
  };
};

describe('"only" insists on a kind of company (issue 32, item 3)', () => {
  it.each([
    ['only importers of LED panels in Germany', ['importer']],
    ['LED panel importers only in Germany', ['importer']],
    ['just distributors of led panels in france', ['distributor']],
    ['只要进口商，德国的LED面板', ['importer']],
    ['只找德国的LED面板经销商', ['distributor']],
    ['仅限进口商或批发商，德国LED面板', ['importer', 'wholesaler']],
  ])('%s', (sentence, kinds) => {
    expect(kindsOf(sentence)).toEqual({ kinds, only: true });
  });

  it.each([
    ['LED panel importers in Germany', ['importer']],
    ['德国的LED面板经销商', ['distributor']],
    // "only" of the user's own business, or before a comma: nothing insisted on.
    ['we only sell LEDs to importers in Germany', ['importer']],
    ['we only make LED panels, looking for importers in Germany', ['importer']],
    ['我们只做LED面板，找德国进口商', ['importer']],
  ])('%s: no', (sentence, kinds) => {
    expect(kindsOf(sentence)).toEqual({ kinds, only: false });
  });

  it('"not only" and "just" after the kind word insist on nothing; "only" after it does', () => {
    const at = (sentence: string, word: string) => {
      const start = sentence.indexOf(word);
      return kindInsisted(sentence, start, start + word.length);
    };
    expect(at('not only importers but wholesalers too', 'importers')).toBe(false);
    expect(at('importers only', 'importers')).toBe(true);
    expect(at('importers just like us', 'importers')).toBe(false);
    expect(at('进口商就够了', '进口商')).toBe(true);
  });

  it('is said in the chip and in what is searched for', () => {
    expect(describeUnderstood(parseQuery('only LED panel importers in Germany'), 'en')).toBe(
      'Looking for buyers of LED panel lights in Germany (only importers)',
    );
    expect(describeUnderstood(parseQuery('只要德国的LED面板进口商'), 'zh')).toBe(
      '正在查找：德国的LED面板灯买家（只要进口商）',
    );
  });

  it('holds through edited chips and a follow-up that names another place; a kind named again without it drops it', () => {
    const only = parseQuery('only LED panel importers in Germany');
    expect(fromCriteria(criteriaOf(only), 'en').conditions).toEqual({
      companyType: 'importer',
      companyTypeOnly: true,
    });
    const france = refineUnderstood(only, parseQuery('what about France'), 'what about France');
    expect(france.conditions).toEqual({ companyType: 'importer', companyTypeOnly: true });
    const wholesalers = refineUnderstood(only, parseQuery('wholesalers instead'), 'wholesalers instead');
    expect(wholesalers.conditions).toEqual({ companyType: 'wholesaler' });
    const dropped = refineUnderstood(only, parseQuery('不要进口商了'), '不要进口商了');
    expect(dropped.conditions).toEqual({});
  });
});

describe('what a kind of company means to the search (kinds.ts)', () => {
  it('importers, distributors and wholesalers rank the other resellers after them; importers by records too', () => {
    expect(kindMatch(parseQuery('LED panel importers in Germany'))).toEqual({
      fit: ['importer'],
      byRecords: true,
      among: ['importer', 'distributor', 'wholesaler', 'retailer'],
    });
    expect(kindMatch(parseQuery('德国的LED面板经销商'))).toEqual({
      fit: ['distributor'],
      byRecords: false,
      among: ['importer', 'distributor', 'wholesaler', 'retailer'],
    });
  });

  it('insisted on, or a kind of business that is not a way into a market, they filter', () => {
    expect(kindMatch(parseQuery('only LED panel importers in Germany'))).toEqual({
      fit: ['importer'],
      byRecords: true,
      among: null,
    });
    expect(kindMatch(parseQuery('LED panel retailers in France'))?.among).toBeNull();
    expect(kindMatch(parseQuery('LED panel manufacturers in Germany'))?.among).toBeNull();
    expect(kindMatch(parseQuery('LED panel buyers in Germany'))).toBeNull();
  });

  it('a kind the sentence leaves out is not among those ranked after', () => {
    expect(kindMatch(parseQuery('LED panel importers in Germany, no retailers'))?.among).toEqual([
      'importer',
      'distributor',
      'wholesaler',
    ]);
  });

  it('suppliers are never importers by records', () => {
    const asked = fromCriteria(
      { ...criteriaOf(parseQuery('LED panel importers in Germany')), role: 'supplier' },
      'en',
    );
    expect(kindMatch(asked)).toEqual({ fit: ['importer'], byRecords: false, among: null });
  });

  it("says how a lead meets the kinds: its own kind, its records, or another reseller's", () => {
    const importers = kindMatch(parseQuery('LED panel importers in Germany'));
    expect(kindFit(importers, 'importer', false)).toBe('listed');
    expect(kindFit(importers, 'distributor', true)).toBe('records');
    expect(kindFit(importers, 'wholesaler', false)).toBe('reseller');
    expect(kindFit(kindMatch(parseQuery('德国的LED面板经销商')), 'importer', true)).toBe('reseller');
    expect(kindFit(null, 'importer', true)).toBeNull();
  });
});

describe('the answer says which leads are of another kind than asked', () => {
  const facts = {
    understood: parseQuery('LED panel distributors in Germany'),
    askProduct: false,
    noData: false,
    count: 10,
    byCountry: [{ code: 'DE', name: 'Germany', count: 10 }],
    more: false,
    left: null,
  };

  it('how many are of the kind asked, and what the others are', () => {
    expect(summaryText({ ...facts, otherKinds: ['wholesaler', 'importer', 'wholesaler'] }, 'en')).toBe(
      'Found 10 companies: 7 are distributors and come first; the other 3 resell it as wholesalers or importers, not the kind asked. Say “only distributors” to leave those out.',
    );
    expect(summaryText({ ...facts, otherKinds: ['wholesaler'] }, 'zh')).toBe(
      '找到 10 家公司：9 家是经销商，排在前面；另外 1 家是转售该产品的批发商，不是所要的类型。说“只要经销商”可以排除它们。',
    );
  });

  it('when none is of the kind asked, says so first', () => {
    expect(summaryText({ ...facts, count: 2, otherKinds: ['retailer', 'retailer'] }, 'en')).toBe(
      'None of the companies found are distributors: these 2 resell it as retailers, not the kind asked. Say “only distributors” to leave those out.',
    );
  });

  it('every lead of the kind asked: the usual answer', () => {
    expect(summaryText({ ...facts, otherKinds: [] }, 'en')).toBe(
      'Found 10 companies that match everything asked.',
    );
  });
});
