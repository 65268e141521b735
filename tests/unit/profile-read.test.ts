import { describe, expect, it } from 'vitest';
import { isPhone, isProfileText, isWebsite, isWechat } from '../../contract/profile.ts';
import {
  chineseCompanyName,
  englishCompanyName,
  profileCertifications,
  profileMoq,
  profileProducts,
  contactPerson,
  profileWebsite,
  readProfile,
} from '../../server/profile/extract.ts';
import { mergeFromFiles } from '../../server/profile/service.ts';
import { EMPTY_PROFILE } from '../../server/profile/extract.ts';

describe('reading a company name', () => {
  it('takes the legal name, not a sentence that ends in 有限公司', () => {
    expect(chineseCompanyName('我们是一家专业生产宠物食品的有限公司。')).toBe('');
    expect(chineseCompanyName('欢迎访问宁波明亮宠物用品有限公司官网')).toBe('宁波明亮宠物用品有限公司');
    expect(chineseCompanyName('本公司宁波明亮宠物用品有限公司成立于2009年')).toBe('宁波明亮宠物用品有限公司');
  });

  it('reads legal forms as exporters write them, in capitals too', () => {
    expect(englishCompanyName('FOSHAN EXAMPLE FURNITURE CO., LTD.\nWe make chairs.')).toBe(
      'FOSHAN EXAMPLE FURNITURE CO., LTD.',
    );
    expect(englishCompanyName('Saigon Example Teak JSC exports garden furniture.')).toBe(
      'Saigon Example Teak JSC',
    );
    expect(englishCompanyName('Welcome to Tiruppur Example Knits Pvt. Ltd.')).toBe(
      'Tiruppur Example Knits Pvt. Ltd.',
    );
    expect(englishCompanyName('Izmir Example Tekstil A.Ş. produces towels.')).toBe(
      'Izmir Example Tekstil A.Ş.',
    );
  });

  it('never takes a customer’s, partner’s or supplier’s name for the company’s', () => {
    expect(
      englishCompanyName(
        'Our partner in Germany: Holzgarten Vertriebs GmbH.\nWe are Ningbo Example Lamp Co., Ltd.',
      ),
    ).toBe('Ningbo Example Lamp Co., Ltd.');
    expect(englishCompanyName('Our customers include Example Retail Ltd. and others.')).toBe('');
    expect(chineseCompanyName('主要客户：德国某某贸易有限公司\n宁波某某灯具有限公司专业生产LED灯')).toBe(
      '宁波某某灯具有限公司',
    );
  });

  it('takes the English name without the words before it', () => {
    expect(englishCompanyName('Welcome to Ningbo Bright Pet Products Co., Ltd. We make pet food.')).toBe(
      'Ningbo Bright Pet Products Co., Ltd.',
    );
    expect(englishCompanyName('We sell to many companies in Germany.')).toBe('');
  });
});

describe('reading products, certifications, MOQ and website', () => {
  it('reads products from the lines that name them and leaves out the company’s own name', () => {
    const text = '宁波明亮宠物用品有限公司\n主要产品：猫粮、狗粮。\n可定制包装。';
    expect(profileProducts(text, ['宁波明亮宠物用品有限公司'])).toEqual(['cat-food', 'dog-food']);
  });

  it('never claims what the company buys in, what its customers sell, or what is not sold yet', () => {
    expect(
      profileProducts('We make LED panel lights. We buy aluminium profiles from Guangdong suppliers.'),
    ).toEqual(['led-panel-lights']);
    expect(
      profileProducts('We manufacture teak dining tables, and we import teak logs from Myanmar.'),
    ).toEqual(['dining-tables']);
    expect(
      profileProducts(
        'Main products: dog food, cat food; our customers include supermarkets selling furniture.',
      ),
    ).toEqual(['dog-food', 'cat-food']);
    expect(profileProducts('Our products: solar panels. Coming soon: portable power stations.')).toEqual([
      'solar-panels',
    ]);
    // A Chinese comma ends a clause: the sinks stay, the customers' cabinets and the coming sinks go.
    expect(profileProducts('我们专业生产不锈钢水槽，主要客户为橱柜厂。即将推出：陶瓷水槽。')).toEqual([
      'kitchen-sinks',
    ]);
  });

  it('a word read as a misspelt product is not a product ("Our products")', () => {
    expect(profileProducts('Our products are CE certified.')).toEqual([]);
  });

  it('short marks count only as written: CE, not "ce" inside a word or sentence', () => {
    expect(profileCertifications('We source nice pieces for every place.')).toEqual([]);
    expect(profileCertifications('通过CE、RoHS认证，ISO9001:2015体系')).toEqual(['ISO 9001', 'CE', 'RoHS']);
  });

  it('reads MOQ after the labels and qualifiers exporters write', () => {
    const moq = (text: string) => profileMoq(text);
    expect(moq('MOQ per color: 1000pcs')).toEqual({ quantity: 1000, unit: 'piece' });
    expect(moq('Min. order: 200 sets')).toEqual({ quantity: 200, unit: 'set' });
    expect(moq('Minimum Order Qty: 300 pairs')).toEqual({ quantity: 300, unit: 'pair' });
    expect(moq('M.O.Q. 50 cartons')).toEqual({ quantity: 50, unit: 'carton' });
    expect(moq('Mindestbestellmenge MOQ 500 Stück')).toEqual({ quantity: 500, unit: 'piece' });
    expect(moq('最小订单量：2000只')).toEqual({ quantity: 2000, unit: 'piece' });
    expect(moq('MOQ (each model): 100 units')).toEqual({ quantity: 100, unit: 'piece' });
    // A container is no unit the profile holds: nothing rather than a wrong claim.
    expect(moq('Our MOQ is 1x40HQ')).toBeNull();
  });

  it('reads MOQ in Chinese and English units', () => {
    expect(profileMoq('最小起订量：500公斤')).toEqual({ quantity: 500, unit: 'kg' });
    expect(profileMoq('MOQ: 1,000 pcs per colour')).toEqual({ quantity: 1000, unit: 'piece' });
    expect(profileMoq('起订量为2吨')).toEqual({ quantity: 2, unit: 'ton' });
    expect(profileMoq('We ship 500 cartons a week')).toBeNull();
  });

  it('a website is a www or http address, or a domain after a label; never a mail domain', () => {
    expect(profileWebsite('邮箱：sales@brightpet.cn')).toBe('');
    expect(profileWebsite('Ningbo Bright Co.Ltd')).toBe('');
    expect(profileWebsite('邮箱：sales@brightpet.cn 网址：www.brightpet.cn')).toBe('www.brightpet.cn');
    expect(profileWebsite('Web: lumolighting.com')).toBe('lumolighting.com');
  });

  it('reads nothing from nothing, and never throws on hostile text', () => {
    expect(readProfile('')).toEqual(EMPTY_PROFILE);
    const junk = `${'有限公司'.repeat(2000)} ${'MOQ:'.repeat(500)} <script>alert(1)</script> \u0000`;
    expect(() => readProfile(junk)).not.toThrow();
  });
});

describe('merging what the files say into the profile', () => {
  it('fields the user edited stay; the others follow the files, also when the files no longer say them', () => {
    const current = {
      ...EMPTY_PROFILE,
      website: 'mine.example.com',
      phone: '+86 1',
      company_zh: '旧公司有限公司',
    };
    const read = { ...EMPTY_PROFILE, website: 'file.example.com', company_en: 'New Co., Ltd.' };
    const { values, fromFiles } = mergeFromFiles(current, ['website'], read);
    expect(values.website).toBe('mine.example.com');
    expect(values.company_en).toBe('New Co., Ltd.');
    expect(values.company_zh).toBe('');
    expect(values.phone).toBe('');
    expect(fromFiles).toEqual(['company_en']);
  });
});

describe('profile field rules (contract/profile.ts)', () => {
  it.each([
    ['www.brightpet.cn', true],
    ['https://brightpet.cn/en?x=1', true],
    ['', true],
    ['javascript:alert(1)', false],
    ['http://exa mple.com', false],
    ['brightpet', false],
  ])('website %j → %s', (value, ok) => expect(isWebsite(value)).toBe(ok));

  it.each([
    ['+86 574 8765 4321', true],
    ['(0755) 2345-6789', true],
    ['12345', false],
    ['+86 574 8765 4321 ext', false],
  ])('phone %j → %s', (value, ok) => expect(isPhone(value)).toBe(ok));

  it('WeChat takes an ID or a phone number', () => {
    expect(isWechat('liwei_brightpet')).toBe(true);
    expect(isWechat('+86 138 0574 1234')).toBe(true);
    expect(isWechat('1abcdef')).toBe(false);
  });

  it('one-line texts refuse line breaks and overlong values', () => {
    expect(isProfileText('Bright Co.', 10)).toBe(true);
    expect(isProfileText('Bright\nCo.', 60)).toBe(false);
    expect(isProfileText('x'.repeat(61), 60)).toBe(false);
  });
});

describe('the contact person', () => {
  const person = (text: string) => {
    const { name_zh, name_en, title_zh, title_en } = contactPerson(text);
    return [name_zh, name_en, title_zh, title_en];
  };

  it('after a contact label, an honorific dropped and capitals in title case, with the title beside it', () => {
    expect(person('Contact: Anna Chen, Export Manager\nTel: 0755-2345 6789')).toEqual([
      '',
      'Anna Chen',
      '外贸经理',
      'Export Manager',
    ]);
    expect(person('联系人：王芳（外贸经理）\n电话：0574-1234567')).toEqual([
      '王芳',
      '',
      '外贸经理',
      'Export Manager',
    ]);
    expect(person('联 系 人：张伟\n职务：销售总监')).toEqual(['张伟', '', '销售总监', 'Sales Director']);
    expect(person('Contact person: Mr. Li Wei (Overseas Sales Manager)')).toEqual([
      '',
      'Li Wei',
      '',
      'Overseas Sales Manager',
    ]);
    expect(person('Contact: Ms. EMILY TRAN, Export Manager')).toEqual([
      '',
      'Emily Tran',
      '外贸经理',
      'Export Manager',
    ]);
    expect(person('Name: Chen Jing (陈静)\nPosition: Purchasing Manager')).toEqual([
      '陈静',
      'Chen Jing',
      '采购经理',
      'Purchasing Manager',
    ]);
  });

  it('after a title written as a label, and in a signature', () => {
    expect(person('Export Manager: Jason Wu\nMobile: +86 139 0000 0000')).toEqual([
      '',
      'Jason Wu',
      '外贸经理',
      'Export Manager',
    ]);
    expect(person('销售经理：刘洋')).toEqual(['刘洋', '', '销售经理', 'Sales Manager']);
    expect(person('Best regards,\nKevin Zhang\nInternational Sales Manager\nTel: +86 21 5555 0000')).toEqual([
      '',
      'Kevin Zhang',
      '',
      'International Sales Manager',
    ]);
    expect(person('Kevin Zhang | Sales Director')).toEqual(['', 'Kevin Zhang', '销售总监', 'Sales Director']);
  });

  it('never from a team, a customer or a title alone', () => {
    const none = ['', '', '', ''];
    expect(
      person('Welcome to Shenzhen Lumo Lighting Co., Ltd\nOur Sales Team\nCustomer Service Manager'),
    ).toEqual(none);
    expect(person('We supply Walmart and Tesco.\nGeneral Manager')).toEqual(none);
    // A price list's "Product name" names a product, not a person; a colon after more than a title is no label.
    expect(person('Product name: LED Panel Light\nPrice: 12 USD')).toEqual(none);
    expect(person('Note: Jason Wu is our Sales Manager')).toEqual(none);
  });
});
