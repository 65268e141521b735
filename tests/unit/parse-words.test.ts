import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../server/leads/parse.ts';

/** What a sentence says beyond its place and product, as users write it (not the corpus's wording). */
describe('the words around the request', () => {
  it('asking and hedging words are not reported as left out', () => {
    const asked = parseQuery('求推荐：巴西 LED 路灯 采购商，最好有采购经理邮箱');
    expect(asked.countries).toEqual(['BR']);
    expect(asked.conditions).toMatchObject({ email: true });
    expect(asked.unknown).toEqual([]);
    expect(parseQuery('帮我看看中东那边谁在买二手挖掘机').unknown).toEqual([]);
    expect(parseQuery('找几个日本的文具代理').unknown).toEqual([]);
    expect(parseQuery("I'm looking for Turkish textile manufacturers").unknown).toEqual([]);
    expect(parseQuery('B2B buyers of PVC pipes in Kenya, ideally with email').unknown).toEqual([]);
  });

  it('a kind of company or a size said in words is read, not left out', () => {
    const agents = parseQuery('找几个日本的文具代理');
    expect(agents).toMatchObject({ role: 'buyer', roleStated: true, countries: ['JP'] });
    expect(agents.conditions.companyType).toBe('distributor');
    const large = parseQuery('中东地区规模大一点的家具进口商');
    expect(large.conditions.employees).toEqual({ min: 201 });
    expect(large.unknown).toEqual([]);
  });

  it('still tells the words it could not read', () => {
    expect(parseQuery('large supermarket chains in Saudi Arabia buying dates').unknown).toContain('dates');
    expect(parseQuery('找德国的大型家具进口商').unknown).toEqual(['大型']);
  });
});
