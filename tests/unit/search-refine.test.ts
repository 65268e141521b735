import { describe, expect, it } from 'vitest';
import { rangesWithin } from '../../server/search/conditions.ts';
import { criteriaOf, describeUnderstood, summaryText } from '../../server/search/describe.ts';
import { fromCriteria, refineUnderstood, unknownInCriteria } from '../../server/search/criteria.ts';
import { parseQuery } from '../../server/search/parse.ts';

/** A follow-up sentence read against the answer before it, as the chat does. */
const followUp = (first: string, next: string) =>
  criteriaOf(refineUnderstood(parseQuery(first), parseQuery(next), next));

describe('follow-ups refine the previous search (issue 13, point 3)', () => {
  it('"换成法国的" changes the countries and keeps the product and role', () => {
    expect(followUp('帮我找德国的LED面板买家', '换成法国的')).toMatchObject({
      role: 'buyer',
      countries: ['FR'],
      products: ['led-panel-lights'],
    });
  });

  it('"what about Spain and Italy" names two countries that replace the old one', () => {
    expect(followUp('LED panel buyers in Germany', 'what about Spain and Italy?').countries).toEqual([
      'ES',
      'IT',
    ]);
  });

  it('"also France" / "加上法国" adds a country instead of replacing', () => {
    expect(followUp('LED panel buyers in Germany', 'also France').countries).toEqual(['DE', 'FR']);
    expect(followUp('帮我找德国的LED面板买家', '加上法国').countries).toEqual(['DE', 'FR']);
  });

  it('"only importers" and "要有电话" add conditions and keep everything else', () => {
    const importers = followUp('LED panel buyers in Germany', 'only importers');
    expect(importers).toMatchObject({ countries: ['DE'], products: ['led-panel-lights'] });
    expect(importers.conditions).toEqual({ company_type: 'importer', company_type_only: true });
    const phone = followUp('帮我找德国的LED面板买家', '要有电话的');
    expect(phone.conditions).toEqual({ phone: true });
    expect(phone.countries).toEqual(['DE']);
  });

  it('a new product keeps the countries; "suppliers" switches the role', () => {
    expect(followUp('LED panel buyers in Germany', 'solar inverters too')).toMatchObject({
      countries: ['DE'],
      products: ['led-panel-lights', 'solar-inverters'],
    });
    expect(followUp('LED panel buyers in Germany', 'solar inverters instead')).toMatchObject({
      countries: ['DE'],
      products: ['solar-inverters'],
    });
    expect(followUp('帮我找德国的LED面板买家', '找供应商').role).toBe('supplier');
  });

  it('"more", "再来一些" keep the whole search and ask for more', () => {
    for (const more of ['more', 'show me more', '再来一些', '更多']) {
      const refined = refineUnderstood(parseQuery('LED panel buyers in Germany'), parseQuery(more), more);
      expect(refined.more, more).toBe(true);
      expect(criteriaOf(refined)).toEqual(criteriaOf(parseQuery('LED panel buyers in Germany')));
    }
  });
});

describe('edited chips (criteria)', () => {
  it('a region chip stays while all of its countries are asked, and goes when one is removed', () => {
    const gcc = criteriaOf(parseQuery('LED light buyers in the GCC'));
    expect(gcc.regions).toEqual(['gcc']);
    expect(fromCriteria(gcc, 'en').regions).toEqual(['gcc']);
    const without = fromCriteria({ ...gcc, countries: gcc.countries.filter((c) => c !== 'OM') }, 'en');
    expect(without.regions).toEqual([]);
    expect(describeUnderstood(without, 'en')).not.toContain('GCC');
  });

  it('names what does not exist', () => {
    const base = criteriaOf(parseQuery('LED panel buyers in Germany'));
    expect(unknownInCriteria(base)).toBeNull();
    expect(unknownInCriteria({ ...base, products: ['unobtainium'] })).toBe('criteria.products');
    expect(unknownInCriteria({ ...base, countries: ['XX'] })).toBe('criteria.countries');
    expect(unknownInCriteria({ ...base, regions: ['atlantis'] })).toBe('criteria.regions');
  });
});

describe('company size: a recorded range counts only when it lies wholly inside what was asked', () => {
  it.each([
    [{ min: 200 }, ['201-500', '501-1000', '1000+']],
    [{ min: 51 }, ['51-200', '201-500', '501-1000', '1000+']],
    [{ min: 50 }, ['51-200', '201-500', '501-1000', '1000+']],
    [{ max: 19 }, ['1-10']],
    [{ max: 50 }, ['1-10', '11-50']],
    [{ min: 50, max: 200 }, ['51-200']],
    [{ min: 300, max: 400 }, []],
  ])('%j → %j', (bounds, ranges) => {
    expect(rangesWithin(bounds)).toEqual(ranges);
  });
});

describe('the summary says what was found per country, in the page language', () => {
  const understood = parseQuery('阿联酋和沙特的LED灯具买家');
  const facts = {
    understood,
    askProduct: false,
    noData: false,
    count: 4,
    byCountry: [
      { code: 'AE', name: 'United Arab Emirates', count: 4 },
      { code: 'SA', name: 'Saudi Arabia', count: 0 },
    ],
    more: false,
    left: 1,
  };

  it('names every asked country with its count, zero included', () => {
    expect(summaryText(facts, 'en')).toBe(
      'Found 4 companies that match everything asked: United Arab Emirates 4, Saudi Arabia 0. 1 free search left today (resets at 00:00 UTC).',
    );
  });

  it('for a region, names only the countries with leads and counts the others together', () => {
    const region = parseQuery('LED light buyers in the GCC');
    const text = summaryText(
      {
        ...facts,
        understood: region,
        byCountry: region.countries.map((code, i) => ({ code, name: code, count: i === 0 ? 2 : 0 })),
        count: 2,
        left: null,
      },
      'zh',
    );
    expect(text).toBe(`找到 2 家符合全部条件的公司：${region.countries[0]} 2 家、其余 5 个国家 0 家。`);
  });

  it('tells what was corrected and what was not understood', () => {
    const typo = parseQuery('LED panel buyers in Germnay, blorptastic please');
    expect(summaryText({ ...facts, understood: typo, byCountry: [], left: 3 }, 'en')).toContain(
      'Read “Germnay” as “Germany”. Not understood and left out: blorptastic.',
    );
  });
});

describe('a broader set is said to be no match (issue 32)', () => {
  const asked = parseQuery('titanium dioxide suppliers in India');
  const [broader] = parseQuery('industrial chemicals').products;
  const facts = {
    understood: asked,
    askProduct: false,
    noData: true,
    broader: [broader!],
    count: 3,
    byCountry: [{ code: 'IN', name: 'India', count: 3 }],
    more: true,
    left: null,
  };

  it('says first that nothing deals in the product, then what is shown instead, and that more exist', () => {
    expect(summaryText(facts, 'en')).toBe(
      'Our data has no companies carrying titanium dioxide yet. Shown instead: 3 carrying the broader “industrial chemicals”, which are not a match for what was asked. There are more: choose “Show more”.',
    );
  });

  it('with nothing of the broader set found says only that the product has no companies', () => {
    expect(summaryText({ ...facts, count: 0, more: false }, 'zh')).toBe(
      '我们的数据里还没有经营 钛白粉 的公司。本次没有找到结果，不计入今日搜索次数。',
    );
  });

  it('on "show more" after the whole broader set was shown says there are no more', () => {
    const more = { ...facts, understood: { ...asked, more: true }, count: 0, more: false };
    expect(summaryText(more, 'en')).toBe(
      'Every matching company has been shown in this conversation; there are no more. Nothing was found, so this search did not count.',
    );
  });
});

describe('what was understood, said as a sentence (issue 16: "Solar inverters buyers in United States")', () => {
  it.each([
    [
      'LED light buyers in the UAE and Saudi Arabia',
      'Looking for buyers of LED lights in the United Arab Emirates and Saudi Arabia',
    ],
    [
      'solar inverter importers in the US',
      'Looking for buyers of solar inverters in the United States (importers)',
    ],
    [
      'LED light buyers in the GCC with phone numbers',
      'Looking for buyers of LED lights in the GCC (with a phone number)',
    ],
    [
      'LED panel suppliers in Germany, Spain and the Netherlands',
      'Looking for suppliers of LED panel lights in Germany, Spain and the Netherlands',
    ],
  ])('%s → %s', (sentence, said) => {
    expect(describeUnderstood(parseQuery(sentence), 'en')).toBe(said);
  });

  it('says it in Chinese on a Chinese page', () => {
    expect(describeUnderstood(parseQuery('阿联酋和沙特的LED灯具买家，要有电话'), 'zh')).toBe(
      '正在查找：阿联酋、沙特阿拉伯的LED灯买家（有电话）',
    );
  });
});

describe('what a follow-up does not want leaves the search', () => {
  it('"不要德国了，看看法国" / "forget Germany, try Austria" replace the country instead of adding to it', () => {
    expect(followUp('帮我找德国的LED面板买家', '不要德国了，看看法国').countries).toEqual(['FR']);
    expect(followUp('LED panel buyers in Germany', 'forget Germany, try Austria').countries).toEqual(['AT']);
    expect(followUp('LED panel buyers in Germany and France', 'not France').countries).toEqual(['DE']);
  });

  it('a region loses its name once one of its countries leaves, and keeps it otherwise', () => {
    const gcc = followUp('LED buyers in the GCC', 'not Qatar');
    expect(gcc.countries).toEqual(['AE', 'SA', 'KW', 'BH', 'OM']);
    expect(gcc.regions).toEqual([]);
    expect(followUp('LED buyers in the GCC', 'no importers').regions).toEqual(['gcc']);
  });

  it('"remove the email filter" drops the condition and never reads "filter" as a product', () => {
    expect(followUp('LED panel buyers in Germany with email', 'remove the email filter')).toMatchObject({
      products: ['led-panel-lights'],
      conditions: {},
    });
    expect(followUp('德国LED面板买家，要有电话', '去掉电话的要求').conditions).toEqual({});
    expect(followUp('德国200人以上的LED买家', '不要人数限制了').conditions).toEqual({});
  });

  it('"不要零售商" drops retailers when they were asked, and never asks for them', () => {
    expect(followUp('德国的LED面板零售商', '不要零售商').conditions).toEqual({});
    expect(followUp('帮我找德国的LED面板买家', '不要零售商').conditions).toEqual({});
    expect(followUp('LED panel retailers in Germany', 'no retailers, importers instead').conditions).toEqual({
      company_type: 'importer',
    });
  });

  it('a kind it cannot leave out is told, not silently ignored', () => {
    const next = parseQuery('不要零售商');
    expect(refineUnderstood(parseQuery('帮我找德国的LED面板买家'), next, '不要零售商').unknown).toEqual([
      '零售商',
    ]);
    expect(refineUnderstood(parseQuery('德国的LED面板零售商'), next, '不要零售商').unknown).toEqual([]);
    // Importers only: retailers are out already.
    expect(refineUnderstood(parseQuery('德国的LED进口商'), next, '不要零售商').unknown).toEqual([]);
    // Retailers dropped, brands never asked: only 品牌商 is told.
    const two = parseQuery('不要零售商和品牌商');
    expect(refineUnderstood(parseQuery('德国的LED面板零售商'), two, '不要零售商和品牌商')).toMatchObject({
      conditions: {},
      unknown: ['品牌商'],
    });
  });

  it('"除了德国，还要意大利" and "No, I meant France" are no exclusions', () => {
    expect(followUp('德国和法国的LED面板买家', '除了德国，还要意大利').countries).toEqual(['DE', 'FR', 'IT']);
    expect(followUp('LED panel buyers in Germany', 'No, I meant France').countries).toEqual(['FR']);
    expect(followUp('LED buyers in Germany', 'no more than 50 employees').conditions).toEqual({
      employees: { max: 50 },
    });
  });
});

describe('follow-ups that add, replace or take the rest (issue 31)', () => {
  it('"…的也看看", "…也可以" and a follow-up starting with "and" add', () => {
    expect(followUp('帮我找德国的LED面板买家', '奥地利的也看看').countries).toEqual(['DE', 'AT']);
    expect(followUp('LED panel buyers in Germany', 'and Austria, Switzerland').countries).toEqual([
      'DE',
      'AT',
      'CH',
    ]);
    expect(followUp('帮我找德国的LED面板进口商', '批发商也可以').conditions).toEqual({
      company_type: 'importer',
      company_types: ['importer', 'wholesaler'],
    });
  });

  it('"加拿大…" at the start is a place, not "加" adding', () => {
    expect(followUp('帮我找美国的LED面板买家', '加拿大和墨西哥').countries).toEqual(['CA', 'MX']);
  });

  it('"A 太难做了，换成 B" replaces A', () => {
    expect(followUp('帮我找德国的LED面板买家', '德国竞争太激烈，换成波兰').countries).toEqual(['PL']);
  });

  it('"换成欧洲其他国家" is the region without the countries searched before', () => {
    const rest = followUp('帮我找德国的LED面板买家', '换成欧洲其他国家');
    expect(rest.countries).not.toContain('DE');
    expect(rest.countries).toContain('FR');
  });

  it('"邮箱不要求了" drops the email condition', () => {
    expect(followUp('帮我找德国的LED面板买家，要有邮箱', '邮箱不要求了').conditions).toEqual({});
  });
});

describe('follow-ups that add, leave out or free a size, as salespeople write them', () => {
  it('"…加进来" and "…也加上" add a country', () => {
    expect(followUp('找美国的电动工具零售商', '墨西哥加进来').countries).toEqual(['US', 'MX']);
    expect(followUp('找美国的电动工具零售商', '墨西哥也加').countries).toEqual(['US', 'MX']);
  });

  it('"…也去掉吧" and "…排除掉" at the end of a clause leave a country out', () => {
    expect(followUp('找沙特、阿联酋、卡塔尔的钢结构工程商', '卡塔尔也去掉吧').countries).toEqual([
      'SA',
      'AE',
    ]);
    expect(followUp('找德国和奥地利的木门经销商', '奥地利排除掉').countries).toEqual(['DE']);
    expect(followUp('找德国和奥地利的木门经销商', '奥地利的去掉').countries).toEqual(['DE']);
  });

  it('"size doesn\'t matter", "any size", "公司大小无所谓" take the size out', () => {
    const first = 'toy wholesalers in Denmark, 20 to 100 staff';
    expect(followUp(first, "size doesn't matter").conditions.employees).toBeUndefined();
    expect(followUp(first, 'the size does not matter').conditions.employees).toBeUndefined();
    expect(followUp(first, 'any size is fine, but with email').conditions).toMatchObject({
      email: true,
    });
    expect(followUp(first, 'any size is fine, but with email').conditions.employees).toBeUndefined();
    expect(
      followUp('找丹麦的玩具批发商，二十到一百人', '公司大小无所谓').conditions.employees,
    ).toBeUndefined();
  });

  it('"要中型的" asks for mid-sized companies', () => {
    expect(followUp('找沙特的瓷砖进口商', '要中型的').conditions.employees).toEqual({ min: 51, max: 200 });
  });
});
