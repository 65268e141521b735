import { describe, expect, it } from 'vitest';
import { categoriesUnderCode, codesOf, recordUnderCodes } from '../../server/search/codes.ts';
import { criteriaOf } from '../../server/search/describe.ts';
import { fromCriteria, refineUnderstood } from '../../server/search/criteria.ts';
import { parseQuery } from '../../server/search/parse.ts';
import { categoryIdsFor } from '../../server/leads/search.ts';
import { evidenceFor } from '../../server/leads/evidence.ts';
import { CATEGORIES, CATEGORY_BY_ID } from '../../server/leads/reference.ts';
import { PRODUCT_BY_ID } from '../../server/search/products.ts';

/** The slugs of the categories a search goes to. */
const searched = (sentence: string) =>
  categoryIdsFor(parseQuery(sentence)).map((id) => CATEGORY_BY_ID.get(id)!.slug);
/** The slugs of the categories.json entries whose own HS code starts with `digits`, read from the file. */
const filedUnder = (digits: string) =>
  CATEGORIES.filter((c) => c.hs_code.replace(/\D/g, '').startsWith(digits))
    .map((c) => c.slug)
    .sort();

describe('an HS code is searched by the code (issue 32, item 7)', () => {
  it('goes to every category whose goods are filed under it, whichever product it was read as', () => {
    expect(parseQuery('HS 940511 buyers in Spain').codes).toEqual(['940511']);
    expect(searched('HS 940511 buyers in Spain').sort()).toEqual(filedUnder('940511'));
    expect(filedUnder('940511')).toEqual([
      'decorative-lighting',
      'downlights-spotlights',
      'led-panel-lights',
    ]);
    // Not every LED light: LED panels are 9405.11, LED bulbs 8539.52.
    expect(searched('HS编码940542的德国买家').sort()).toEqual(filedUnder('940542'));
    expect(searched('HS编码940542的德国买家')).not.toContain('led-panel-lights');
    // A heading: all of it.
    expect(searched('HS 9405 importers').sort()).toEqual(filedUnder('9405'));
  });

  it('a national tariff line is searched as its subheading', () => {
    expect(parseQuery('HS 9405.11.00.10 importers in Germany').codes).toEqual(['9405110010']);
    expect(searched('HS 9405.11.00.10 importers in Germany').sort()).toEqual(filedUnder('940511'));
  });

  it('a code no category is filed under searches its product as any product', () => {
    const shrimp = parseQuery('HS 030617 buyers in Japan');
    expect(shrimp.codes).toEqual(['030617']);
    expect(categoriesUnderCode('030617')).toEqual([]);
    expect(categoryIdsFor(shrimp)).toEqual(categoryIdsFor({ products: [PRODUCT_BY_ID.get('shrimp')!] }));
  });

  it('a sentence without a code has none, and a price or a date is no code', () => {
    expect(parseQuery('LED panel buyers in Germany').codes).toBeUndefined();
    expect(parseQuery('LED buyers, price 1000.00').codes).toBeUndefined();
  });

  it('a code goes with its product: kept through chips and follow-ups, dropped with the product', () => {
    const coded = parseQuery('HS 940511 buyers in Spain');
    expect(criteriaOf(coded).hs_codes).toEqual(['940511']);
    expect(fromCriteria(criteriaOf(coded), 'en').codes).toEqual(['940511']);
    expect(
      fromCriteria({ ...criteriaOf(coded), products: ['led-panel-lights'] }, 'en').codes,
    ).toBeUndefined();
    // A code sent without the product it names is not searched.
    expect(codesOf(['940511', '1234', '12'], [PRODUCT_BY_ID.get('decorative-lighting')!])).toEqual([
      '940511',
    ]);
    const france = refineUnderstood(coded, parseQuery('what about France'), 'what about France');
    expect(france.codes).toEqual(['940511']);
    const panels = refineUnderstood(coded, parseQuery('LED panels instead'), 'LED panels instead');
    expect(panels.codes).toBeUndefined();
    // Its product left out ("不要装饰灯了"): the code leaves with it.
    const dropped = refineUnderstood(coded, parseQuery('不要装饰灯了'), '不要装饰灯了');
    expect(dropped.products).toEqual([]);
    expect(dropped.codes ?? []).toEqual([]);
  });
});

describe('the records a code asked cites', () => {
  it('lie under the code, or are the subheading a longer code lies under', () => {
    expect(recordUnderCodes('940511', ['9405'])).toBe(true);
    expect(recordUnderCodes('94051100', ['940511'])).toBe(true);
    expect(recordUnderCodes('940511', ['9405110010'])).toBe(true);
    expect(recordUnderCodes('940542', ['940511'])).toBe(false);
    expect(recordUnderCodes('9405', ['940511'])).toBe(false);
    expect(recordUnderCodes('', ['940511'])).toBe(false);
  });

  it('a record under the code counts as evidence even when no category was found for it', () => {
    const row = (hsCode: string, categoryId: number | null) => ({
      shippedOn: '2026-09-01',
      hsCode,
      categoryId,
      origin: 'CN',
      sourceName: 'x',
    });
    const rows = [row('94051100', null), row('940542', null), row('940511', 1)];
    const name = (code: string) => code;
    const byCode = evidenceFor(rows, [1], new Date('2026-10-01'), 'en', name, ['940511'])!;
    expect(byCode.shipments_12m).toBe(2);
    expect(byCode.hs_codes.sort()).toEqual(['9405.11', '9405.11.00']);
    expect(evidenceFor(rows, [1], new Date('2026-10-01'), 'en', name)!.shipments_12m).toBe(1);
  });
});
