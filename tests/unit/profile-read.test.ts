import { describe, expect, it } from 'vitest';
import { isPhone, isProfileText, isWebsite, isWechat } from '../../contract/profile.ts';
import {
  chineseCompanyName,
  englishCompanyName,
  profileCertifications,
  profileMoq,
  profileProducts,
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
