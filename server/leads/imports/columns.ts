/**
 * Where each export keeps each fact of a shipment (docs/imports.md): the header names, trimmed,
 * lower case and NFKC (full-width brackets read as ASCII), of ImportYeti, Panjiva, ImportGenius and
 * Tendata (腾道) exports and of our own sample. The first column of a list with a value counts.
 */
export const SHIPMENT_COLUMNS = {
  date: [
    'arrival date',
    'date',
    'actual arrival date',
    'estimated arrival date',
    'shipment date',
    'bill of lading date',
    'import date',
    '日期',
    '进口日期',
    '到港日期',
  ],
  consignee: ['consignee', 'consignee name', 'importer', 'importer name', 'buyer', '进口商', '采购商'],
  consigneeCountry: [
    'consignee country',
    'country',
    'importer country',
    'destination country',
    'country of destination',
    '进口国',
    '采购商国家',
  ],
  consigneeAddress: ['consignee address', 'consignee full address', 'importer address', '进口商地址'],
  notify: ['notify party', 'notify party name', 'notify'],
  notifyAddress: ['notify address', 'notify party address'],
  shipper: ['shipper', 'shipper name', 'exporter', 'exporter name', 'supplier', '出口商', '供应商'],
  shipperCountry: ['shipper country', 'exporter country', 'supplier country', '出口国', '供应商国家'],
  shipperAddress: ['shipper address', 'shipper full address', 'exporter address', '出口商地址'],
  origin: ['country of origin', 'origin', 'origin country', '原产国'],
  hs: [
    'hs code',
    'hs',
    'hs codes',
    'hts code',
    'hts',
    'harmonized code',
    'commodity code',
    '海关编码',
    'hs编码',
    '商品编码',
  ],
  product: [
    'product description',
    'description',
    'product',
    'goods shipped',
    'goods description',
    'commodity',
    'commodity description',
    '产品描述',
    '商品描述',
  ],
  weight: [
    'weight (kg)',
    'weight kg',
    'weight',
    'gross weight (kg)',
    'gross weight',
    '重量(千克)',
    '毛重(千克)',
    '重量',
    '毛重',
  ],
  weightUnit: ['weight unit', '重量单位'],
  quantity: ['quantity', '数量'],
  quantityUnit: ['quantity unit', 'unit', 'measure', '数量单位'],
  port: [
    'port of unlading',
    'port of discharge',
    'port',
    'destination port',
    'us port',
    'port of arrival',
    '卸货港',
    '目的港',
  ],
  bol: ['bill of lading', 'bill of lading number', 'bol', 'bol number', 'master bill of lading', '提单号'],
  url: ['url', 'source url', 'link'],
} satisfies Record<string, string[]>;

/**
 * Where company directories keep each fact (docs/imports.md): Europages, Kompass and Canton Fair
 * (广交会) exhibitor lists. `name` is the name as the row writes it (Chinese on a Canton Fair
 * list), `englishName` the English one when a row gives both.
 */
export const DIRECTORY_COLUMNS = {
  name: [
    'company name',
    'company',
    'name',
    'organisation',
    'organization',
    '公司名称',
    '企业名称',
    '中文名称',
    'exhibitor',
  ],
  englishName: ['english name', 'company name (english)', '英文名称', '公司英文名称'],
  country: ['country', 'country/region', 'country / region', '国家', '国家/地区'],
  city: ['city', 'town', '城市'],
  province: ['province', 'state', 'region', '省份'],
  website: ['website', 'web', 'web site', 'homepage', 'url', '网址', '网站'],
  phones: ['phone', 'telephone', 'tel', 'phone number', '电话', '手机', 'mobile'],
  emails: ['email', 'e-mail', 'email address', '邮箱', '电子邮件'],
  activity: [
    'main activity',
    'activity type',
    'company type',
    'business type',
    'type',
    '企业类型',
    '公司类型',
  ],
  products: ['products', 'main products', 'products and services', '主营产品', '经营范围', '产品'],
  description: ['description', 'activities', 'activity', 'company description', '公司简介', '简介'],
  employees: ['employees', 'number of employees', 'staff', 'company size', '员工人数'],
  founded: ['year established', 'founded', 'year founded', 'established', '成立年份', '成立时间'],
  /** A Canton Fair list's session and booth: its rows are exhibitors, who sell. */
  session: ['届次', '展位号', '展区'],
} satisfies Record<string, string[]>;

/**
 * Where an Apollo or a Hunter contacts export keeps each fact (columns trimmed, lower case; the
 * first with a value counts).
 */
export const CONTACT_COLUMNS: Record<
  'apollo' | 'hunter',
  {
    first: string[];
    last: string[];
    title: string[];
    email: string[];
    status: string[];
    department: string[];
    seniority: string[];
    domain: string[];
    company: string[];
    country: string[];
    phones: string[];
    companyPhones: string[];
    linkedin: string[];
    twitter: string[];
  }
> = {
  apollo: {
    first: ['first name'],
    last: ['last name'],
    title: ['title'],
    email: ['email'],
    status: ['email status'],
    department: ['departments'],
    seniority: ['seniority'],
    domain: ['website'],
    company: ['company', 'company name for emails', 'company name'],
    country: ['company country'],
    phones: ['work direct phone', 'mobile phone', 'first phone'],
    companyPhones: ['corporate phone'],
    linkedin: ['person linkedin url'],
    twitter: [],
  },
  hunter: {
    first: ['first name'],
    last: ['last name'],
    title: ['position'],
    email: ['email address'],
    status: ['verification status'],
    department: ['department'],
    seniority: ['seniority'],
    domain: ['domain name'],
    company: ['organization', 'company'],
    country: ['country'],
    phones: ['phone number'],
    companyPhones: [],
    linkedin: ['linkedin url'],
    twitter: ['twitter handle'],
  },
};

/** The columns of our own company file (docs/imports.md "Companies"), read by validateImport. */
export const COMPANY_COLUMNS = [
  'name',
  'role',
  'country',
  'products',
  'city',
  'size',
  'company_type',
  'description_en',
  'description_zh',
  'website',
  'emails',
  'phones',
  'socials',
  'founded_year',
] as const;

/** Every column name an import reads, in any layout: the names a column map may give (`--map`). */
export const KNOWN_COLUMNS: ReadonlySet<string> = new Set([
  ...Object.values(SHIPMENT_COLUMNS).flat(),
  ...Object.values(DIRECTORY_COLUMNS).flat(),
  ...Object.values(CONTACT_COLUMNS).flatMap((columns) => Object.values(columns).flat()),
  ...COMPANY_COLUMNS,
]);
