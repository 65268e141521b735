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
} from '../../server/search/keys.ts';
import { PRODUCT_BY_ID, PRODUCTS } from '../../server/search/products.ts';

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
  });
});
