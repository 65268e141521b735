import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../server/leads/reference.ts';
import {
  keyMatches,
  keyName,
  PRODUCT_KEY_BASE,
  productKey,
  productKeysUnder,
  productKeysUnderCode,
  productOfKey,
  recordProduct,
} from '../../server/search/keys.ts';
import { PRODUCT_BY_ID, PRODUCTS, productForHs } from '../../server/search/products.ts';

const product = (id: string) => PRODUCT_BY_ID.get(id)!;

describe('search keys (issue 32, item 1)', () => {
  it('gives every catalogue product its own key, above every demo category id', () => {
    const keys = PRODUCTS.map(productKey);
    expect(new Set(keys).size).toBe(PRODUCTS.length);
    expect(Math.min(...keys)).toBeGreaterThanOrEqual(PRODUCT_KEY_BASE);
    expect(Math.max(...CATEGORIES.map((c) => c.id))).toBeLessThan(PRODUCT_KEY_BASE);
    for (const p of PRODUCTS.slice(0, 50)) expect(productOfKey(productKey(p))).toBe(p);
  });

  it('keeps a product’s key when the catalogue changes: stored records keep their product', () => {
    // Keys are stored in lead_shipments and leads: a key that moved would file them under another product.
    expect(productKey(product('led-lights'))).toBe(886666549);
    expect(productKey(product('vannamei-shrimp'))).toBe(1226824084);
  });

  it('names a key as a card shows it, a category or a product, in both languages', () => {
    expect([keyName(1, 'en'), keyName(1, 'zh')]).toEqual(['LED panel lights', 'LED面板灯']);
    const shrimp = productKey(product('vannamei-shrimp'));
    expect([keyName(shrimp, 'en'), keyName(shrimp, 'zh')]).toEqual(['vannamei shrimp', '南美白虾']);
    expect(keyName(999_999, 'en')).toBeUndefined();
  });

  it('matches a product and the products under it, never a sibling or a broader one', () => {
    const vannamei = productKey(product('vannamei-shrimp'));
    expect(keyMatches(product('shrimp'), vannamei)).toBe(true);
    expect(keyMatches(product('vannamei-shrimp'), vannamei)).toBe(true);
    expect(keyMatches(product('black-tiger-shrimp'), vannamei)).toBe(false);
    expect(keyMatches(product('vannamei-shrimp'), productKey(product('frozen-shrimp')))).toBe(false);
    expect(productKeysUnder(product('frozen-shrimp'))).toContain(vannamei);
    expect(productKeysUnder(product('black-tiger-shrimp'))).not.toContain(vannamei);
  });

  it('reads an HS code as the products filed under its subheading', () => {
    const under = productKeysUnderCode('0306.17.19').map((key) => productOfKey(key)!.id);
    expect(under).toContain('vannamei-shrimp');
    expect(under).not.toContain('cooked-shrimp');
    // An HS 2017 code a user still writes: the HS 2022 subheadings its goods went to.
    expect(productKeysUnderCode('8517.12').map((key) => productOfKey(key)!.id)).toContain('mobile-phones');
  });
});

describe('records coded in an older HS edition (UN correlation tables, issue 32, item 1)', () => {
  const read = (code: string, description = '') => recordProduct(code, description)?.id ?? null;

  it('reads a subheading HS 2022 no longer has as the ones its goods went to', () => {
    // HS 2017 8517.12 (telephones for cellular networks) is 8517.13/14 now: not smartwatches.
    expect(read('8517.12')).toBe('mobile-phones');
    // HS 2017 4011.61 and 4011.62 (tyres for farm and construction machines) are 4011.70 and 4011.80.
    expect(read('401161')).toBe('agricultural-tyres');
    expect(read('4011.62.00')).toBe('otr-tyres');
    // HS 2012 heading 6908 (glazed tiles) went into 6907: another heading.
    expect(read('6908.90', 'GLAZED FLOOR TILES 600X600')).toBe('ceramic-tiles');
    expect(read('690890')).toBe('ceramic-tiles');
  });

  it('reads an old subheading split over several products as what they share, or as its description says', () => {
    // HS 2017 9405.40 went to LED and other lamps and fittings: lighting, unless the record says which.
    expect(read('9405.40')).toBe('lighting');
    expect(read('9405.40', 'LED DOWNLIGHT 12W')).toBe('downlights');
    // HS 2017 8541.40 is now LEDs, solar cells and modules: nothing they all are, without a description.
    expect(read('854140')).toBeNull();
    expect(read('854140', 'SOLAR MODULES 450W')).toBe('solar-panels');
  });

  it('reads an old code in a sentence as its product too', () => {
    expect(productForHs('HS 8517.12')?.id).toBe('mobile-phones');
    expect(productForHs('9405.40')?.id).toBe('lighting');
  });

  it('leaves a current subheading as it is', () => {
    expect(read('9405.11', 'LED PANEL LIGHT')).toBe('led-panel-lights');
    expect(read('851713')).toBe(read('8517.13.00'));
  });
});
