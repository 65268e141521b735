import { describe, expect, it } from 'vitest';
import { understand } from '../../server/search/understand.ts';

/**
 * The reader's general rules (server/search/understand.ts), each on sentences written here for it,
 * none taken from the blind sets (tests/corpus/): each test fails when its rule is taken out.
 */
const read = (sentence: string) => {
  const u = understand(sentence);
  return { ...u, products: u.products.map((p) => p.id) };
};

describe('which goods are asked', () => {
  it('of a broader and a narrower product named, takes the narrower', () => {
    expect(read('找法国的海鲜进口商，主要是冷冻虾').products).toEqual(['frozen-shrimp']);
    expect(read('seafood importers in Spain, mainly frozen shrimp').products).toEqual(['frozen-shrimp']);
  });

  it('takes what the user sells over goods that only say which companies to find', () => {
    const zh = read('我们卖拉链，找孟加拉的服装厂');
    expect(zh.products).toEqual(['zippers']);
    expect(zh.role).toBe('buyer');
    expect(zh.conditions.companyType).toBe('manufacturer');
    const en = read('we sell zippers, find garment factories in Cambodia');
    expect(en.products).toEqual(['zippers']);
    expect(en.role).toBe('buyer');
    expect(en.countries).toEqual(['KH']);
  });

  it('reads a clause after the one that says who the user is as the user speaking', () => {
    const u = read('我们工厂在宁波，做注塑机的，想找泰国的注塑厂');
    expect(u.products).toEqual(['injection-molding-machines']);
    expect(u.countries).toEqual(['TH']);
    expect(u.role).toBe('buyer');
  });

  it('keeps the goods of companies asked for when the user says nothing of their own', () => {
    expect(read('找西班牙的橄榄油品牌商').products).toEqual(['olive-oil']);
  });
});

describe('who is asked', () => {
  it('asks for suppliers where the user says they want to buy', () => {
    expect(read('土耳其的毛巾工厂，我们想采购').role).toBe('supplier');
    expect(read('towel factories in Turkey, we want to buy').role).toBe('supplier');
  });

  it('keeps buyers where the purchasing manager is asked for', () => {
    expect(read('英国的玩具进口商，需要采购负责人的邮箱').role).toBe('buyer');
  });

  it('reads more words for kinds of company', () => {
    const kind = (sentence: string) => read(sentence).conditions.companyType;
    expect(kind('找迪拜的太阳能安装商')).toBe('contractor');
    expect(kind('找广州的服装档口')).toBe('wholesaler');
    expect(kind('找美国的五金店')).toBe('retailer');
    expect(kind('找埃及的家电渠道')).toBe('distributor');
    expect(kind('solar installers in Kenya')).toBe('contractor');
    expect(kind('furniture stockists in Ireland')).toBe('retailer');
  });
});

describe('places written with the wrong characters or run together', () => {
  it('reads a longer sound-alike over the place name inside it, and particles in three characters', () => {
    expect(read('找印度尼西压的咖啡买家').countries).toEqual(['ID']);
    expect(read('找比利是的巧克力进口商').countries).toEqual(['BE']);
  });

  it('reads a sound-alike after 找 and by each character’s own reading', () => {
    expect(read('找奥大利亚买瓷砖的').countries).toEqual(['AU']);
    expect(read('找秘露的咖啡买家').countries).toEqual(['PE']);
  });

  it('reads three countries run together at the end of a clause', () => {
    expect(read('英法德，找家具进口商').countries.sort()).toEqual(['DE', 'FR', 'GB']);
  });
});

describe('goods written with the wrong characters', () => {
  it('reads a product by its sound, and tells it', () => {
    const u = read('找法国的窗连批发商');
    expect(u.products).toEqual(['curtains']);
    expect(u.corrected).toContainEqual({ written: '窗连', kind: 'product', id: 'curtains' });
  });

  it('reads no product across a word (批发|市场 holds no 发饰)', () => {
    expect(read('找迪拜批发市场里的灯具买家').products).toEqual(['lighting']);
  });
});

describe('sizes and the user’s own markets', () => {
  it('reads rough headcounts in Chinese', () => {
    expect(read('找德国的灯具进口商，一两百人的').conditions.employees).toEqual({ min: 100, max: 200 });
    expect(read('找美国的家具连锁，几千人那种').conditions.employees).toEqual({ min: 1000 });
  });

  it('reads a size not wanted as the other side of it', () => {
    const u = read('找欧洲的手机配件卖家，千人以上的不要');
    expect(u.conditions.employees).toEqual({ max: 999 });
  });

  it('leaves out markets where the user already has agents or stopped selling', () => {
    expect(read('沙特都有代理了，想找波兰的卫浴进口商').countries).toEqual(['PL']);
    expect(read('美国因为关税停了，想找墨西哥的卫浴进口商').countries).toEqual(['MX']);
  });
});
