import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../server/search/parse.ts';

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

  it('a size before supermarkets is the size of the supermarkets', () => {
    expect(parseQuery('large supermarket chains in Saudi Arabia buying dates').conditions).toEqual({
      employees: { min: 201 },
      companyType: 'retailer',
    });
  });

  it('a kind of company or a size said in words is read, not left out', () => {
    const agents = parseQuery('找几个日本的文具代理');
    expect(agents).toMatchObject({ role: 'buyer', roleStated: true, countries: ['JP'] });
    expect(agents.conditions.companyType).toBe('distributor');
    const large = parseQuery('中东地区规模大一点的家具进口商');
    expect(large.conditions.employees).toEqual({ min: 201 });
    expect(large.unknown).toEqual([]);
  });

  it('words about the leads themselves are not left out: leads, contacts, someone, pls, top', () => {
    for (const sentence of [
      'Need B2B leads: HVAC distributors, Texas',
      'Get me contacts for baby diaper wholesalers in the Philippines',
      "looking for someone in canada who'd buy our kitchen cabinets",
      'pls find buyers 4 led strips in uk',
      'top coffee importers in Germany',
    ])
      expect(parseQuery(sentence).unknown, sentence).toEqual([]);
    // Texas is a state, not a misspelt product.
    expect(parseQuery('Need B2B leads: HVAC distributors, Texas').corrected).toEqual([]);
  });

  it('still tells the words it could not read', () => {
    expect(parseQuery('large supermarket chains in Saudi Arabia buying dates').unknown).toContain('dates');
    // A size before the goods and a kind of company is the companies' ("大型家居零售商"); before
    // 买家 it stays the goods' ("大型挖掘机买家").
    expect(parseQuery('找德国的大型家具进口商').conditions.employees).toEqual({ min: 201 });
    expect(parseQuery('大型挖掘机买家').conditions.employees).toBeUndefined();
  });
});

describe('what a sentence does not want', () => {
  it('a region but one country: "欧洲除了德国", "in Europe except Germany and France"', () => {
    const zh = parseQuery('除了德国以外的欧洲LED买家');
    expect(zh.countries).toContain('FR');
    expect(zh.countries).not.toContain('DE');
    expect(zh.regions).toEqual([]);
    expect(zh.products.map((p) => p.id)).toEqual(['led-lights']);
    // Without 以外, what is left out ends at 的: the product after it is still asked.
    const short = parseQuery('欧洲除了德国的LED买家');
    expect(short.countries).not.toContain('DE');
    expect(short.products.map((p) => p.id)).toEqual(['led-lights']);
    const en = parseQuery('LED buyers in Europe except Germany and France');
    expect(en.countries).toContain('IT');
    expect(en.countries).not.toContain('DE');
    expect(en.countries).not.toContain('FR');
  });

  it('a place or a product not wanted is not asked for', () => {
    const understood = parseQuery('不要中国的供应商，找越南的家具工厂');
    expect(understood).toMatchObject({ role: 'supplier', countries: ['VN'] });
    expect(parseQuery('不要手机壳，要手机配件的进口商').products.map((p) => p.id)).toEqual([
      'phone-accessories',
    ]);
    expect(parseQuery("LED buyers in Spain, I don't need phone numbers").conditions).toEqual({});
    expect(parseQuery('LED buyers in Germany without email').conditions).toEqual({});
  });

  it('"德国LED买家，不要零售商": the kind it cannot leave out is told as left out', () => {
    const understood = parseQuery('德国LED买家，不要零售商');
    expect(understood.conditions.companyType).toBeUndefined();
    expect(understood.unknown).toEqual(['零售商']);
    // Every kind it cannot leave out is told, not only the first.
    expect(parseQuery('德国LED买家，不要零售商和品牌商').unknown).toEqual(['零售商', '品牌商']);
    expect(parseQuery('LED buyers in Germany, no retailers, importers only')).toMatchObject({
      conditions: { companyType: 'importer' },
      unknown: [],
    });
  });
});

describe('who the user is', () => {
  it('"我们是做LED灯的工厂，想找德国的买家": the factory is the user, the product is what they sell', () => {
    const understood = parseQuery('我们是做LED灯的工厂，想找德国的买家');
    expect(understood).toMatchObject({ role: 'buyer', countries: ['DE'], conditions: {}, unknown: [] });
    expect(understood.products.map((p) => p.id)).toEqual(['led-lights']);
  });

  it('"we are a Chinese furniture factory looking for buyers in Germany": China is where the user is', () => {
    const understood = parseQuery('we are a Chinese furniture factory looking for buyers in Germany');
    expect(understood).toMatchObject({ role: 'buyer', countries: ['DE'], conditions: {}, unknown: [] });
    expect(understood.products.map((p) => p.id)).toEqual(['furniture']);
  });

  it('an importer looking for suppliers asks for suppliers, and what it asks for after stays', () => {
    expect(parseQuery("We're importers looking for Chinese suppliers of LED panels")).toMatchObject({
      role: 'supplier',
      countries: ['CN'],
      conditions: {},
      unknown: [],
    });
    expect(parseQuery('我们是中国的家具工厂，找德国进口商')).toMatchObject({
      role: 'buyer',
      countries: ['DE'],
      conditions: { companyType: 'importer' },
    });
    expect(parseQuery("I'm looking for Turkish textile manufacturers")).toMatchObject({
      role: 'supplier',
      countries: ['TR'],
      conditions: { companyType: 'manufacturer' },
    });
  });
});

describe('where the goods come from is not where the companies are', () => {
  it.each([
    ['importers of Chinese tea in Morocco', ['MA']],
    ['buyers of German beer in China', ['CN']],
    ['suppliers of Italian furniture in the US', ['US']],
    ['Show me companies in Mexico importing auto parts from China', ['MX']],
    ['US buyers sourcing furniture from Vietnam', ['US']],
    ['Germany buyers of LED from Japan', ['DE']],
    ['LED panels from China, buyers in Germany', ['DE']],
    ['French wine importers in China', ['CN']],
    ['South African wine buyers in Germany', ['DE']],
    ['Spanish and Italian olive oil importers in Japan', ['JP']],
    ['French, Italian and Spanish wine importers in China', ['CN']],
  ])('%s → %j', (sentence, countries) => {
    expect(parseQuery(sentence).countries).toEqual(countries);
  });

  it.each([
    ['摩洛哥的中国茶叶进口商', ['MA']],
    ['摩洛哥的中国产茶叶进口商', ['MA']],
    ['进口中国家具的美国公司', ['US']],
    ['从中国进口家具的美国公司', ['US']],
    ['美国的日本车配件进口商', ['US']],
    ['美国的中国和越南家具进口商', ['US']],
    ['找沙特的中国瓷砖经销商，要有电话', ['SA']],
    ['帮我找德国的买家，买中国LED的', ['DE']],
  ])('%s → %j', (sentence, countries) => {
    expect(parseQuery(sentence).countries).toEqual(countries);
  });

  it('in Chinese, places listed, said of the companies or of suppliers are all markets', () => {
    expect(parseQuery('德国和中国的LED买家').countries).toEqual(['DE', 'CN']);
    expect(parseQuery('德国法国LED买家').countries).toEqual(['DE', 'FR']);
    expect(parseQuery('找德国的买家和法国的买家').countries).toEqual(['DE', 'FR']);
    expect(parseQuery('德国的LED买家，还有法国的').countries).toEqual(['DE', 'FR']);
    // 中国茶 is one of the catalogue's names for tea: a product's name that holds a place is the
    // product's (importers of Chinese tea, anywhere).
    expect(parseQuery('中国茶叶进口商').countries).toEqual([]);
    // What kind of company "中国买家" in Morocco are is not guessed: both stay.
    expect(parseQuery('摩洛哥的中国买家').countries).toEqual(['MA', 'CN']);
    // Chinese factories that sell to Germany are in China.
    expect(parseQuery('卖到德国的中国LED灯厂家').countries).toContain('CN');
  });

  it('in English, a country named, "from" after the companies, or no word of buying keeps the place a market', () => {
    expect(parseQuery('Germany LED buyers, also in France').countries).toEqual(['DE', 'FR']);
    expect(parseQuery('buyers from Germany and France for LED').countries).toEqual(['DE', 'FR']);
    expect(parseQuery('Chinese suppliers in Germany').countries).toEqual(['CN', 'DE']);
    expect(parseQuery('LED panels from China for hotels in Dubai').countries).toEqual(['CN', 'AE']);
  });

  it('"US" before a kind of company is the country; other codes there are words', () => {
    expect(parseQuery('US buyers of LED panels, and Canada').countries).toEqual(['US', 'CA']);
    expect(parseQuery('IT companies in Germany buying laptops').countries).toEqual(['DE']);
    expect(parseQuery('AI companies in Germany buying GPUs').countries).toEqual(['DE']);
  });

  it('with no market named besides, or said of the companies, the place is the market', () => {
    expect(parseQuery('buyers of German LED panels').countries).toEqual(['DE']);
    expect(parseQuery('buyers of LED lights for German importers').countries).toEqual(['DE']);
    expect(parseQuery('Chinese suppliers of LED panels').countries).toEqual(['CN']);
    expect(parseQuery('distributors for Saudi Arabia and UAE of solar panels').countries).toEqual([
      'SA',
      'AE',
    ]);
  });
});

describe('a sentence that starts with "I am" still asks', () => {
  it.each([
    ['I am interested in German buyers of LED panels', ['DE'], undefined],
    ["I'm after LED panel importers in Poland", ['PL'], 'importer'],
    ['we are hoping to reach furniture buyers in Spain', ['ES'], undefined],
  ])('%s', (sentence, countries, companyType) => {
    const understood = parseQuery(sentence);
    expect(understood.countries).toEqual(countries);
    expect(understood.conditions.companyType).toBe(companyType);
  });

  it('who the user is, said with a kind or "based in": "We are exporters of tiles", "we are based in China"', () => {
    expect(parseQuery('We are exporters of tiles, need distributors in Italy')).toMatchObject({
      role: 'buyer',
      countries: ['IT'],
      conditions: { companyType: 'distributor' },
    });
    expect(parseQuery('we are based in China, looking for LED buyers in Germany').countries).toEqual(['DE']);
  });
});

describe('hostile sentences', () => {
  it.each([
    '不要'.repeat(100),
    '除了'.repeat(100),
    '我是'.repeat(100),
    'no '.repeat(66),
    `有采购${' '.repeat(190)}邮箱`,
    `with ${'the '.repeat(48)}email`,
  ])('%s… asks for nothing', (sentence) => {
    const understood = parseQuery(sentence);
    expect(understood).toMatchObject({ countries: [], products: [] });
    expect(understood.unknown.length).toBeLessThanOrEqual(6);
  });

  it('words said again and again are read once: "不要德国" three times leaves Germany out once', () => {
    const understood = parseQuery('不要德国，不要德国，不要德国，LED买家 欧洲');
    expect(understood.countries).not.toContain('DE');
    expect(understood.countries).toContain('FR');
  });
});

/** Written by hand as salespeople in Taiwan and Hong Kong write: their script, their words. */
describe('Traditional Chinese is read like simplified', () => {
  it.each([
    ['幫我找德國的LED面板買家', { role: 'buyer', countries: ['DE'] }, ['led-panel-lights']],
    [
      '尋找義大利的傢俱進口商，最好有採購經理的信箱',
      { countries: ['IT'], conditions: { email: true, companyType: 'importer' } },
      ['furniture'],
    ],
    [
      '找紐西蘭的葡萄酒進口商，要有聯絡電話',
      { countries: ['NZ'], conditions: { phone: true, companyType: 'importer' } },
      ['wine'],
    ],
    [
      '想找沙烏地阿拉伯和杜拜的冷氣機通路商',
      { countries: ['SA', 'AE'], conditions: { companyType: 'distributor' } },
      ['air-conditioners'],
    ],
    [
      '請幫忙找奈及利亞的發電機盤商',
      { countries: ['NG'], conditions: { companyType: 'wholesaler' } },
      ['generators'],
    ],
    [
      '尋找澳洲的汽車零件分銷商',
      { countries: ['AU'], conditions: { companyType: 'distributor' } },
      ['auto-parts'],
    ],
    ['找越南的布料供應商', { role: 'supplier', countries: ['VN'] }, ['textile-fabrics']],
    ['找土耳其的雷射切割機買家', { countries: ['TR'] }, ['laser-cutting-machines']],
    ['找俄羅斯的挖土機買家', { countries: ['RU'] }, ['excavators']],
    ['找美國的筆電買家', { countries: ['US'] }, ['laptops']],
    ['找肯亞的輪胎進口商', { countries: ['KE'] }, ['tyres']],
  ])('%s', (sentence, expected, products) => {
    const understood = parseQuery(sentence);
    expect(understood).toMatchObject({ ...expected, language: 'zh' });
    expect(understood.products.map((product) => product.id)).toEqual(products);
    expect(understood.unknown).toEqual([]);
  });

  it("a mainland sentence keeps its words: Taiwan's phrases are not applied to simplified text", () => {
    // Taiwan's phrase table reads 尼日 as Niger, 桌布 as wallpaper and 元件 as 组件.
    expect(parseQuery('找尼日利亚的发电机买家').countries).toEqual(['NG']);
    expect(parseQuery('塔吉克斯坦的水泥买家').countries).toEqual(['TJ']);
    expect(parseQuery('找德国的桌布进口商').products.map((product) => product.id)).toEqual(['table-linen']);
    expect(parseQuery('找日本的电子元件供应商').products.map((product) => product.id)).toEqual([
      'pcb-components',
    ]);
  });

  it('a traditional sentence that leaves a country out leaves it out', () => {
    const understood = parseQuery('想找中東的太陽能板買家，不要沙烏地阿拉伯');
    expect(understood.countries).toContain('AE');
    expect(understood.countries).not.toContain('SA');
  });
});

describe('卖 before home goods sells them', () => {
  it('"卖家具的", "卖家电的" name furniture and appliances, not a seller', () => {
    expect(parseQuery('找加拿大的经销商，卖家具的')).toMatchObject({
      role: 'buyer',
      conditions: { companyType: 'distributor' },
      products: [{ id: 'furniture' }],
    });
    expect(parseQuery('找加拿大卖家电的公司').products.map((product) => product.id)).toEqual([
      'home-appliances',
    ]);
  });

  it('卖家 alone still asks for sellers', () => {
    expect(parseQuery('找美国的卖家，做手机壳的')).toMatchObject({ role: 'supplier', countries: ['US'] });
  });
});

describe('the trade words salespeople use for markets, kinds and contacts', () => {
  it('欧美 is Europe and North America', () => {
    const understood = parseQuery('我是做不锈钢保温杯的，想开发欧美市场');
    expect(understood.regions).toEqual(['europe_north_america']);
    expect(understood.countries).toEqual(expect.arrayContaining(['DE', 'GB', 'FR', 'US', 'CA']));
    expect(understood.countries).not.toContain('MX');
    expect(understood.unknown).toEqual([]);
  });

  it.each([
    ['主营LED灯，求德国渠道商', 'distributor'],
    ['我们出口太阳能板，帮我找下非洲的EPC承包商', 'contractor'],
    ['EPC contractors in Kenya for solar panels', 'contractor'],
    ['找印度尼西亚做家具零售的客户', 'retailer'],
    ['做批发的德国LED客户', 'wholesaler'],
    ['英国的超市采购 有机食品', 'retailer'],
    ['supermarkets in Germany buying frozen fish', 'retailer'],
    ['有没有在美国卖宠物用品的亚马逊大卖', 'retailer'],
  ])('%s → %s', (sentence, companyType) => {
    const understood = parseQuery(sentence);
    expect(understood).toMatchObject({ role: 'buyer', conditions: { companyType } });
    expect(understood.unknown).toEqual([]);
  });

  it('sellers on Amazon or their own shop are retailers, who buy; 卖家 alone still sells', () => {
    for (const sentence of [
      '想开发美国亚马逊卖家，卖宠物用品的',
      'find Amazon sellers of pet products in the US',
    ])
      expect(parseQuery(sentence), sentence).toMatchObject({
        role: 'buyer',
        countries: ['US'],
        conditions: { companyType: 'retailer' },
        unknown: [],
      });
    expect(parseQuery('找美国的卖家').role).toBe('supplier');
  });

  it('要 alone asks for a contact; 电话机 and 电话线 are goods, not a phone number', () => {
    expect(parseQuery('德国LED买家，要电话').conditions).toEqual({ phone: true });
    expect(parseQuery('找印度尼西亚的家具零售商，要WhatsApp').conditions).toMatchObject({ phone: true });
    expect(parseQuery('不要电话，要邮箱').conditions).toEqual({ email: true });
    expect(parseQuery('有电话机需求的德国买家').conditions).toEqual({});
    expect(parseQuery('需要电话线的买家 德国').conditions).toEqual({});
  });

  it('asking for a list or contact details is not left out: 名单, 联系方式, 开发', () => {
    expect(parseQuery('土耳其纺织品进口商 名单').unknown).toEqual([]);
    expect(parseQuery('俄罗斯 挖掘机 买家 联系方式').unknown).toEqual([]);
  });
});
