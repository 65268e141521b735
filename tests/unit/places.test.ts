import { describe, expect, it } from 'vitest';
import { CITIES, PLACES, PLACE_BY_ISO2, REGIONS, correctCountry } from '../../server/search/places.ts';
import { findPlaces } from '../../server/search/understand.ts';
import { PRODUCTS } from '../../server/search/products.ts';

const countries = (sentence: string) => findPlaces(sentence).countries;
const sorted = (codes: string[]) => [...codes].sort();

describe('every ISO 3166-1 country and territory', () => {
  it('is known with a Chinese and an English name', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(249);
    for (const place of PLACES) {
      expect(place.iso2).toMatch(/^[A-Z]{2}$/);
      expect(place.iso3).toMatch(/^[A-Z]{3}$/);
      expect(place.zh, place.iso2).toMatch(/[\u3400-\u9fff]/);
      expect(place.en, place.iso2).toMatch(/^\p{Lu}/u);
    }
  });

  it.each([
    ['我想找肯尼亚的太阳能灯经销商', 'KE'],
    ['智利有没有做水果进口的', 'CL'],
    ['帮我开发一下摩洛哥的瓷砖客户', 'MA'],
    ['新西兰的宠物用品买家', 'NZ'],
    ['中国锂电池厂家', 'CN'],
    ['乌兹别克斯坦的农机进口商', 'UZ'],
    ['卡塔尔建材采购商', 'QA'],
    ['哈萨克斯坦的轮胎经销商', 'KZ'],
    ['looking for coffee importers in Kenya', 'KE'],
    ['who buys frozen shrimp in Japan?', 'JP'],
    ['lithium battery factories in China', 'CN'],
    ['need tile distributors for Morocco', 'MA'],
    ['any furniture wholesalers in new zealand', 'NZ'],
    ['Uzbekistan tractor dealers', 'UZ'],
  ])('reads %s as %s', (sentence, code) => {
    expect(countries(sentence)).toEqual([code]);
  });

  it.each([
    ['美国', 'US'],
    ['USA', 'US'],
    ['US', 'US'],
    ['the States', null],
    ['America', 'US'],
    ['阿联酋', 'AE'],
    ['阿拉伯联合酋长国', 'AE'],
    ['UAE', 'AE'],
    ['uae', 'AE'],
    ['Emirates', 'AE'],
    ['迪拜', 'AE'],
    ['英国', 'GB'],
    ['uk', 'GB'],
    ['Britain', 'GB'],
    ['PRC', 'CN'],
    ['沙特', 'SA'],
    ['KSA', 'SA'],
    ['韩国', 'KR'],
    ['Korea', 'KR'],
    ['Holland', 'NL'],
    ['Türkiye', 'TR'],
    ['Côte d’Ivoire', 'CI'],
    ['Ivory Coast', 'CI'],
    ['香港', 'HK'],
    ['DEU', 'DE'],
  ])('knows %s', (name, code) => {
    expect(countries(`LED buyers in ${name}`)).toEqual(code ? [code] : []);
  });
});

describe('states, provinces and trading cities mean their country', () => {
  it.each([
    ['Need B2B leads: HVAC distributors, Texas', ['US']],
    ['furniture importers in New York and New Jersey', ['US']],
    ['LED buyers in India and Indiana', ['IN', 'US']],
    ['洛杉矶的家具进口商', ['US']],
    ['多伦多和温哥华的建材经销商', ['CA']],
    ['coffee importers in Hamburg', ['DE']],
    ['tile distributors in Georgia', ['GE']],
  ])('%s → %j', (sentence, countries) => {
    expect(findPlaces(sentence).countries).toEqual(countries);
  });

  it("a product's name that holds a city or a state is the product: 马赛克, 罗马帘, California almonds", () => {
    const misread: string[] = [];
    for (const [iso2, city] of Object.entries(CITIES))
      for (const product of PRODUCTS)
        for (const name of [product.en, product.zh, ...product.synonyms_en, ...product.synonyms_zh]) {
          const lower = name.toLowerCase();
          const holds = [...city.en, ...city.zh].some((word) =>
            /[a-z]/.test(word) ? new RegExp(`(^|[^a-z])${word}($|[^a-z])`).test(lower) : lower.includes(word),
          );
          if (holds && findPlaces(`${name} buyers`).countries.includes(iso2))
            misread.push(`${name} → ${iso2}`);
        }
    expect(misread).toEqual([]);
  }, 60_000);

  it('a misspelt word is never read as a city or a state', () => {
    expect(correctCountry('texsa')).toBeNull();
    expect(correctCountry('pariss')).toBeNull();
  });

  it('亚洲 and Asia are every Asian country, China and the Gulf included', () => {
    for (const sentence of ['亚洲的LED买家', 'LED buyers in Asia']) {
      const found = findPlaces(sentence);
      expect(found.regions, sentence).toEqual(['asia']);
      expect(found.countries, sentence).toEqual(
        expect.arrayContaining(['CN', 'JP', 'IN', 'VN', 'SA', 'TR', 'KZ']),
      );
      expect(found.countries, sentence).not.toContain('EG');
    }
  });
});

describe("Taiwan's and Hong Kong's names", () => {
  it('every country named as Taiwan or Hong Kong names it, in its own script, is that country alone', () => {
    const names = ['zh-Hant-TW', 'zh-Hant-HK'].map(
      (locale) => new Intl.DisplayNames([locale], { type: 'region' }),
    );
    const missed: string[] = [];
    for (const place of PLACES)
      for (const display of names) {
        const name = display.of(place.iso2) ?? '';
        const found = findPlaces(`找${name}的買家`).countries;
        if (found.join() !== place.iso2) missed.push(`${place.iso2} ${name} → ${found.join()}`);
      }
    expect(missed).toEqual([]);
  });

  it('names written by hand: 紐西蘭, 沙烏地, 杜拜, 星加坡, 南韓, 義大利', () => {
    expect(findPlaces('紐西蘭、沙烏地、杜拜、星加坡、南韓和義大利的買家').countries).toEqual([
      'NZ',
      'SA',
      'AE',
      'SG',
      'KR',
      'IT',
    ]);
  });

  it("every mainland name still finds its country alone (Taiwan's names added no second one)", () => {
    const mainland = new Intl.DisplayNames(['zh-Hans'], { type: 'region' });
    const missed = PLACES.flatMap((place) =>
      [place.zh, mainland.of(place.iso2) ?? '']
        .map((name) => [name, findPlaces(`找${name}的买家`).countries.join()])
        .filter(([, found]) => found !== place.iso2)
        .map(([name, found]) => `${place.iso2} ${name} → ${found}`),
    );
    expect(missed).toEqual([]);
  });
});

describe('several countries in one sentence', () => {
  it.each([
    ['阿联酋和沙特的LED灯具经销商', ['AE', 'SA']],
    ['西班牙和意大利的瓷砖进口商', ['ES', 'IT']],
    ['德国、法国、荷兰的汽配经销商', ['DE', 'FR', 'NL']],
    ['找一下越南或者泰国的纺织厂', ['VN', 'TH']],
    ['LED buyers in UAE and Saudi Arabia', ['AE', 'SA']],
    ['South Africa and Nigeria tyre importers', ['ZA', 'NG']],
    ['furniture importers in Germany, France or the Netherlands', ['DE', 'FR', 'NL']],
  ])('%s', (sentence, codes) => {
    expect(countries(sentence)).toEqual(codes);
  });

  it('keeps the longer name whole: 印度尼西亚 is not 印度, South Africa is not the region Africa', () => {
    expect(countries('印度尼西亚的咖啡买家')).toEqual(['ID']);
    expect(countries('印度的咖啡买家')).toEqual(['IN']);
    expect(findPlaces('tyre importers in South Africa')).toMatchObject({ countries: ['ZA'], regions: [] });
    expect(countries('巴布亚新几内亚的买家')).toEqual(['PG']);
  });
});

describe('regions', () => {
  const members = (id: string) => sorted(REGIONS.find((region) => region.id === id)!.members);

  it.each([
    ['中东的太阳能板买家', 'middle_east'],
    ['Middle East solar panel buyers', 'middle_east'],
    ['欧洲的LED灯经销商', 'europe'],
    ['LED distributors across Europe', 'europe'],
    ['欧盟国家的口罩进口商', 'eu'],
    ['mask importers in the EU', 'eu'],
    ['东南亚家具进口商', 'southeast_asia'],
    ['furniture importers in Southeast Asia', 'southeast_asia'],
    ['ASEAN furniture importers', 'southeast_asia'],
    ['南美的轮胎买家', 'south_america'],
    ['拉美的轮胎买家', 'latin_america'],
    ['tyre buyers in Latin America', 'latin_america'],
    ['北美的户外家具买家', 'north_america'],
    ['非洲的太阳能灯经销商', 'africa'],
    ['海湾国家的建材采购商', 'gcc'],
    ['building material buyers in the GCC', 'gcc'],
    ['北欧的家居买家', 'nordics'],
    ['Scandinavian home decor buyers', 'nordics'],
    ['东欧的汽配进口商', 'eastern_europe'],
    ['比荷卢的绿茶进口商', 'benelux'],
    ['green tea importers in Benelux', 'benelux'],
    ['德语区的电动自行车经销商', 'dach'],
    ['e-bike dealers in the DACH region', 'dach'],
    ['excavator buyers in the five Central Asian countries', 'central_asia'],
  ])('%s stands for %s', (sentence, id) => {
    const found = findPlaces(sentence);
    expect(found.regions).toEqual([id]);
    expect(sorted(found.countries)).toEqual(members(id));
  });

  it('a salesperson’s regions hold the countries they mean', () => {
    expect(members('gcc')).toEqual(['AE', 'BH', 'KW', 'OM', 'QA', 'SA']);
    expect(members('eu')).toHaveLength(27);
    expect(members('eu')).not.toContain('GB');
    expect(members('europe')).toEqual(expect.arrayContaining(['GB', 'DE', 'CH', 'NO', 'PL']));
    expect(members('southeast_asia')).toHaveLength(10);
    expect(members('middle_east')).toEqual(expect.arrayContaining(['AE', 'SA', 'IL', 'TR', 'EG']));
    expect(members('nordics')).toEqual(['DK', 'FI', 'IS', 'NO', 'SE']);
    for (const region of REGIONS)
      for (const code of region.members) expect(PLACE_BY_ISO2.has(code), `${region.id} ${code}`).toBe(true);
  });

  it('a region and a country together give both, once each', () => {
    const found = findPlaces('海湾国家和埃及的建材采购商');
    expect(sorted(found.countries)).toEqual(['AE', 'BH', 'EG', 'KW', 'OM', 'QA', 'SA']);
  });
});

describe('China, by its provinces and manufacturing cities', () => {
  it.each([
    '浙江有哪些做球阀的厂家',
    '佛山的办公椅工厂',
    '义乌的毛绒玩具供应商',
    '找国内的锂电池厂家',
    'plush toy factories in Yiwu',
    'truck tire exporters in Qingdao',
    'LED suppliers in Zhongshan, Guangdong',
  ])('%s is China', (sentence) => {
    expect(countries(sentence)).toEqual(['CN']);
  });
});

describe('words that look like places but are not', () => {
  it.each([
    ['bone china tableware buyers in the US', ['US']],
    // Three-letter codes written in lower case are words: Panama, Brazil, Jamaica, Guam, Armenia.
    ['frying pan buyers in Germany', ['DE']],
    ['sports bra importers in the US', ['US']],
    ['fruit jam importers in Germany', ['DE']],
    ['chewing gum distributors in Kenya', ['KE']],
    ['robot arm buyers in Japan', ['JP']],
    ['LED buyers in DEU and FRA', ['DE', 'FR']],
    ['LED buyers in deu', ['DE']],
    ['guinea pig cage wholesalers', []],
    ['frozen turkey meat importers in Brazil', ['BR']],
    ['contact us if you buy cookware', []],
    ['IT services buyers in Italy', ['IT']],
    ['cookware buyers IN Germany', ['DE']],
    ['CAN bus module buyers in Canada', ['CA']],
    ['Chili sauce buyers in Mexico', ['MX']],
    ['jersey suppliers', []],
    ['美容仪器买家', []],
    ['西班牙的冷冻南美白虾进口商', ['ES']],
    ['澳洲坚果买家', []],
    ['我要找买家', []],
  ])('%s → %j', (sentence, codes) => {
    expect(countries(sentence)).toEqual(codes);
  });

  it('a two-letter code that is an English word counts when it is the only place, in capitals', () => {
    expect(countries('solar buyers IN')).toEqual(['IN']);
    expect(countries('solar buyers in')).toEqual([]);
  });

  it('…or after "the", or listed with other places', () => {
    expect(countries('office chair buyers in the US, Canada and Mexico')).toEqual(['US', 'CA', 'MX']);
    expect(countries('buyers in Canada, US and Mexico')).toEqual(['CA', 'US', 'MX']);
    expect(countries('sofa buyers in Germany and the US')).toEqual(['DE', 'US']);
    expect(countries('contact us for LED buyers in Germany')).toEqual(['DE']);
  });

  it('pinyin names of Chinese places are never guessed from English words ("human" is not Hunan)', () => {
    expect(countries('Human hair wig wholesalers')).toEqual([]);
    expect(countries('wigs for human hair salons')).toEqual([]);
  });
});

describe('misspelt country names', () => {
  it.each([
    ['LED panel buyers in Germnay', 'DE', 'Germnay'],
    ['coffee buyers from Columbia', 'CO', 'Columbia'],
    ['buyers in brasil', 'BR', null],
    ['Phillipines furniture importers', 'PH', 'Phillipines'],
    ['led lights for new zeland', 'NZ', 'new zeland'],
    ['tyre importers in south afrika', 'ZA', 'south afrika'],
    ['solar importers in Austrailia', 'AU', 'Austrailia'],
    ['furniture buyers in Veitnam', 'VN', 'Veitnam'],
    // One edit from Australia and from Austria: the name sharing more letters wins.
    ['coffee machine importers in Austrlia', 'AU', 'Austrlia'],
    ['sofa buyers in Malasia', 'MY', 'Malasia'],
  ])('%s → %s', (sentence, code, written) => {
    const found = findPlaces(sentence);
    expect(found.countries).toEqual([code]);
    // Corrections are reported so the user can see and undo them; exact aliases are not corrections.
    expect(found.corrected).toEqual(written ? [{ written, iso2: code }] : []);
  });

  it('guesses nothing from ordinary words or short ones', () => {
    expect(correctCountry('stain')).toBeNull();
    expect(correctCountry('chili')).toBeNull();
    expect(correctCountry('Iran')).toBeNull();
    expect(countries('stain remover buyers')).toEqual([]);
    expect(countries('sedan parts wholesalers')).toEqual([]);
  });
});
