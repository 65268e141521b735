import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../server/leads/reference.ts';
import {
  PRODUCTS,
  PRODUCT_BY_ID,
  broaderCategoriesOf,
  broaderProducts,
  categoriesOf,
  findProducts,
  matchesProduct,
  productForHs,
} from '../../server/search/products.ts';

const ids = (sentence: string) => findProducts(sentence).products.map((product) => product.id);
const product = (id: string) => {
  const found = PRODUCT_BY_ID.get(id);
  if (!found) throw new Error(`no product ${id}`);
  return found;
};

describe('one product per sentence, in Chinese and English', () => {
  it.each([
    // lighting
    ['帮我找德国的LED面板买家', 'led-panel-lights'],
    ['LED panel light importers', 'led-panel-lights'],
    ['有没有做LED灯带的进口商', 'led-strip-lights'],
    ['led strip lights distributors', 'led-strip-lights'],
    ['路灯项目的承包商', 'street-lights'],
    ['street light contractors', 'street-lights'],
    ['太阳能路灯经销商', 'solar-street-lights'],
    ['solar street lights wholesalers', 'solar-street-lights'],
    // solar, batteries, electrical
    ['光伏组件的买家', 'solar-panels'],
    ['PV modules buyers', 'solar-panels'],
    ['储能逆变器批发商', 'hybrid-inverters'],
    ['hybrid inverters', 'hybrid-inverters'],
    ['磷酸铁锂电池', 'lifepo4-batteries'],
    ['LiFePO4 battery packs importers', 'lifepo4-batteries'],
    ['户外电源的零售商', 'portable-power-stations'],
    ['portable power station retailers', 'portable-power-stations'],
    ['UPS电源的代理商', 'ups'],
    ['UPS distributors', 'ups'],
    ['充电桩安装商', 'ev-chargers'],
    ['EV charger installers', 'ev-chargers'],
    ['塑壳断路器', 'mccb'],
    ['MCCB buyers', 'mccb'],
    // electronics and phone accessories
    ['钢化膜的批发商', 'screen-protectors'],
    ['tempered glass screen protector wholesalers', 'screen-protectors'],
    ['数据线进口商', 'data-cables'],
    ['charging cables importers', 'data-cables'],
    ['蓝牙耳机经销商', 'tws-earbuds'],
    ['wireless earbuds dealers', 'tws-earbuds'],
    ['扫地机器人的买家', 'robot-vacuums'],
    ['robot vacuum cleaner buyers', 'robot-vacuums'],
    // machinery
    ['液压齿轮泵的进口商', 'hydraulic-gear-pumps'],
    ['hydraulic gear pump importers', 'hydraulic-gear-pumps'],
    ['液压泵的买家', 'hydraulic-pumps'],
    ['hydraulic pump importers', 'hydraulic-pumps'],
    ['潜水泵经销商', 'submersible-pumps'],
    ['submersible pump distributors', 'submersible-pumps'],
    ['汽车水泵', 'car-water-pumps'],
    ['car water pump wholesalers', 'car-water-pumps'],
    ['螺杆空压机', 'screw-air-compressors'],
    ['screw air compressors', 'screw-air-compressors'],
    ['圆锥滚子轴承进口商', 'tapered-roller-bearings'],
    ['tapered roller bearing importers', 'tapered-roller-bearings'],
    ['小挖机的买家', 'mini-excavators'],
    ['mini excavator buyers', 'mini-excavators'],
    ['联合收割机', 'combine-harvesters'],
    ['combine harvesters', 'combine-harvesters'],
    ['光纤激光切割机', 'laser-cutting-machines'],
    ['fiber laser cutting machine buyers', 'laser-cutting-machines'],
    // auto, tyres, vehicles
    ['摩托车轮胎进口商', 'motorcycle-tyres'],
    ['motorcycle tyres importers', 'motorcycle-tyres'],
    ['motorcycle tires', 'motorcycle-tyres'],
    ['全钢胎经销商', 'truck-tyres'],
    ['TBR tyres dealers', 'truck-tyres'],
    ['刹车片的买家', 'brake-pads'],
    ['brake pads buyers', 'brake-pads'],
    ['电动三轮车', 'electric-tricycles'],
    ['electric tricycles', 'electric-tricycles'],
    // textiles, apparel, footwear, bags
    ['牛仔布的买家', 'denim-fabrics'],
    ['denim fabric buyers', 'denim-fabrics'],
    ['羽绒服进口商', 'down-jackets'],
    ['down jackets importers', 'down-jackets'],
    ['羊绒衫', 'cashmere-sweaters'],
    ['cashmere sweaters', 'cashmere-sweaters'],
    ['劳保鞋经销商', 'safety-shoes'],
    ['safety shoes distributors', 'safety-shoes'],
    ['拉杆箱批发商', 'luggage'],
    ['trolley luggage wholesalers', 'luggage'],
    // home, kitchen, appliances, packaging
    ['不锈钢餐具进口商', 'cutlery'],
    ['stainless steel cutlery importers', 'cutlery'],
    ['陶瓷餐具进口商', 'ceramic-tableware'],
    ['ceramic tableware importers', 'ceramic-tableware'],
    ['保温杯的买家', 'vacuum-flasks'],
    ['vacuum flask buyers', 'vacuum-flasks'],
    ['空气炸锅', 'air-fryers'],
    ['air fryer importers', 'air-fryers'],
    ['飞机盒', 'corrugated-boxes'],
    ['mailer boxes', 'corrugated-boxes'],
    ['自立袋', 'flexible-packaging'],
    ['stand up pouches', 'flexible-packaging'],
    // building materials, metals, hardware
    ['螺纹钢进口商', 'rebar'],
    ['rebar importers', 'rebar'],
    ['镀锌板的买家', 'galvanized-steel'],
    ['galvanized sheet buyers', 'galvanized-steel'],
    ['无缝钢管', 'seamless-pipes'],
    ['seamless steel pipes', 'seamless-pipes'],
    ['抛釉砖', 'porcelain-tiles'],
    ['porcelain tiles', 'porcelain-tiles'],
    ['SPC地板经销商', 'spc-flooring'],
    ['SPC flooring distributors', 'spc-flooring'],
    ['钻尾螺丝', 'screws'],
    ['self drilling screws', 'screws'],
    // medical, beauty, toys, sports, pets
    ['丁腈手套进口商', 'medical-gloves'],
    ['nitrile gloves importers', 'medical-gloves'],
    ['一次性注射器', 'syringes'],
    ['disposable syringes', 'syringes'],
    ['KN95口罩', 'n95-masks'],
    ['KN95 masks', 'n95-masks'],
    ['口红的批发商', 'lipstick'],
    ['lipstick wholesalers', 'lipstick'],
    ['蕾丝假发', 'lace-wigs'],
    ['lace front wigs', 'lace-wigs'],
    ['跑步机进口商', 'treadmills'],
    ['treadmill importers', 'treadmills'],
    ['猫爬架', 'cat-trees'],
    ['cat trees', 'cat-trees'],
    ['豆腐猫砂', 'tofu-cat-litter'],
    ['tofu cat litter', 'tofu-cat-litter'],
    // food and agriculture
    ['越南的腰果仁供货商', 'cashew-nuts'],
    ['cashew kernels suppliers', 'cashew-nuts'],
    ['南美白虾进口商', 'vannamei-shrimp'],
    ['白对虾的买家', 'vannamei-shrimp'],
    ['凡纳滨对虾', 'vannamei-shrimp'],
    ['frozen vannamei shrimp importers', 'vannamei-shrimp'],
    ['车厘子进口商', 'cherries'],
    ['樱桃的进口商', 'cherries'],
    ['fresh cherries importers', 'cherries'],
    ['牛油果', 'avocado'],
    ['鳄梨', 'avocado'],
    ['hass avocados', 'avocado'],
    ['榴莲进口商', 'durian'],
    ['durian importers', 'durian'],
    ['冷冻鲭鱼', 'mackerel'],
    ['frozen mackerel', 'mackerel'],
    ['金枪鱼', 'tuna'],
    ['yellowfin tuna', 'tuna'],
    ['特级初榨橄榄油', 'extra-virgin-olive-oil'],
    ['extra virgin olive oil importers', 'extra-virgin-olive-oil'],
    ['咖啡生豆进口商', 'green-coffee-beans'],
    ['green coffee beans importers', 'green-coffee-beans'],
    ['烘焙咖啡豆', 'roasted-coffee'],
    ['roasted coffee beans', 'roasted-coffee'],
    ['乌龙茶', 'oolong-tea'],
    ['oolong tea', 'oolong-tea'],
    ['茉莉香米', 'rice'],
    ['jasmine rice importers', 'rice'],
    ['白砂糖', 'sugar'],
    ['ICUMSA 45 sugar', 'sugar'],
    ['八角', 'star-anise'],
    ['star anise', 'star-anise'],
    // office, jewelry
    ['硒鼓', 'toner-cartridges'],
    ['toner cartridges', 'toner-cartridges'],
    ['宠物用品进口商', 'pet-products'],
    ['印度的二手服装进口商', 'used-clothing'],
    ['used clothing bales importers', 'used-clothing'],
    ['GPS定位器', 'gps-trackers'],
    ['GPS trackers', 'gps-trackers'],
    ['烟油', 'e-liquid'],
    ['vape juice', 'e-liquid'],
    ['太阳能电池', 'solar-cells'],
    ['solar cells', 'solar-cells'],
    ['pet supplies importers', 'pet-products'],
    ['power adaptor suppliers', 'power-supplies'],
    ['power adapter suppliers', 'power-supplies'],
    ['925银饰', 'silver-jewelry'],
    ['925 sterling silver jewelry', 'silver-jewelry'],
  ])('%s → %s', (sentence, expected) => {
    expect(ids(sentence)).toEqual([expected]);
  });
});

describe("Taiwan's script and words", () => {
  it.each([
    ['本公司主要生產LED面板燈與太陽能板', ['led-panel-lights', 'solar-panels']],
    ['筆電、滑鼠與印表機', ['laptops', 'keyboards-mice', 'printers']],
    ['行動電源和隨身碟', ['power-banks', 'memory-cards']],
    ['堆高機與幫浦', ['forklifts', 'pumps']],
    ['雷射雕刻機', ['laser-engraving-machines']],
    ['磁磚及衛浴', ['ceramic-tiles', 'sanitary-ware']],
    ['保養品', ['skincare']],
    ['機車零件', ['motorcycle-parts']],
    ['晶片與電子零件', ['electronic-components']],
  ])('%s → %j', (sentence, expected) => {
    expect(ids(sentence)).toEqual(expected);
  });
});

describe('HS codes, as customs-data sites give them', () => {
  it.each([
    ['9405.42', 'led-lights'],
    ['940542', 'led-lights'],
    ['9405.42.00', 'led-lights'],
    ['8541.43', 'solar-panels'],
    ['8504.40.95', 'inverters'],
    // A heading: the product most of its products sit under, never a group filed there.
    ['6907', 'ceramic-tiles'],
    ['9403', 'furniture'],
    ['8413', 'pumps'],
    ['0901', 'coffee'],
    // Several products filed there: the one most of them sit under (solar panels, not LED chips).
    ['8541', 'solar-panels'],
    ['3926.90', 'plastic-parts-molds'],
  ])('%s → %s', (code, id) => {
    expect(productForHs(code)?.id).toBe(id);
  });

  it('a code that names no product, or is no code, is none', () => {
    expect(productForHs('1234')).toBeNull();
    expect(productForHs('94')).toBeNull();
    expect(productForHs('94054200001')).toBeNull();
  });

  it.each([
    ['HS编码940542的德国买家', 'HS编码940542'],
    ['海关编码：6907 沙特进口商', '海关编码：6907'],
    ['buyers of HS code 8541.43 in Poland', 'HS code 8541.43'],
    ['hts 8504.40.95 importers', 'HTS 8504.40.95'],
    ['9405.42 buyers in Germany', '9405.42'],
  ])('%s: the code is read and told as written', (sentence, written) => {
    const found = findProducts(sentence);
    expect(found.products).toHaveLength(1);
    expect(found.corrected).toEqual([{ written, id: found.products[0]!.id }]);
  });

  it('prices, dates and sizes are not codes', () => {
    expect(ids('预算1000.00美元的LED灯')).toEqual(['led-lights']);
    expect(ids('LED lights 2026.11')).toEqual(['led-lights']);
    expect(ids('200人以上的LED灯买家')).toEqual(['led-lights']);
    expect(findProducts('LED lights, part no. 19405.42').corrected).toEqual([]);
  });
});

describe('specific before general', () => {
  it.each([
    ['pumps', 'pumps'],
    ['泵', 'pumps'],
    ['water pumps', 'water-pumps'],
    ['hydraulic pumps', 'hydraulic-pumps'],
    ['tyres', 'tyres'],
    ['轮胎', 'tyres'],
    ['motorcycles', 'motorcycles'],
    ['batteries', 'batteries'],
    ['lithium batteries', 'lithium-batteries'],
    ['shoes', 'shoes'],
    ['鞋', 'shoes'],
    ['seafood', 'seafood'],
    ['海鲜', 'seafood'],
    ['shrimp', 'shrimp'],
    ['furniture', 'furniture'],
    ['家具', 'furniture'],
    ['LED lights', 'led-lights'],
    ['LED灯', 'led-lights'],
    ['tableware', 'tableware'],
    ['餐具', 'tableware'],
    ['coffee', 'coffee'],
    ['olive oil', 'olive-oil'],
  ])('%s → %s', (sentence, expected) => {
    expect(ids(sentence)).toEqual([expected]);
  });

  it('keeps a hydraulic pump away from the water-pump category, while "pumps" reaches it', () => {
    expect(matchesProduct(product('hydraulic-pumps'), 'pumps')).toBe(false);
    expect(matchesProduct(product('hydraulic-gear-pumps'), 'pumps')).toBe(false);
    expect(matchesProduct(product('pumps'), 'pumps')).toBe(true);
    // The category is also called "submersible pump": its companies deal in them.
    expect(matchesProduct(product('submersible-pumps'), 'pumps')).toBe(true);
  });

  it('keeps stainless steel cutlery away from ceramic tableware, while "tableware" reaches both kinds', () => {
    expect(matchesProduct(product('cutlery'), 'ceramic-tableware')).toBe(false);
    expect(matchesProduct(product('tableware'), 'ceramic-tableware')).toBe(true);
    expect(matchesProduct(product('ceramic-tableware'), 'ceramic-tableware')).toBe(true);
  });

  it('reads motorcycle tyres as tyres for motorcycles, not motorcycles plus tyres', () => {
    expect(ids('motorcycle tyres')).toEqual(['motorcycle-tyres']);
    // Tyre companies are known for car and truck tyres; motorcycle-parts companies by name for these.
    expect(matchesProduct(product('motorcycle-tyres'), 'tires')).toBe(false);
    expect(categoriesOf(product('motorcycle-tyres'))).toEqual(['motorcycle-parts']);
    expect(matchesProduct(product('motorcycle-tyres'), 'motorcycles')).toBe(false);
    expect(matchesProduct(product('motorcycles'), 'tires')).toBe(false);
  });

  it('reaches every seafood company from "seafood", and from "vannamei" only a broader set of frozen-shrimp sellers', () => {
    expect(matchesProduct(product('seafood'), 'seafood')).toBe(true);
    expect(categoriesOf(product('frozen-shrimp'))).toEqual(['seafood']);
    expect(categoriesOf(product('vannamei-shrimp'))).toEqual([]);
    expect(broaderCategoriesOf(product('vannamei-shrimp'))).toEqual({
      product: product('frozen-shrimp'),
      categories: ['seafood'],
    });
    expect(broaderProducts(product('vannamei-shrimp')).map((p) => p.id)).toEqual([
      'frozen-shrimp',
      'shrimp',
      'seafood',
      'food',
    ]);
  });

  it('reads a car water pump as an engine part, not a water pump', () => {
    expect(ids('car water pump')).toEqual(['car-water-pumps']);
    expect(matchesProduct(product('car-water-pumps'), 'pumps')).toBe(false);
    expect(broaderCategoriesOf(product('car-water-pumps'))?.categories).toEqual(['engine-parts']);
  });
});

describe('a company deals in what it is known for, never in what a neighbour files', () => {
  it.each([
    ['phone accessories', 'car-accessories'],
    ['lithium batteries', 'electric-bikes'],
    ['furniture', 'sanitary-ware'],
    ['furniture', 'home-health-devices'],
    ['garden tools', 'home-decor'],
    ['coffee', 'beverages'],
  ])('"%s" never reaches the %s category', (sentence, slug) => {
    const [asked] = findProducts(sentence).products;
    expect(CATEGORIES.some((c) => c.slug === slug)).toBe(true);
    expect(categoriesOf(asked!)).not.toContain(slug);
    expect(broaderCategoriesOf(asked!)?.categories ?? []).not.toContain(slug);
  });

  it('offers the nearest broader product with companies, and only when the asked one has none', () => {
    expect(categoriesOf(product('titanium-dioxide'))).toEqual([]);
    expect(broaderCategoriesOf(product('titanium-dioxide'))).toEqual({
      // Pigments, the product right above, has no companies: the next one up is offered.
      product: product('industrial-chemicals'),
      categories: ['industrial-chemicals'],
    });
    expect(broaderCategoriesOf(product('led-panel-lights'))).toBeNull();
    // Neither coffee nor anything above it has companies: nothing is offered.
    expect(broaderCategoriesOf(product('coffee'))).toBeNull();
  });
});

describe('several products in one sentence', () => {
  it.each([
    ['USB cables and screen protectors', ['data-cables', 'screen-protectors']],
    ['钢化膜和数据线', ['screen-protectors', 'data-cables']],
    ['冷冻鱿鱼和冷冻南美白虾', ['squid', 'vannamei-shrimp']],
    ['frozen squid and frozen vannamei', ['squid', 'vannamei-shrimp']],
    ['光伏板、逆变器和储能电池', ['solar-panels', 'inverters', 'energy-storage']],
    ['solar panels, inverters and lithium batteries', ['solar-panels', 'inverters', 'lithium-batteries']],
    ['ball valves and gate valves', ['ball-valves', 'gate-valves']],
    ['球阀和闸阀', ['ball-valves', 'gate-valves']],
    ['腰果仁、开心果和核桃', ['cashew-nuts', 'pistachios', 'walnuts']],
    ['cashews, pistachios or walnuts', ['cashew-nuts', 'pistachios', 'walnuts']],
    ['nuts and bolts', ['fasteners']],
    ['excavators and wheel loaders', ['excavators', 'wheel-loaders']],
  ])('%s', (sentence, expected) => {
    expect(ids(sentence)).toEqual(expected);
  });
});

describe('what a product is made of or for is not asked for itself', () => {
  it.each([
    ['cotton baby clothes importers', ['baby-clothes']],
    ['纯棉婴儿服装进口商', ['baby-clothes']],
    ['铝制不粘锅买家', ['frying-pans']],
    ['aluminium non-stick cookware buyers', ['frying-pans']],
    ['stainless steel kitchen sink dealers', ['kitchen-sinks']],
    ['kitchen sinks made of stainless steel', ['kitchen-sinks']],
    ['stainless steel and aluminium importers', ['stainless-steel', 'aluminum']],
    ['lead-acid battery buyers (for UPS and solar storage)', ['lead-acid-batteries']],
    ['南非的铅酸蓄电池买家（UPS和太阳能储能用的）', ['lead-acid-batteries']],
    ['用于太阳能储能的铅酸蓄电池', ['lead-acid-batteries']],
    ['looking for inverters and solar panels', ['inverters', 'solar-panels']],
    ['墨西哥的汽车刹车片买家', ['brake-pads']],
    ['car brake pad buyers', ['brake-pads']],
    ['电动车电池', ['batteries']],
    ['cars and brake pads', ['cars', 'brake-pads']],
  ])('%s', (sentence, expected) => {
    expect(ids(sentence)).toEqual(expected);
  });
});

describe('English misspellings', () => {
  it.each([
    ['treadmil importers', 'treadmills', 'treadmil'],
    ['excavaters buyers', 'excavators', 'excavaters'],
    ['solar pannel distributors', 'solar-panels', 'pannel'],
    ['lipstik wholesalers', 'lipstick', 'lipstik'],
    ['hydrualic pump', 'hydraulic-pumps', 'hydrualic'],
    ['forklfit dealers', 'forklifts', 'forklfit'],
    ['matress retailers', 'mattresses', 'matress'],
    // A swap of two letters in a British spelling.
    ['car tyers importers', 'car-tyres', 'tyers'],
    ['sunglases', 'sunglasses', 'sunglases'],
    ['sola panel', 'solar-panels', 'sola panel'],
    ['wheelchiars', 'wheelchairs', 'wheelchiars'],
    ['led panle lights', 'led-panel-lights', 'panle'],
    ['airfyer importers', 'air-fryers', 'airfyer'],
    ['porcelian tiles', 'porcelain-tiles', 'porcelian'],
    ['curtians and blinds', 'curtains-blinds', 'curtians'],
    ['tooth brush importers', 'toothbrushes', 'tooth brush'],
    ['hand bags wholesalers', 'handbags', 'hand bags'],
    ['avacado importers', 'avocado', 'avacado'],
    ['tracktor dealers', 'tractors', 'tracktor'],
    ['pistachos', 'pistachios', 'pistachos'],
  ])('%s → %s', (sentence, expected, written) => {
    const found = findProducts(sentence);
    expect(found.products.map((p) => p.id)).toEqual([expected]);
    expect(found.corrected).toEqual([{ written, id: expected }]);
  });

  it.each([
    'looking for reliable partners',
    'please find large scale buyers',
    'top quality suppliers with phone',
    'distributers and wholesalors',
    'companies with more than 200 employees',
    'who imports from China',
    'trading companies in Dubai',
    'importers in Chile and Brazil',
  ])('leaves everyday words alone: %s', (sentence) => {
    const found = findProducts(sentence);
    expect(found.products).toEqual([]);
    expect(found.corrected).toEqual([]);
  });
});

describe('words that are not products', () => {
  it.each([
    '帮我找德国的买家',
    '经销商',
    '进口商和批发商',
    '有手机号的采购商',
    '200人以上的工厂',
    '要有邮箱和电话',
    '找一些贸易公司',
    'buyers',
    'importers and distributors',
    'supermarket chains in Kenya',
    'retail chains with email',
    'brand owners',
    'OEM manufacturers',
    'MOQ 1000 pcs',
    'need LC payment buyers',
    'price list and free samples',
    '有没有设备齐全的工厂',
    '葡萄牙的买家',
    '全球买家',
    '有自己商标的品牌商',
    'supply chain managers',
    'alibaba gold suppliers',
    'buyers in Georgia',
    'scale up and look up buyers',
    'we want to be an importer',
    'twice a year, the signs of growth',
    'founders of canton fair booth',
  ])('%s', (sentence) => {
    expect(ids(sentence)).toEqual([]);
  });

  it('keeps roles and places in the rest of the sentence', () => {
    expect(findProducts('hydraulic pump importers in Turkey')).toEqual({
      products: [product('hydraulic-pumps')],
      corrected: [],
      rest: 'importers in Turkey',
    });
    expect(findProducts('越南的腰果仁供货商').rest).toBe('越南的 供货商');
  });

  it('reads the product next to a place or a measure, not inside it', () => {
    expect(ids('葡萄进口商')).toEqual(['grapes']);
    expect(ids('100千瓦的发电机')).toEqual(['generators']);
    expect(ids('专门做门窗的')).toEqual(['doors-windows']);
    expect(ids('hydraulic pump importers in Turkey')).toEqual(['hydraulic-pumps']);
    expect(ids('frozen turkey')).toEqual(['poultry']);
  });

  it('still reads a product whose name holds a role word', () => {
    expect(ids('supermarket shelves')).toEqual(['shop-fittings']);
    expect(ids('超市货架')).toEqual(['shop-fittings']);
  });
});

describe('the product vocabulary', () => {
  it('has at least 800 products with unique ids and valid HS 2022 subheadings', () => {
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(800);
    expect(new Set(PRODUCTS.map((p) => p.id)).size).toBe(PRODUCTS.length);
    for (const p of PRODUCTS) {
      expect(p.id, p.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(p.hs, p.id).toMatch(/^(?:0[1-9]|[1-8]\d|9[0-7])\d{2}\.\d{2}$/);
      expect(p.en.trim(), p.id).toBe(p.en);
    }
  });

  it('names every product in Chinese with CJK characters', () => {
    for (const p of PRODUCTS) {
      expect(p.zh, p.id).toMatch(/[\u3400-\u9fff]/);
      for (const synonym of p.synonyms_zh) expect(synonym.length, p.id).toBeGreaterThan(0);
    }
  });

  it('links every broader id to a product, without cycles', () => {
    for (const p of PRODUCTS) {
      if (p.broader === null) continue;
      expect(PRODUCT_BY_ID.has(p.broader), `${p.id} → ${p.broader}`).toBe(true);
      const seen = new Set([p.id]);
      let next = PRODUCT_BY_ID.get(p.broader);
      while (next) {
        expect(seen.has(next.id), `cycle through ${p.id}`).toBe(false);
        seen.add(next.id);
        next = next.broader ? PRODUCT_BY_ID.get(next.broader) : undefined;
      }
    }
  });

  it('maps products only to demo categories that exist, and maps every category', () => {
    const slugs = new Set(CATEGORIES.map((c) => c.slug));
    for (const p of PRODUCTS)
      for (const slug of p.categories) expect(slugs.has(slug), `${p.id}: ${slug}`).toBe(true);
    for (const slug of slugs)
      expect(
        PRODUCTS.some((p) => p.categories.includes(slug)),
        slug,
      ).toBe(true);
  });

  it('gives no name to two unrelated products', () => {
    const related = (a: string, b: string) =>
      broaderProducts(product(a)).some((p) => p.id === b) ||
      broaderProducts(product(b)).some((p) => p.id === a);
    const owners = new Map<string, string[]>();
    for (const p of PRODUCTS)
      for (const name of new Set(
        [p.en, p.zh, ...p.synonyms_en, ...p.synonyms_zh].map((n) => n.toLowerCase().replace(/[-’']/g, ' ')),
      ))
        owners.set(name, [...(owners.get(name) ?? []), p.id]);
    const clashes = [...owners].filter(([, list]) =>
      list.some((a, i) => list.some((b, j) => i < j && !related(a, b))),
    );
    expect(clashes).toEqual([]);
  });

  /** Not supported: the catalogue has no baby toys, so the name reads as toys, which the category does not sell. */
  const NOT_SUPPORTED = new Set(['baby toys']);

  it.each(CATEGORIES.map((c) => [c.slug, c] as const))(
    'reaches demo category %s by its own names',
    (slug, c) => {
      for (const name of [c.en, c.zh, ...c.synonyms_en, ...c.synonyms_zh].filter(
        (n) => !NOT_SUPPORTED.has(n),
      )) {
        const found = findProducts(name).products;
        expect(
          found.some((p) => matchesProduct(p, slug)),
          `${slug}: "${name}" → ${found.map((p) => p.id).join(', ') || 'nothing'}`,
        ).toBe(true);
      }
    },
  );
});
