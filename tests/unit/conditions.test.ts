import { describe, expect, it } from 'vitest';
import { understand } from '../../server/search/understand.ts';

/** The conditions the search reads in a sentence. */
const read = (sentence: string) => understand(sentence).conditions;

describe('a way to reach the company', () => {
  it.each([
    ['德国的LED进口商，要有电话', { phone: true }],
    ['帮我找带电话的澳洲家具买家', { phone: true }],
    ['有邮箱的美国买家', { email: true }],
    ['波兰的扳手经销商，电话和邮箱都要有', { phone: true, email: true }],
    ['需要有联系电话和邮箱地址的供应商', { phone: true, email: true }],
    ['LED buyers in Spain with email', { email: true }],
    ['wrench distributors in poland, need both phone and email', { phone: true, email: true }],
    ['furniture importers that must have a phone number', { phone: true }],
    ['tile buyers, phone number required', { phone: true }],
    ['importers with verified email addresses only', { email: true }],
    ['distributors with a whatsapp number', { phone: true }],
    // Whose contact, said between the verb and the contact.
    ['德国LED买家，最好有采购经理邮箱', { email: true }],
    ['德国LED买家，需要采购负责人的邮箱', { email: true }],
    ['有联系人电话的巴西路灯买家', { phone: true }],
    ['要有老板手机号的越南家具工厂', { phone: true }],
    ['德国LED买家 能打电话的', { phone: true }],
    ["German LED buyers, ideally with the purchasing manager's email", { email: true }],
    ['German LED buyers with contact email', { email: true }],
    ['furniture importers with direct emails of the buyers', { email: true }],
    ['tile distributors with the owner’s phone number', { phone: true }],
  ])('%s', (sentence, expected) => {
    expect(read(sentence)).toMatchObject(expected);
  });

  it.each([
    '手机壳买家',
    '手机配件进口商',
    'mobile phone case buyers in Kenya',
    'telephone buyers in Germany',
    'email marketing software resellers',
    '有采购需求的德国LED买家',
    '采购经理很活跃的德国家具买家',
    'buyers with the purchasing power of a chain',
  ])('%s asks for a product, not a contact', (sentence) => {
    const found = read(sentence);
    expect(found.phone).toBeUndefined();
    expect(found.email).toBeUndefined();
  });

  it('leaves the product words whole: 有电话的手机配件进口商 still asks for 手机配件', () => {
    const found = understand('有电话的手机配件进口商');
    expect(found.conditions.phone).toBe(true);
    expect(found.products.map((p) => p.id)).toEqual(['phone-accessories']);
    expect(understand('phone case buyers with phone').products.map((p) => p.id)).toEqual(['phone-cases']);
  });
});

describe('company size', () => {
  it.each([
    ['德国200人以上的LED进口商', { min: 200 }],
    ['越南员工超过500人的瓦楞纸箱采购商', { min: 501 }],
    ['员工至少100人的家具买家', { min: 100 }],
    ['1,200人以上的工厂', { min: 1200 }],
    ['不到20人的小公司', { max: 19 }],
    ['20人以下的经销商', { max: 20 }],
    ['员工不超过50人的批发商', { max: 50 }],
    ['50-200人的家具批发商', { min: 50, max: 200 }],
    ['50到200名员工的进口商', { min: 50, max: 200 }],
    ['carton buyers in vietnam with more than 500 employees', { min: 501 }],
    ['furniture importers with at least 100 employees', { min: 100 }],
    ['small companies under 20 staff', { max: 19 }],
    ['distributors with fewer than 10 employees', { max: 9 }],
    ['wholesalers with 50 to 200 employees', { min: 50, max: 200 }],
    ['between 50 and 200 employees', { min: 50, max: 200 }],
    ['50+ employees', { min: 50 }],
    ['200 employees or more', { min: 200 }],
    ['companies with 2k+ staff', { min: 2000 }],
    ['LED strip retailers, no more than 50 employees', { max: 50 }],
    ['not more than 30 staff', { max: 30 }],
    ['not less than 100 employees', { min: 100 }],
  ])('%s → %j', (sentence, employees) => {
    expect(read(sentence).employees).toEqual(employees);
  });

  it.each([
    ['中东地区规模大一点的家具进口商', { min: 201 }],
    ['大型进口商，做LED灯的', { min: 201 }],
    ['德国的大公司，买家具的', { min: 201 }],
    ['中小型经销商 意大利 瓷砖', { max: 200 }],
    ['小公司 LED 买家', { max: 50 }],
    ['中型批发商，越南，纸箱', { min: 51, max: 200 }],
    ['large importers of LED lights in Germany', { min: 201 }],
    ['large companies importing coffee in the US', { min: 201 }],
    ['mid-sized distributors of tiles in Italy', { min: 51, max: 200 }],
    ['SMEs importing furniture in Spain', { max: 200 }],
    ['small retailers of phone cases in Kenya', { max: 50 }],
  ])('%s → %j (said in words)', (sentence, employees) => {
    expect(read(sentence).employees).toEqual(employees);
  });

  it('a size word on the product stays a product word, a big buyer buys a lot, and Canada is no big company', () => {
    expect(read('大型挖掘机买家').employees).toBeUndefined();
    expect(read('小型发电机进口商').employees).toBeUndefined();
    expect(read('small generators buyers in Kenya').employees).toBeUndefined();
    expect(read('large format printers distributors').employees).toBeUndefined();
    expect(read('加拿大公司 木地板').employees).toBeUndefined();
    expect(read('加拿大买家 木地板').employees).toBeUndefined();
    // 大客户 and big buyers: how much they buy, not their size.
    expect(read('有没有巴西的大客户推荐').employees).toBeUndefined();
    expect(read('big buyers of coffee in the US').employees).toBeUndefined();
    expect(understand('大型挖掘机买家').products.map((p) => p.id)).toEqual(['excavators']);
  });

  it('a number says the size when words say it too: the number wins', () => {
    expect(read('大型进口商，员工500人以上').employees).toEqual({ min: 500 });
    expect(read('large importers with at least 1000 employees').employees).toEqual({ min: 1000 });
  });

  it('numbers that are not a size stay out of it', () => {
    expect(read('200W LED panel buyers')).toEqual({});
    expect(read('找10家德国买家')).toEqual({});
    expect(read('buyers of 20 ft containers')).toEqual({});
  });

  it('the size phrase never becomes a product word', () => {
    for (const sentence of ['50-200人的家具批发商', 'furniture wholesalers with 50 to 200 employees']) {
      const read = understand(sentence);
      expect(read.products.map((p) => p.id)).toEqual(['furniture']);
      expect(read.unknown).toEqual([]);
    }
  });
});

describe('kind of company', () => {
  it.each([
    ['德国的LED进口商', 'importer'],
    ['find LED importers in Germany', 'importer'],
    ['西班牙的家具批发商', 'wholesaler'],
    ['furniture wholesalers in Spain', 'wholesaler'],
    ['法国的化妆品零售商', 'retailer'],
    ['cosmetics retail chains in France', 'retailer'],
    ['巴西的逆变器经销商', 'distributor'],
    ['inverter dealers in Brazil', 'distributor'],
    ['找几个日本的文具代理', 'distributor'],
    ['中国锂电池厂家', 'manufacturer'],
    ['lithium battery factories in China', 'manufacturer'],
    ['美国的运动服品牌商', 'brand'],
    ['sportswear brand owners in the US', 'brand'],
  ])('%s → %s', (sentence, type) => {
    expect(read(sentence).companyType).toBe(type);
  });

  it.each([
    ['combine harvester distributers in Argentina', 'distributor'],
    ['ball bearing distribtors in Kazakhstan', 'distributor'],
    ['wholesalors of rice', 'wholesaler'],
    ['who imports ceramic toilets in Morocco?', 'importer'],
    ['摩洛哥有人进口陶瓷马桶吗？', 'importer'],
  ])('%s → %s (misspelt, or said with a verb)', (sentence, type) => {
    expect(read(sentence).companyType).toBe(type);
  });

  it.each([
    'imported LED lights buyers',
    'buyers of distribution boxes',
    'importance of tea buyers',
    'import duty calculator buyers',
  ])('%s names no kind of company', (sentence) => {
    expect(read(sentence).companyType).toBeUndefined();
  });

  it('a size said after the kind of company leaves the kind whole', () => {
    expect(read('意大利的咖啡机批发商，至少200名员工')).toEqual({
      employees: { min: 200 },
      companyType: 'wholesaler',
    });
    expect(read('西班牙的瑜伽垫零售商，少于20人的小公司')).toEqual({
      employees: { max: 19 },
      companyType: 'retailer',
    });
    expect(read('德国的灯带经销商，最多50人')).toEqual({
      employees: { max: 50 },
      companyType: 'distributor',
    });
  });

  it('a plain buyer, customer or supplier names no kind of company', () => {
    expect(read('帮我找德国的LED面板买家').companyType).toBeUndefined();
    expect(read('LED panel buyers in Germany').companyType).toBeUndefined();
    expect(read('日本的客户').companyType).toBeUndefined();
    expect(read('LED panel suppliers').companyType).toBeUndefined();
  });
});
