import { createRequire } from 'node:module';
import { distance } from 'fastest-levenshtein';
import isoCountries from 'i18n-iso-countries';
import { COUNTRIES } from '../leads/reference.ts';
import { simplified } from './script.ts';
import { collapseSpaces } from '../platform/text.ts';

/**
 * Every country and territory of ISO 3166-1 with its Chinese and English names, and the regions a
 * salesperson names ("中东", "Southeast Asia", "欧盟"), so a sentence can ask for any of them, or
 * for several at once. Names come from i18n-iso-countries and the runtime's Intl.DisplayNames; the
 * demo data's own aliases (adjectives, cities like 迪拜) are added on top.
 */

const require = createRequire(import.meta.url);
isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json'));
isoCountries.registerLocale(require('i18n-iso-countries/langs/zh.json'));

export interface Place {
  iso2: string;
  iso3: string;
  /** The everyday English name ("United States", "South Korea"). */
  en: string;
  /** The everyday Chinese name ("美国", "阿联酋"). */
  zh: string;
}

const displayEn = new Intl.DisplayNames(['en'], { type: 'region' });
const displayEnShort = new Intl.DisplayNames(['en'], { type: 'region', style: 'short' });
const displayZh = new Intl.DisplayNames(['zh-Hans'], { type: 'region' });
const displayZhShort = new Intl.DisplayNames(['zh-Hans'], { type: 'region', style: 'short' });
/**
 * Taiwan's and Hong Kong's names (紐西蘭, 沙烏地阿拉伯, 奈及利亞), in the simplified script every
 * sentence is read in (script.ts): 纽西兰, 沙乌地阿拉伯, 奈及利亚.
 */
const displayZhHant = ['zh-Hant-TW', 'zh-Hant-HK'].flatMap((locale) =>
  (['long', 'short'] as const).map((style) => new Intl.DisplayNames([locale], { type: 'region', style })),
);
const demoCountry = new Map(COUNTRIES.map((country) => [country.iso2, country]));

/** Provinces and the manufacturing cities sellers name for China ("浙江的厂家", "义乌的供应商"). */
const CHINA_PLACES_ZH = [
  ...'北京 天津 上海 重庆 河北 山西 辽宁 吉林 黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 海南 四川 贵州 云南 陕西 甘肃 青海 内蒙古 广西 西藏 宁夏 新疆'.split(
    ' ',
  ),
  ...'广州 深圳 东莞 佛山 中山 珠海 汕头 潮州 江门 义乌 宁波 温州 台州 杭州 绍兴 金华 永康 苏州 无锡 常州 南通 厦门 泉州 晋江 福州 莆田 青岛 烟台 临沂 潍坊 郑州 武汉 长沙 成都 西安 天津港 石家庄'.split(
    ' ',
  ),
];

/** The same provinces and cities as written in English (pinyin), as sellers' sentences give them. */
const CHINA_PLACES_EN = [
  ...'beijing tianjin shanghai chongqing hebei shanxi liaoning jilin heilongjiang jiangsu zhejiang anhui fujian jiangxi shandong henan hubei hunan guangdong hainan sichuan guizhou yunnan shaanxi gansu qinghai guangxi tibet ningxia xinjiang'.split(
    ' ',
  ),
  ...'guangzhou shenzhen dongguan foshan zhongshan zhuhai shantou chaozhou jiangmen yiwu ningbo wenzhou taizhou hangzhou shaoxing jinhua yongkang suzhou wuxi changzhou nantong xiamen quanzhou jinjiang fuzhou putian qingdao yantai linyi weifang zhengzhou wuhan changsha chengdu xian shijiazhuang'.split(
    ' ',
  ),
  'inner mongolia',
  "xi'an",
];

/**
 * States, provinces and the trading cities salespeople name for a market ("HVAC distributors,
 * Texas", "洛杉矶的家具进口商"): each means its country. Not spelling-corrected (a misspelt word is
 * never read as a city), and not 德州 (also Dezhou in Shandong) nor 汉堡 (a hamburger). Where a
 * product's name holds one (马赛克, "California almonds"), GUARDS keep the product.
 */
export const CITIES: Readonly<Record<string, { en: string[]; zh: string[] }>> = {
  US: {
    en: [
      ...'alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont virginia wisconsin wyoming'.split(
        ' ',
      ),
      ...['new hampshire', 'new jersey', 'new mexico', 'new york', 'north carolina', 'north dakota'],
      ...['rhode island', 'south carolina', 'south dakota', 'west virginia', 'washington state'],
      ...['los angeles', 'nyc', 'chicago', 'houston', 'miami', 'dallas', 'atlanta', 'seattle'],
      ...['san francisco', 'new orleans', 'long beach', 'savannah', 'philadelphia', 'boston'],
    ],
    zh: '加州 加利福尼亚 得克萨斯 德克萨斯 佛罗里达 纽约 洛杉矶 芝加哥 休斯顿 迈阿密 达拉斯 西雅图 旧金山 新泽西'.split(
      ' ',
    ),
  },
  CA: {
    en: ['ontario', 'quebec', 'british columbia', 'alberta', 'toronto', 'vancouver', 'montreal', 'calgary'],
    zh: '安大略 魁北克 不列颠哥伦比亚 阿尔伯塔 多伦多 温哥华 蒙特利尔 卡尔加里'.split(' '),
  },
  AU: {
    en: ['new south wales', 'queensland', 'sydney', 'melbourne', 'brisbane', 'perth', 'adelaide'],
    zh: '新南威尔士 昆士兰 悉尼 墨尔本 布里斯班 珀斯 阿德莱德'.split(' '),
  },
  GB: {
    en: ['london', 'manchester', 'birmingham', 'liverpool'],
    zh: '伦敦 曼彻斯特 伯明翰 利物浦'.split(' '),
  },
  DE: {
    // Not "cologne": in a trade sentence it is a perfume.
    en: ['hamburg', 'munich', 'frankfurt', 'berlin', 'düsseldorf', 'dusseldorf', 'stuttgart'],
    zh: '慕尼黑 法兰克福 柏林 科隆 杜塞尔多夫 斯图加特'.split(' '),
  },
  FR: { en: ['paris', 'lyon', 'marseille'], zh: '巴黎 里昂 马赛'.split(' ') },
  IT: { en: ['milan', 'rome', 'naples', 'turin'], zh: '米兰 罗马 那不勒斯 都灵'.split(' ') },
  ES: { en: ['madrid', 'barcelona', 'valencia'], zh: '马德里 巴塞罗那 瓦伦西亚'.split(' ') },
  NL: { en: ['rotterdam', 'amsterdam'], zh: '鹿特丹 阿姆斯特丹'.split(' ') },
  TR: { en: ['istanbul', 'ankara', 'izmir'], zh: '伊斯坦布尔 安卡拉 伊兹密尔'.split(' ') },
  SA: { en: ['riyadh', 'jeddah', 'dammam'], zh: '利雅得 吉达 达曼'.split(' ') },
  QA: { en: ['doha'], zh: ['多哈'] },
  NG: { en: ['lagos', 'abuja'], zh: ['拉各斯', '阿布贾'] },
  KE: { en: ['nairobi', 'mombasa'], zh: ['内罗毕', '蒙巴萨'] },
  ZA: { en: ['johannesburg', 'cape town', 'durban'], zh: ['约翰内斯堡', '开普敦', '德班'] },
  BR: { en: ['sao paulo', 'são paulo', 'rio de janeiro'], zh: ['圣保罗', '里约热内卢', '里约'] },
  IN: {
    en: ['mumbai', 'new delhi', 'delhi', 'bangalore', 'chennai'],
    zh: '孟买 新德里 德里 班加罗尔 金奈'.split(' '),
  },
  ID: { en: ['jakarta', 'surabaya'], zh: ['雅加达', '泗水'] },
  TH: { en: ['bangkok'], zh: ['曼谷'] },
  VN: { en: ['ho chi minh city', 'ho chi minh', 'saigon', 'hanoi'], zh: ['胡志明市', '胡志明', '河内'] },
  PH: { en: ['manila'], zh: ['马尼拉'] },
  JP: { en: ['tokyo', 'osaka', 'yokohama'], zh: ['东京', '大阪', '横滨'] },
  KR: { en: ['seoul', 'busan'], zh: ['首尔', '釜山'] },
  RU: { en: ['moscow', 'saint petersburg', 'st petersburg'], zh: ['莫斯科', '圣彼得堡'] },
  MX: { en: ['mexico city', 'guadalajara', 'monterrey'], zh: ['墨西哥城', '瓜达拉哈拉', '蒙特雷'] },
};
const CITY_NAMES_EN = new Set(Object.values(CITIES).flatMap((city) => city.en));

/** Short names people write that neither source gives (checked against real sentences). */
const EXTRA_NAMES: Record<string, { en?: string[]; zh?: string[] }> = {
  CN: {
    en: ['prc', 'mainland china', 'chinese', ...CHINA_PLACES_EN],
    zh: ['中华人民共和国', '国内', '大陆', ...CHINA_PLACES_ZH],
  },
  // Taiwan's words for places the region names below do not give.
  AE: { zh: ['杜拜'] },
  SA: { zh: ['沙乌地'] },
  SG: { zh: ['星加坡', '星洲'] },
  HK: { en: ['hong kong', 'hongkong', 'hk'], zh: ['香港'] },
  MO: { en: ['macau', 'macao'], zh: ['澳门'] },
  TW: { en: ['taiwan', 'taiwanese'], zh: ['台湾', '臺灣'] },
  KP: { en: ['north korea'], zh: ['北韩', '朝鲜'] },
  CD: { en: ['dr congo', 'drc', 'democratic republic of the congo'], zh: ['刚果金', '刚果民主共和国'] },
  CG: { en: ['republic of the congo', 'congo-brazzaville'], zh: ['刚果布'] },
  CI: { en: ['ivory coast', "cote d'ivoire", 'côte d’ivoire'], zh: ['象牙海岸'] },
  MM: { en: ['burma', 'myanmar'], zh: ['缅甸'] },
  LA: { en: ['laos'], zh: ['老挝'] },
  SZ: { en: ['swaziland'], zh: ['史瓦济兰'] },
  MK: { en: ['macedonia'], zh: ['马其顿'] },
  TL: { en: ['east timor'], zh: ['东帝汶'] },
  PS: { en: ['palestine'], zh: ['巴勒斯坦'] },
  VA: { en: ['vatican'], zh: ['梵蒂冈', '教廷'] },
  BA: { en: ['bosnia'], zh: ['波黑', '波斯尼亚'] },
  DO: { en: ['dominican republic'], zh: ['多米尼加'] },
  BY: { en: ['belarus'], zh: ['白俄', '白俄罗斯'] },
  UA: { en: ['ukraine', 'ukrainian'], zh: ['乌克兰'] },
  KZ: { en: ['kazakhstan', 'kazakh'], zh: ['哈萨克斯坦', '哈萨克'] },
  UZ: { en: ['uzbekistan'], zh: ['乌兹别克斯坦', '乌兹别克'] },
  QA: { en: ['qatar'], zh: ['卡塔尔'] },
  KW: { en: ['kuwait'], zh: ['科威特'] },
  OM: { en: ['oman'], zh: ['阿曼'] },
  BH: { en: ['bahrain'], zh: ['巴林'] },
  IQ: { en: ['iraq'], zh: ['伊拉克'] },
  IR: { en: ['iran'], zh: ['伊朗'] },
  JO: { en: ['jordan'], zh: ['约旦'] },
  LB: { en: ['lebanon'], zh: ['黎巴嫩'] },
  GH: { en: ['ghana'], zh: ['加纳'] },
  ET: { en: ['ethiopia'], zh: ['埃塞俄比亚', '埃塞'] },
  TZ: { en: ['tanzania'], zh: ['坦桑尼亚'] },
  DZ: { en: ['algeria'], zh: ['阿尔及利亚'] },
  LK: { en: ['sri lanka'], zh: ['斯里兰卡'] },
  NP: { en: ['nepal'], zh: ['尼泊尔'] },
  KH: { en: ['cambodia'], zh: ['柬埔寨'] },
  EC: { en: ['ecuador'], zh: ['厄瓜多尔'] },
  VE: { en: ['venezuela'], zh: ['委内瑞拉'] },
  UY: { en: ['uruguay'], zh: ['乌拉圭'] },
  PY: { en: ['paraguay'], zh: ['巴拉圭'] },
  BO: { en: ['bolivia'], zh: ['玻利维亚'] },
  HU: { en: ['hungary', 'hungarian'], zh: ['匈牙利'] },
  SK: { en: ['slovakia'], zh: ['斯洛伐克'] },
  SI: { en: ['slovenia'], zh: ['斯洛文尼亚'] },
  HR: { en: ['croatia'], zh: ['克罗地亚'] },
  RS: { en: ['serbia'], zh: ['塞尔维亚'] },
  BG: { en: ['bulgaria'], zh: ['保加利亚'] },
  LT: { en: ['lithuania'], zh: ['立陶宛'] },
  LV: { en: ['latvia'], zh: ['拉脱维亚'] },
  EE: { en: ['estonia'], zh: ['爱沙尼亚'] },
  LU: { en: ['luxembourg'], zh: ['卢森堡'] },
  MT: { en: ['malta'], zh: ['马耳他'] },
  CY: { en: ['cyprus'], zh: ['塞浦路斯'] },
  IS: { en: ['iceland'], zh: ['冰岛'] },
};

/**
 * Two- and three-letter codes that are also everyday English words or abbreviations count only when
 * written in capitals ("IN", "IT", "ME", "CAN"); the rest are matched in any case when standing alone.
 */
const CODE_WORDS = new Set(
  'AD AM AN AS AT BE BY CAN DO FOR GO HE HI ID IN IS IT LA ME MY NO OF ON OR PE SO TO UP US WE ARE AND BEN BHR CAR COD DOM FIN GAB GIN HAM MAR MEX MLI NAM PER POL SUR TON TUN VAT COL CUB ITA ESP NOR'.split(
    ' ',
  ),
);

/** English names of places that mostly mean something else in a trade sentence. */
const NOT_PLACES_EN = new Set(['jersey', 'guernsey']);

const lower = (text: string) => text.normalize('NFKC').toLowerCase().trim();

function buildPlaces(): { places: Place[]; namesEn: Map<string, string[]>; namesZh: Map<string, string[]> } {
  const places: Place[] = [];
  const namesEn = new Map<string, string[]>();
  const namesZh = new Map<string, string[]>();
  for (const iso2 of Object.keys(isoCountries.getAlpha2Codes()).sort()) {
    const demo = demoCountry.get(iso2);
    const isoEn = isoCountries.getName(iso2, 'en', { select: 'all' }) ?? [];
    const isoZh = isoCountries.getName(iso2, 'zh', { select: 'all' }) ?? [];
    const en = demo?.en ?? displayEnShort.of(iso2) ?? isoEn[0] ?? iso2;
    const zh = demo?.zh ?? isoZh[0] ?? displayZhShort.of(iso2) ?? iso2;
    places.push({ iso2, iso3: isoCountries.alpha2ToAlpha3(iso2) ?? iso2, en, zh });
    const english = [
      en,
      displayEn.of(iso2),
      displayEnShort.of(iso2),
      ...isoEn,
      ...(demo?.aliases_en ?? []),
      ...(EXTRA_NAMES[iso2]?.en ?? []),
      ...(CITIES[iso2]?.en ?? []),
    ]
      .filter((name): name is string => Boolean(name))
      .map(lower)
      // Names that are also everyday words ("us") count only as codes written in capitals; "jersey"
      // and "guernsey" are clothes far more often than islands.
      .filter((name) => !CODE_WORDS.has(name.toUpperCase()) && !NOT_PLACES_EN.has(name));
    const chinese = [
      zh,
      displayZh.of(iso2),
      displayZhShort.of(iso2),
      ...isoZh,
      ...(demo?.aliases_zh ?? []),
      ...(EXTRA_NAMES[iso2]?.zh ?? []),
      ...(CITIES[iso2]?.zh ?? []),
      ...displayZhHant.map((names) => names.of(iso2)),
    ]
      .filter((name): name is string => Boolean(name) && /[\u3400-\u9fff]/.test(name!))
      .map((name) => lower(simplified(name)));
    namesEn.set(iso2, [...new Set(english)]);
    namesZh.set(iso2, [...new Set(chinese)]);
  }
  return { places, namesEn, namesZh };
}

const built = buildPlaces();

/** Countries' English names as nouns ("germany", "united states"), not their adjectives ("german"). */
const NOUNS_EN = new Set(
  Object.keys(isoCountries.getAlpha2Codes()).flatMap((iso2) =>
    [
      displayEn.of(iso2),
      displayEnShort.of(iso2),
      ...(isoCountries.getName(iso2, 'en', { select: 'all' }) ?? []),
    ]
      .filter((name): name is string => Boolean(name))
      .map(lower),
  ),
);

/** Every ISO 3166-1 country and territory (249 entries), sorted by code. */
export const PLACES: readonly Place[] = built.places;
export const PLACE_BY_ISO2 = new Map(PLACES.map((place) => [place.iso2, place]));
const ISO3_TO_ISO2 = new Map(PLACES.map((place) => [place.iso3, place.iso2]));

export interface Region {
  id: string;
  en: string;
  zh: string;
  /** Other ways people name it, lower case. */
  names_en: string[];
  names_zh: string[];
  /** ISO 3166-1 alpha-2 codes of the countries it stands for. */
  members: string[];
}

const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE';
const EUROPE = `${EU} AL AD BY BA IS LI MD MC ME MK NO RU SM RS CH UA GB VA`;
const ASEAN = 'BN KH ID LA MY MM PH SG TH VN';
const GCC = 'AE SA KW QA BH OM';
const SOUTH_AMERICA = 'AR BO BR CL CO EC GY PY PE SR UY VE';
const CENTRAL_AMERICA = 'BZ CR SV GT HN NI PA';
const AFRICA =
  'DZ AO BJ BW BF BI CV CM CF TD KM CG CD DJ EG GQ ER SZ ET GA GM GH GN GW CI KE LS LR LY MG MW ML MR MU MA MZ NA NE NG RW ST SN SC SL SO ZA SS SD TZ TG TN UG ZM ZW';

/**
 * The regions a sentence may name, one table: what each is called in both languages and which
 * countries it stands for. "North America" is the USMCA three; "Europe" includes the UK, Russia and
 * the Balkans; "Middle East" includes Turkey and Egypt, as trade statistics count them.
 */
export const REGIONS: readonly Region[] = [
  {
    id: 'middle_east',
    en: 'Middle East',
    zh: '中东',
    names_en: ['middle east', 'middle-east', 'mideast', 'middle eastern', 'mena'],
    names_zh: ['中东', '中东地区'],
    members: `${GCC} YE IQ IR JO LB SY IL PS TR EG CY`.split(' '),
  },
  {
    id: 'gcc',
    en: 'GCC',
    zh: '海湾国家',
    names_en: ['gcc', 'gulf countries', 'gulf states', 'the gulf', 'gulf region', 'persian gulf'],
    names_zh: ['海湾国家', '海湾地区', '海合会', '海湾六国'],
    members: GCC.split(' '),
  },
  {
    id: 'eu',
    en: 'EU',
    zh: '欧盟',
    names_en: ['eu', 'european union', 'eu countries', 'e.u.'],
    names_zh: ['欧盟', '欧洲联盟', '欧盟国家'],
    members: EU.split(' '),
  },
  {
    id: 'europe',
    en: 'Europe',
    zh: '欧洲',
    names_en: ['europe', 'european'],
    names_zh: ['欧洲', '欧洲地区'],
    members: EUROPE.split(' '),
  },
  {
    id: 'europe_north_america',
    en: 'Europe and North America',
    zh: '欧美',
    names_en: [],
    names_zh: ['欧美', '欧美地区', '欧美国家'],
    members: `${EUROPE} US CA`.split(' '),
  },
  {
    id: 'western_europe',
    en: 'Western Europe',
    zh: '西欧',
    names_en: ['western europe', 'west europe'],
    names_zh: ['西欧'],
    members: 'GB IE FR DE NL BE LU AT CH LI MC'.split(' '),
  },
  {
    id: 'eastern_europe',
    en: 'Eastern Europe',
    zh: '东欧',
    names_en: ['eastern europe', 'east europe', 'central and eastern europe', 'cee'],
    names_zh: ['东欧', '中东欧'],
    members: 'PL CZ SK HU RO BG BY UA MD RU'.split(' '),
  },
  {
    id: 'southern_europe',
    en: 'Southern Europe',
    zh: '南欧',
    names_en: ['southern europe', 'south europe'],
    names_zh: ['南欧'],
    members: 'ES PT IT GR MT CY HR SI AL ME MK RS BA AD SM VA'.split(' '),
  },
  {
    id: 'benelux',
    en: 'Benelux',
    zh: '比荷卢',
    names_en: ['benelux', 'low countries'],
    names_zh: ['比荷卢', '荷比卢', '比荷卢三国'],
    members: 'BE NL LU'.split(' '),
  },
  {
    id: 'dach',
    en: 'DACH',
    zh: '德语区',
    names_en: ['dach', 'dach region', 'german-speaking countries', 'german speaking countries'],
    names_zh: ['德语区', '德奥瑞', '德语国家'],
    members: 'DE AT CH'.split(' '),
  },
  {
    id: 'nordics',
    en: 'Nordics',
    zh: '北欧',
    names_en: ['nordics', 'nordic countries', 'nordic', 'scandinavia', 'scandinavian', 'northern europe'],
    names_zh: ['北欧', '北欧国家', '斯堪的纳维亚'],
    members: 'DK FI IS NO SE'.split(' '),
  },
  {
    id: 'southeast_asia',
    en: 'Southeast Asia',
    zh: '东南亚',
    names_en: [
      'southeast asia',
      'south east asia',
      'south-east asia',
      'southeast asian',
      'sea region',
      'asean',
    ],
    names_zh: ['东南亚', '东盟', '东南亚地区'],
    members: ASEAN.split(' '),
  },
  {
    id: 'south_asia',
    en: 'South Asia',
    zh: '南亚',
    names_en: ['south asia', 'south asian', 'indian subcontinent', 'saarc'],
    names_zh: ['南亚', '南亚次大陆'],
    members: 'IN PK BD LK NP BT MV AF'.split(' '),
  },
  {
    id: 'asia',
    en: 'Asia',
    zh: '亚洲',
    names_en: ['asia', 'asian countries'],
    names_zh: ['亚洲', '亚洲地区', '亚洲国家'],
    members:
      `CN JP KR KP MN TW HK MO ${ASEAN} TL IN PK BD LK NP BT MV AF KZ KG TJ TM UZ ${GCC} YE IQ IR JO LB SY IL PS TR GE AM AZ`.split(
        ' ',
      ),
  },
  {
    id: 'east_asia',
    en: 'East Asia',
    zh: '东亚',
    names_en: ['east asia', 'far east'],
    names_zh: ['东亚', '远东'],
    members: 'CN JP KR KP MN TW HK MO'.split(' '),
  },
  {
    id: 'central_asia',
    en: 'Central Asia',
    zh: '中亚',
    names_en: ['central asia', 'central asian', 'central asian countries'],
    names_zh: ['中亚', '中亚五国'],
    members: 'KZ KG TJ TM UZ'.split(' '),
  },
  {
    id: 'north_america',
    en: 'North America',
    zh: '北美',
    names_en: ['north america', 'north american', 'usmca', 'nafta'],
    names_zh: ['北美', '北美洲', '北美地区'],
    members: 'US CA MX'.split(' '),
  },
  {
    id: 'central_america',
    en: 'Central America',
    zh: '中美洲',
    names_en: ['central america'],
    names_zh: ['中美洲'],
    members: CENTRAL_AMERICA.split(' '),
  },
  {
    id: 'south_america',
    en: 'South America',
    zh: '南美',
    names_en: ['south america', 'south american'],
    names_zh: ['南美', '南美洲'],
    members: SOUTH_AMERICA.split(' '),
  },
  {
    id: 'latin_america',
    en: 'Latin America',
    zh: '拉美',
    names_en: ['latin america', 'latam', 'latin american'],
    names_zh: ['拉美', '拉丁美洲', '拉美地区'],
    members: `MX ${CENTRAL_AMERICA} ${SOUTH_AMERICA} CU DO PR`
      .split(' ')
      .filter((code) => !['BZ', 'GY', 'SR'].includes(code)),
  },
  {
    id: 'africa',
    en: 'Africa',
    zh: '非洲',
    names_en: ['africa', 'african countries'],
    names_zh: ['非洲', '非洲国家'],
    members: AFRICA.split(' '),
  },
  {
    id: 'north_africa',
    en: 'North Africa',
    zh: '北非',
    names_en: ['north africa', 'maghreb'],
    names_zh: ['北非'],
    members: 'DZ EG LY MA TN SD'.split(' '),
  },
  {
    id: 'west_africa',
    en: 'West Africa',
    zh: '西非',
    names_en: ['west africa', 'western africa', 'west african', 'ecowas'],
    names_zh: ['西非'],
    members: 'BJ BF CV CI GM GH GN GW LR ML MR NE NG SN SL TG'.split(' '),
  },
  {
    id: 'east_africa',
    en: 'East Africa',
    zh: '东非',
    names_en: ['east africa', 'eastern africa', 'east african'],
    names_zh: ['东非'],
    members: 'KE TZ UG RW BI ET SO DJ ER SS'.split(' '),
  },
  {
    id: 'oceania',
    en: 'Oceania',
    zh: '大洋洲',
    names_en: ['oceania', 'australasia', 'anz'],
    names_zh: ['大洋洲', '澳新'],
    members: 'AU NZ FJ PG SB VU WS TO KI FM MH NR PW TV'.split(' '),
  },
];
export const REGION_BY_ID = new Map(REGIONS.map((region) => [region.id, region]));

/** The regions that still stand: those whose every country is among `countries` ("欧洲除了德国" is no longer Europe). */
export function regionsWithin(regions: readonly string[], countries: readonly string[]): string[] {
  return regions.filter((id) => REGION_BY_ID.get(id)?.members.every((code) => countries.includes(code)));
}

type Hit = { kind: 'country'; iso2: string } | { kind: 'region'; id: string };

/** Phrases longest first, so 印度尼西亚 wins over 印度 and "south africa" over "africa". */
const phrasesEn: [string, Hit][] = [];
const phrasesZh: [string, Hit][] = [];
for (const place of PLACES) {
  for (const name of built.namesEn.get(place.iso2) ?? [])
    phrasesEn.push([name, { kind: 'country', iso2: place.iso2 }]);
  for (const name of built.namesZh.get(place.iso2) ?? [])
    phrasesZh.push([name, { kind: 'country', iso2: place.iso2 }]);
}
for (const region of REGIONS) {
  for (const name of new Set([lower(region.en), ...region.names_en]))
    phrasesEn.push([name, { kind: 'region', id: region.id }]);
  for (const name of new Set([region.zh, ...region.names_zh]))
    phrasesZh.push([name, { kind: 'region', id: region.id }]);
}
phrasesEn.sort((a, b) => b[0].length - a[0].length);
phrasesZh.sort((a, b) => b[0].length - a[0].length);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Names that are something else in some company: bone china is porcelain, guinea pigs are pets. */
const GUARDS: Record<string, [before: string, after: string]> = {
  china: ['(?<!(?:bone|fine) )', ''],
  guinea: ['', '(?! pigs?)'],
  turkey: ['', '(?! (?:meat|breast|legs?|wings?))'],
  // Cities and states in product names.
  paris: ['(?<!plaster of )', ''],
  alaska: ['', '(?! pollocks?)'],
  boston: ['', '(?! lobsters?)'],
  valencia: ['', '(?! oranges?)'],
  california: ['', '(?! almonds?)'],
  ankara: ['', '(?! fabrics?)'],
};
const patternsEn = phrasesEn.map(([phrase, hit]) => {
  const [before, after] = GUARDS[phrase] ?? ['', ''];
  const body = `${before}${escape(phrase)}${after}`;
  return [phrase, new RegExp(`(^|[^\\p{L}\\p{N}])${body}(?=$|[^\\p{L}\\p{N}])`, 'gu'), hit] as const;
});
/** Chinese names inside product names: 南美白虾 is a shrimp, 澳洲坚果 a nut, 美国山核桃 is still the US. */
const GUARDS_ZH: Record<string, string> = {
  南美: '(?!白虾|对虾)',
  澳洲: '(?!坚果)',
  泰国: '(?!香米)',
  // 马赛克 is a mosaic, 罗马凉鞋 and 罗马帘 are sandals and blinds.
  马赛: '(?!克)',
  罗马: '(?!凉鞋|帘)',
};
const patternsZh = phrasesZh.map(
  ([phrase, hit]) => [phrase, new RegExp(`${escape(phrase)}${GUARDS_ZH[phrase] ?? ''}`, 'g'), hit] as const,
);

/** Words after a place that say it is a market, not the goods' origin ("for German importers", "of Spain and"). */
const NOT_GOODS = new Set(
  `and or in from to with that who which where whose market markets area region regions side based buyers buyer
  importers importer distributors distributor wholesalers wholesaler retailers retailer dealers dealer companies
  company firms firm suppliers supplier manufacturers manufacturer factories factory makers brands brand
  customers clients purchasers resellers agents traders exporters vendors businesses`.split(/\s+/),
);

/** What comes right before a place said of the goods: "进口中国家具的", "从中国进口", "摩洛哥的中国茶叶". */
const ORIGIN_VERB_ZH = /(?:进口|采购|购买|买|销售|经营|代理|分销|经销)\s*$/;
const ORIGIN_FROM_ZH = /从\s*$/;
const IMPORT_AFTER_ZH = /^\s*(?:进口|采购|进货|购买|买)/;
/** How "made in" is said between the place and the goods: 中国产的, 中国制造的. */
const MADE_ZH = /^\s*(?:(?:生产|制造|出产|产|制)的?)?\s*/;
/** What may follow a place that is a market, not an origin: a list, a kind of company, 那边. */
const MARKET_AFTER_ZH =
  /^(?:[的和与及跟或、,，。；;:：!！?？(（]|$|买家|买方|采购商|进口商|经销商|分销商|批发商|零售商|代理|客户|客商|公司|企业|市场|地区|区域|供应商|供货商|厂家|工厂|制造商|生产商|厂商|出口商|卖家|商家|品牌|那边|这边|本地|当地|境内|国内|以外|之外|除外)/;
const LISTED_ZH = /^\s*(?:和|与|及|以及|跟|或|、)\s*$/;
const SUPPLIER_ZH = /供应商|供货商|厂家|工厂|制造商|生产商|厂商|出口商|源头|卖家/;
const BUYER_ZH = /买家|买方|采购商|进口商|经销商|分销商|批发商|零售商|代理|客户|客商|商店|超市/;

/**
 * A Chinese place (or places listed together) said of the goods, with a market named besides: "摩洛哥的中国茶叶进口商" (Moroccan
 * importers of Chinese tea), "进口中国家具的美国公司", "从中国进口家具的美国公司". The place must stand
 * right before the goods, after a verb of buying, after 从 … 进口, or after 的 that follows another
 * place; and suppliers asked after it are where they are ("卖到德国的中国LED灯厂家" are Chinese factories).
 */
function isOriginZh(
  text: string,
  at: number,
  length: number,
  previous: { at: number; length?: number } | undefined,
): boolean {
  const before = text.slice(0, at);
  const after = text.slice(at + length);
  const goods = after.slice(MADE_ZH.exec(after)![0].length);
  if (MARKET_AFTER_ZH.test(goods)) return false;
  const clause = goods.split(/[,，。；;!！?？]/)[0]!;
  const supplier = clause.search(SUPPLIER_ZH);
  const buyer = clause.search(BUYER_ZH);
  if (supplier >= 0 && (buyer < 0 || supplier < buyer)) return false;
  if (ORIGIN_VERB_ZH.test(before)) return true;
  if (ORIGIN_FROM_ZH.test(before)) return IMPORT_AFTER_ZH.test(after);
  const of = /的\s*$/.exec(before);
  return (
    of !== null &&
    previous?.length !== undefined &&
    before.slice(previous.at + previous.length, of.index).trim() === ''
  );
}

/** A kind of company or market right after a place: "US buyers", "US market". */
const COMPANIES_AFTER_EN =
  /^\s+(?:buyers?|importers?|distributors?|wholesalers?|retailers?|dealers?|compan(?:y|ies)|firms?|suppliers?|manufacturers?|factor(?:y|ies)|markets?|customers?|clients?|brands?)\b/i;

/** Words that bring goods in from a place ("importing auto parts from China", "buyers of LED from Japan"). */
const IMPORTING_EN =
  /\b(?:import(?:s|ed|ing|ers?)?|buy(?:s|ing|ers?)?|bought|sourc(?:e|es|ed|ing)|purchas(?:e|es|ed|ing|ers?)|bring(?:s|ing)?\s+in)\b/;
/** "in", "across", … before a place: that place is where the companies are. */
const MARKET_BEFORE_EN = /\b(?:in|across|within|throughout|based\s+in|located\s+in)\s+(?:the\s+)?$/;

/** Words after which a misspelt word is read as a place. */
const PLACE_PREPOSITIONS = new Set(['in', 'from', 'to', 'at', 'across', 'within', 'of', 'for', 'and', 'or']);
const blank = (text: string, at: number, length: number) =>
  text.slice(0, at) + ' '.repeat(length) + text.slice(at + length);

export interface FoundPlaces {
  /** ISO alpha-2 codes of every country named, directly or through a region, in order of mention. */
  countries: string[];
  /** The regions named, by id. */
  regions: string[];
  /** English words read as a misspelt country ("Germnay" → DE), to tell the user. */
  corrected: { written: string; iso2: string }[];
  /** The sentence with every place removed (lower case), for the rest of the understanding. */
  rest: string;
}

/**
 * Finds every country and region in a sentence: Chinese and English names and aliases, ISO codes,
 * "A and B" / "A、B、C" lists, and misspelt English names where a place is expected.
 * @example findPlaces('阿联酋和沙特的LED灯具经销商').countries // ['AE', 'SA']
 */
export function findPlaces(sentence: string): FoundPlaces {
  const original = simplified(collapseSpaces(sentence.normalize('NFKC')));
  let rest = ` ${original.toLowerCase()} `;
  const hits: { at: number; hit: Hit; length?: number; zh?: boolean }[] = [];
  // Each pattern needs its phrase verbatim: a plain substring test skips the ~1,000 that cannot
  // match (running them all cost about 4 ms a sentence, most of a search's time in Node).
  for (const [phrase, pattern, hit] of patternsZh) {
    if (!rest.includes(phrase)) continue;
    rest = rest.replace(pattern, (whole, offset: number) => {
      hits.push({ at: offset, hit, length: whole.length, zh: true });
      return ' '.repeat(whole.length);
    });
  }
  for (const [phrase, pattern, hit] of patternsEn) {
    if (!rest.includes(phrase)) continue;
    rest = rest.replace(pattern, (whole, lead: string, offset: number) => {
      hits.push({ at: offset + lead.length, hit, length: whole.length - lead.length });
      return lead + ' '.repeat(whole.length - lead.length);
    });
  }
  // Codes: "UAE", "US", "DE", in capitals. Those that are also words ("IN", "IT", "CAN") only
  // when the sentence names no other place ("cookware IN Germany" is Germany).
  const padded = ` ${original} `;
  const wordCodes: { at: number; length: number; iso2: string }[] = [];
  for (const match of padded.matchAll(/(?<![\p{L}\p{N}.])([A-Za-z]{2,3})(?![\p{L}\p{N}])/gu)) {
    const token = match[1]!;
    const code = token.toUpperCase();
    const iso2 = code.length === 2 ? (PLACE_BY_ISO2.has(code) ? code : undefined) : ISO3_TO_ISO2.get(code);
    if (!iso2 || rest.slice(match.index, match.index + token.length).trim() === '') continue;
    // Written in lower case, a code is a word ("frying pan" is no Panama, "sports bra" no Brazil,
    // "fruit jam", "chewing gum", "robot arm"), unless a place is expected ("buyers in deu");
    // "usa" and "uae" are names, read above.
    if (token !== code && !/\b(?:in|from|across)\s+$/i.test(padded.slice(0, match.index))) continue;
    if (CODE_WORDS.has(code) || code.length === 2) {
      if (token === code) wordCodes.push({ at: match.index, length: token.length, iso2 });
      continue;
    }
    hits.push({ at: match.index, hit: { kind: 'country', iso2 } });
    rest = blank(rest, match.index, token.length);
  }
  const corrected: FoundPlaces['corrected'] = [];
  // Misspelt names ("Germnay"), only where a place is expected: after "in", "from"… or capitalized.
  const tokens = [...rest.matchAll(/[a-z]+/g)].map((m) => ({ word: m[0], at: m.index }));
  for (let i = 0; i < tokens.length; i++) {
    const { word, at } = tokens[i]!;
    const capitalized = /\p{Lu}/u.test(padded[at] ?? '');
    const before = tokens[i - 1];
    const afterPlaceWord = before !== undefined && PLACE_PREPOSITIONS.has(before.word);
    if (!capitalized && !afterPlaceWord) continue;
    const next = tokens[i + 1];
    const two = next ? correctCountry(`${word} ${next.word}`) : null;
    const iso2 = two ?? correctCountry(word);
    if (!iso2) continue;
    const length = two ? next!.at + next!.word.length - at : word.length;
    corrected.push({ written: padded.slice(at, at + length), iso2 });
    hits.push({ at, hit: { kind: 'country', iso2 } });
    rest = blank(rest, at, length);
    if (two) i++;
  }
  // With other places named, a code that is also a word still counts after "the" ("the US"), in
  // a list with them ("US, Canada and Mexico"), and "US" right before a kind of company ("US buyers";
  // not other codes: "IT companies", "AI firms" and "PR agencies" are no places).
  const named = hits.length > 0;
  const isPlaceAt = (at: number) => rest[at] === ' ' && /[\p{L}\p{N}]/u.test(padded[at] ?? '');
  for (const { at, length, iso2 } of wordCodes) {
    const before = padded.slice(0, at);
    const after = padded.slice(at + length);
    const listedAfter = /^\s*(?:,|、|&|\/|and\b|or\b)\s*/i.exec(after);
    // The sentence's spaces are collapsed (collapseSpaces): one at most on either side.
    const listedBefore = / ?(?:,|、|&|\/|\band|\bor) ?$/i.exec(before);
    if (
      named &&
      !/\bthe\s+$/i.test(before) &&
      !(iso2 === 'US' && COMPANIES_AFTER_EN.test(after)) &&
      !(listedAfter && isPlaceAt(at + length + listedAfter[0].length)) &&
      !(listedBefore && isPlaceAt(at - listedBefore[0].length - 1))
    )
      continue;
    hits.push({ at, hit: { kind: 'country', iso2 } });
    rest = blank(rest, at, length);
  }
  hits.sort((a, b) => a.at - b.at);
  // "importers of Chinese tea in Morocco": a place said of the product, with a market named
  // besides, is where the goods come from, not where the companies are.
  if (hits.length > 1) {
    const lower = padded.toLowerCase();
    const origins = hits.filter((hit) => {
      const { at, length, zh } = hit;
      if (length === undefined || zh) return false;
      const before = lower.slice(0, at);
      const next = /^\s+([a-z][a-z-]*)/.exec(lower.slice(at + length))?.[1];
      const goods = next !== undefined && !NOT_GOODS.has(next);
      // "importers of Chinese tea", "distributors for Italian furniture".
      if (/\b(?:of|for)\s+$/.test(before)) return goods;
      // "companies in Mexico importing auto parts from China", not "buyers from Germany".
      const from = /(?:^|\s)([a-z-]+)\s+from\s+$/.exec(before);
      if (from) return !NOT_GOODS.has(from[1]!) && IMPORTING_EN.test(lower);
      // "French wine importers in China": an adjective before the goods, with a market "in" another
      // place; not "Germany LED buyers, also in France", where the country itself is named.
      return (
        goods &&
        !NOUNS_EN.has(lower.slice(at, at + length)) &&
        hits.some((other) => other !== hit && MARKET_BEFORE_EN.test(lower.slice(0, other.at)))
      );
    });
    // English places listed together ("Spanish and Italian olive oil") are the origin together.
    for (let index = hits.length - 2; index >= 0; index--) {
      const hit = hits[index]!;
      const next = hits[index + 1]!;
      if (hit.zh || hit.length === undefined || !origins.includes(next) || origins.includes(hit)) continue;
      if (/^\s*(?:,|&|\/|and|or)\s*$/.test(lower.slice(hit.at + hit.length, next.at))) origins.push(hit);
    }
    // Chinese places listed together ("中国和越南家具") are the goods' origin, or not, together.
    for (let first = 0; first < hits.length;) {
      let last = first;
      const end = (index: number) => hits[index]!.at + (hits[index]!.length ?? 0);
      if (!hits[first]!.zh) {
        first++;
        continue;
      }
      while (hits[last + 1]?.zh && LISTED_ZH.test(padded.slice(end(last), hits[last + 1]!.at))) last++;
      const { at } = hits[first]!;
      if (isOriginZh(padded, at, end(last) - at, hits[first - 1]))
        origins.push(...hits.slice(first, last + 1));
      first = last + 1;
    }
    if (origins.length < hits.length) for (const origin of origins) hits.splice(hits.indexOf(origin), 1);
  }
  const countries: string[] = [];
  const regions: string[] = [];
  for (const { hit } of hits) {
    if (hit.kind === 'region') {
      if (!regions.includes(hit.id)) regions.push(hit.id);
      for (const member of REGION_BY_ID.get(hit.id)!.members)
        if (!countries.includes(member)) countries.push(member);
    } else if (!countries.includes(hit.iso2)) {
      countries.push(hit.iso2);
    }
  }
  return { countries, regions, corrected, rest: rest.replace(/\s+/g, ' ') };
}

/** Everyday trade words one letter away from a country's name ("chili" is not Chile). */
const NEAR_PLACE_WORDS = new Set(['chili', 'chilis', 'stain', 'stains', 'sedan', 'sedans']);

/**
 * English country names of one or two words, for spelling correction; not China's provinces and
 * cities, which sit one letter from English words ("hunan" and "human").
 */
const correctable = PLACES.flatMap((place) =>
  (built.namesEn.get(place.iso2) ?? [])
    .filter(
      (name) =>
        /^[a-z]+( [a-z]+)?$/.test(name) &&
        name.replace(' ', '').length >= 5 &&
        !CHINA_PLACES_EN.includes(name) &&
        !CITY_NAMES_EN.has(name),
    )
    .map((name) => [name, place.iso2] as const),
);

/**
 * The country a misspelt English word stands for ("Germnay", "Brazill", "Phillipines"), or null.
 * Same first letter, and at most one edit (two for names of 8 letters or more), with a swap of two
 * neighbouring letters counted as one edit.
 */
export function correctCountry(word: string): string | null {
  const written = lower(word);
  if (NEAR_PLACE_WORDS.has(written)) return null;
  if (!/^[a-z]+( [a-z]+)?$/.test(written) || written.replace(' ', '').length < 5) return null;
  let best: { iso2: string; cost: number; shared: number } | null = null;
  for (const [name, iso2] of correctable) {
    if (name[0] !== written[0] || Math.abs(name.length - written.length) > 2) continue;
    const allowed = name.length >= 8 ? 2 : 1;
    const cost = Math.min(distance(name, written), swapDistance(name, written));
    if (cost === 0 || cost > allowed) continue;
    // Two names as near: the one sharing more letters in order ("Austrlia" is Australia, not Austria).
    const shared = commonLetters(name.replace(' ', ''), written.replace(' ', ''));
    if (!best || cost < best.cost || (cost === best.cost && shared > best.shared))
      best = { iso2, cost, shared };
    else if (cost === best.cost && shared === best.shared && best.iso2 !== iso2)
      best = { iso2: '', cost, shared }; // ambiguous
  }
  return best?.iso2 || null;
}

/** The length of the longest common subsequence of two words. */
function commonLetters(a: string, b: string): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const char of a) {
    const row = [0];
    for (let j = 1; j <= b.length; j++)
      row[j] = char === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return previous[b.length]!;
}

/** 1 when `b` is `a` with two neighbouring letters swapped, otherwise Infinity. */
export function swapDistance(a: string, b: string): number {
  if (a.length !== b.length) return Infinity;
  const diff = [...a].flatMap((char, i) => (char === b[i] ? [] : [i]));
  return diff.length === 2 &&
    diff[1] === diff[0]! + 1 &&
    a[diff[0]!] === b[diff[1]!] &&
    a[diff[1]!] === b[diff[0]!]
    ? 1
    : Infinity;
}
