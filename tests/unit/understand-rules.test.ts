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

  it('takes the goods the companies are said to buy or sell over those that only say which companies', () => {
    const buy = read('garment factories in Vietnam that buy polyester fabric');
    expect(buy.products).toEqual(['polyester-fabrics']);
    expect(buy.role).toBe('buyer');
    expect(read('找巴基斯坦的纺织厂，买我们的染料').products).toEqual(['pigments']);
  });

  it("takes a factory's own goods when the user says they are that factory", () => {
    expect(read('我们是佛山的瓷砖工厂，想找越南的建材店').products).toEqual(['ceramic-tiles']);
  });

  it('reads no capitalized name inside a sentence as goods through a spelling correction', () => {
    expect(read('we sell to Walmart already, need furniture importers in Canada').products).toEqual([
      'furniture',
    ]);
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

  it('lets words that only say the role decide it over kinds of company', () => {
    expect(read('找菲律宾的冷冻金枪鱼买家，罐头工厂为主').role).toBe('buyer');
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

  it('reads a size said on its own at the end of a clause', () => {
    expect(read('找德国的灯具进口商，中型的').conditions.employees).toEqual({ min: 51, max: 200 });
    expect(read('tyre importers in Chile, biggest ones only').conditions.employees).toEqual({ min: 201 });
    expect(read('cable distributors in Peru, mid-sized').conditions.employees).toEqual({ min: 51, max: 200 });
    expect(read('mid-sized hardware chains in Canada').conditions.employees).toEqual({ min: 51, max: 200 });
  });

  it('reads contacts named in English inside a Chinese sentence', () => {
    expect(read('找加纳的家具买家，要有email和phone').conditions).toMatchObject({ email: true, phone: true });
  });

  it('reads a size not wanted as the other side of it', () => {
    const u = read('找欧洲的手机配件卖家，千人以上的不要');
    expect(u.conditions.employees).toEqual({ max: 999 });
  });

  it('leaves out markets where the user already has agents or stopped selling', () => {
    expect(read('沙特都有代理了，想找波兰的卫浴进口商').countries).toEqual(['PL']);
    expect(read('美国因为关税停了，想找墨西哥的卫浴进口商').countries).toEqual(['MX']);
    expect(
      read("We've been exporting tiles to the US for years, now looking for distributors in Canada")
        .countries,
    ).toEqual(['CA']);
  });

  it('reads the Baltic states as a region', () => {
    expect(read('Baltic states importers of furniture').countries.sort()).toEqual(['EE', 'LT', 'LV']);
  });
});

describe('places left out, replaced and narrowed', () => {
  it('a country left out does not narrow its region to itself', () => {
    const u = read('找东南亚的家具进口商，泰国不要，泰国关税太高');
    expect(u.countries).not.toContain('TH');
    expect(u.countries).toContain('VN');
  });

  it('places before a word that puts others in their place are left out', () => {
    expect(read('日本汇率太差了，换成韩国和新加坡的茶叶进口商').countries).toEqual(['KR', 'SG']);
    expect(read('Poland was slow for us, switch to Czechia and Slovakia tile importers').countries).toEqual([
      'CZ',
      'SK',
    ]);
    // Without a place after it, the word replaces nothing.
    expect(read('找德国的交换机买家').countries).toEqual(['DE']);
  });

  it('"excluded" before a reason still leaves the country out', () => {
    const u = read('EU importers of olive oil, Spain excluded because prices there are low');
    expect(u.countries).not.toContain('ES');
    expect(u.countries).toContain('FR');
  });

  it('a market "not opened yet" is asked, not the user’s own', () => {
    expect(read('中东一直没做起来，想找中东的灯具经销商').countries).toContain('SA');
  });
});

describe('who buys what the user sells', () => {
  it('factories that buy our goods are buyers', () => {
    expect(read('找土耳其的家具厂，买我们的五金件')).toMatchObject({ role: 'buyer', countries: ['TR'] });
    expect(read('shoe factories in Indonesia buying our leather')).toMatchObject({ role: 'buyer' });
  });
});

describe('more words read as data', () => {
  it('a country with a doubled letter moved is corrected', () => {
    expect(read('olive oil importers in Moroco and Phillipines').countries).toEqual(['MA', 'PH']);
    expect(read('furniture buyers in Marocco').countries).toEqual(['MA']);
  });

  it('siblings under one product written together are a list, a part and its use are not', () => {
    expect(read('找日本的帐篷睡袋进口商').products).toEqual(['tents', 'sleeping-bags']);
    expect(read('找日本的水果包装纸箱买家').products).not.toContain('fruits');
  });

  it('a size said alone in a follow-up, also with "only" before "the"', () => {
    expect(read('only the largest ones').conditions.employees).toEqual({ min: 201 });
    expect(read('small ones only').conditions.employees).toEqual({ max: 50 });
  });

  it('"who makes" asks for manufacturers; "批发" at a clause end asks for wholesalers', () => {
    expect(read('who makes ceramic mugs in Portugal').conditions.companyType).toBe('manufacturer');
    expect(read('找法国的红酒批发，要有电话').conditions.companyType).toBe('wholesaler');
    expect(read('找义乌批发市场的饰品工厂').conditions.companyType).toBe('manufacturer');
  });

  it('dropshipping sellers are online sellers, who buy', () => {
    expect(read('dropshipping sellers of phone cases in Australia')).toMatchObject({
      role: 'buyer',
      conditions: { companyType: 'retailer' },
    });
  });

  it('"亚洲超市" is a kind of shop, not Asia', () => {
    expect(read('找澳洲的亚洲超市，卖米粉的').countries).toEqual(['AU']);
  });

  it('"不限规模" takes the size out', () => {
    expect(read('不限规模').excluded?.conditions).toEqual(['employees']);
  });
});

describe('the user’s own goods and the goods asked of buyers', () => {
  it('goods asked of buyers outright are searched, not the user’s own', () => {
    expect(read('We are a cotton spinning mill. Find bedsheet buyers in Canada').products).toEqual([
      'bed-sheets',
    ]);
    expect(read('我们做塑料袋的，找英国的服装买家').products).toEqual(['apparel']);
  });

  it('goods that only say which companies still give way to the user’s', () => {
    expect(read('我们卖拉链，找越南的服装厂').products).toEqual(['zippers']);
  });
});

describe('channels and shops as Taiwan writes them', () => {
  it('通路 alone is any channel that buys; 通路商 a distributor; 食品行 and 杂货店 are shops', () => {
    expect(read('找马来西亚的零食通路，食品行或杂货店都行').conditions).toEqual({ companyType: 'retailer' });
    expect(read('找马来西亚的零食通路').conditions).toEqual({});
    expect(read('找日本的音响通路商').conditions).toEqual({ companyType: 'distributor' });
  });
});

describe('goods named by the brand they fit', () => {
  it('a car brand with a word for parts or accessories names them, and is no word left unread', () => {
    const parts = read('BMW spare parts importers in Poland');
    expect(parts.products).toEqual(['auto-parts']);
    expect(parts.unknown).toEqual([]);
    expect(read('找迪拜的路虎配件批发商').products).toEqual(['auto-parts']);
    expect(read('Volvo accessories online shops in Finland').products).toEqual(['car-accessories']);
  });

  it('goods named besides win, and a brand alone names nothing', () => {
    expect(read('找德国的宝马脚垫买家').products).toEqual(['car-floor-mats']);
    expect(read('Toyota dealers in Kenya').products).toEqual([]);
  });
});

describe('a clause that says more of the one before', () => {
  it('"主要是…" after the user’s own markets is about those markets; after an ask it asks', () => {
    expect(read('目前东南亚卖得不错，主要是泰越马，想找中东的瓷砖经销商').countries).not.toContain('TH');
    expect(read('找欧洲的灯具买家，主要是德国和法国').countries).toEqual(['DE', 'FR']);
  });
});

describe('goods sourced by their origin', () => {
  it('a supplier search with no market named looks where goods named by their origin come from', () => {
    const cashews = read('我们想采购越南腰果，找几家出口商');
    expect(cashews.role).toBe('supplier');
    expect(cashews.countries).toEqual(['VN']);
    expect(read('要采购土耳其地毯，找当地的工厂').countries).toEqual(['TR']);
  });

  it('a market named, a buyer search, or a name that only sounds like a place keeps it out', () => {
    expect(read('越南腰果供应商，要在柬埔寨的').countries).toEqual(['KH']);
    expect(read('越南腰果的买家').countries).toEqual([]);
    expect(read('荷兰豆的供应商').countries).toEqual([]);
  });
});

describe('places and cues written as English speakers do', () => {
  it('"African" is Africa; "Scottish" and "Welsh" are the United Kingdom', () => {
    expect(read('African distributors of solar lanterns').regions).toEqual(['africa']);
    expect(read('Welsh importers of garden furniture').countries).toEqual(['GB']);
    expect(read('Scottish buyers of whisky barrels').countries).toEqual(['GB']);
  });

  it('"leave out" and "rule out" leave a country out of a region', () => {
    const u = read('West Africa rice importers, leave out Ghana');
    expect(u.countries).toContain('NG');
    expect(u.countries).not.toContain('GH');
    expect(read('Nordic furniture buyers, rule out Iceland').countries).not.toContain('IS');
  });

  it('"要采购" asks for suppliers', () => {
    expect(read('我要采购不锈钢餐具').role).toBe('supplier');
  });
});

describe('HS codes inside a sentence', () => {
  it('reads a code written in capitals after other words, in English and Chinese', () => {
    const en = understand('please find HS 940511 importers in Spain');
    expect(en.codes).toEqual(['940511']);
    expect(en.countries).toEqual(['ES']);
    const zh = understand('请帮我找HS编码690721的西班牙买家');
    expect(zh.products.map((p) => p.id)).toEqual(['ceramic-tiles']);
    expect(zh.countries).toEqual(['ES']);
  });
});

describe('goods written with the wrong characters of the same sound', () => {
  it('reads a slip that starts with a word jieba keeps whole (洗衣|鸡, 挖掘|鸡)', () => {
    const washers = read('找秘鲁的洗衣鸡经销商');
    expect(washers.products).toEqual(['washing-machines']);
    expect(washers.corrected).toEqual([{ written: '洗衣鸡', kind: 'product', id: 'washing-machines' }]);
    expect(read('找越南的挖掘鸡代理商').products).toEqual(['excavators']);
  });
});

describe('the user importing', () => {
  it('"我们想进口…" and "we want to import …" ask for suppliers of no kind', () => {
    const zh = read('我们想进口智利的车厘子，帮我找出口商');
    expect(zh.role).toBe('supplier');
    expect(zh.conditions.companyType).toBeUndefined();
    const en = read('we need to import frozen squid, find exporters in Peru');
    expect(en.role).toBe('supplier');
    expect(en.conditions.companyType).toBeUndefined();
    expect(read('我们要进口一批实木地板').role).toBe('supplier');
  });

  it('importers asked for stay importers', () => {
    expect(read('巴西的轮胎买家，只要进口商').conditions).toMatchObject({
      companyType: 'importer',
      companyTypeOnly: true,
    });
    expect(read('companies who import tyres in Brazil').conditions.companyType).toBe('importer');
    const wanting = read('find German companies looking to import LED panels');
    expect(wanting.role).toBe('buyer');
    expect(wanting.conditions.companyType).toBe('importer');
  });
});

describe('a size not wanted, said after it', () => {
  it('"…别给我了" leaves a size out, and asks for the other side of it', () => {
    expect(read('找法国的红酒进口商，二十人以下的别给我了').conditions.employees).toEqual({ min: 21 });
  });
});

describe('regions of a country and a contact said as a must', () => {
  it('reads German, Spanish, Italian, French and British regions and cities as their country', () => {
    expect(read('furniture importers in Bavaria').countries).toEqual(['DE']);
    expect(read('找巴伐利亚的五金经销商').countries).toEqual(['DE']);
    expect(read('olive oil buyers in Catalonia').countries).toEqual(['ES']);
    expect(read('wine distributors in Lombardy').countries).toEqual(['IT']);
    expect(read('cheese importers in Brittany').countries).toEqual(['FR']);
    expect(read('tea buyers in Edinburgh').countries).toEqual(['GB']);
  });

  it('"中南美洲" is Latin America, narrowed by its own countries named after it', () => {
    expect(read('想开发中南美洲，先找巴拿马和哥斯达黎加的音响经销商').countries).toEqual(['PA', 'CR']);
    expect(read('中南美洲的轮胎买家').regions).toEqual(['latin_america']);
  });

  it('"email is a must", "phone numbers are required" ask for that contact', () => {
    expect(read('rice importers in Ghana, email is a must').conditions.email).toBe(true);
    expect(read('phone numbers are required, tile buyers in Chile').conditions.phone).toBe(true);
  });
});

describe('factories said to buy', () => {
  it('"买…的工厂" and "工厂买…" are factories that buy the goods; "我们买…" is the user', () => {
    expect(read('找柬埔寨买纽扣的制衣厂')).toMatchObject({ role: 'buyer', products: ['buttons'] });
    expect(read('鞋厂买鞋底的，越南和印尼').role).toBe('buyer');
    expect(read('我们买纽扣，找纽扣厂').role).toBe('supplier');
    expect(read('我买纽扣，找纽扣厂').role).toBe('supplier');
  });
});
