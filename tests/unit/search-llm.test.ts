import { describe, expect, it } from 'vitest';
import { understandWithLlm } from '../../server/search/llm.ts';
import { parseQuery } from '../../server/search/parse.ts';
import { PRODUCT_BY_ID } from '../../server/search/products.ts';
import { productCandidates } from '../../server/search/retrieve.ts';
import { REGION_BY_ID } from '../../server/search/places.ts';
import type { Llm, LlmRequest } from '../../server/platform/llm/types.ts';

const ids = (sentence: string) => productCandidates(sentence).map((p) => p.id);

describe('productCandidates: the products an LLM is offered for a sentence', () => {
  it('finds goods by their words in either language, a misspelt English word by its nearest', () => {
    expect(ids('hydrolic pumps importers')).toContain('hydraulic-pumps');
    expect(ids('我们做不锈钢保温杯，找美国的经销商')).toContain('vacuum-flasks');
    expect(ids('帐篷睡袋的买家')).toEqual(expect.arrayContaining(['tents', 'sleeping-bags']));
    expect(ids('solar pannel installers in Australia')[0]).toBe('solar-panels');
  });

  it('offers nothing for words that name no goods', () => {
    expect(ids('who are the best ones in the area and for the rest of it')).toEqual([]);
    expect(ids('帮我看看邻国那边谁会转卖我们的货')).toEqual([]);
  });

  it('puts the built-in reader’s products first, with the products under them, and keeps to the limit', () => {
    const panels = PRODUCT_BY_ID.get('led-panel-lights')!;
    const offered = productCandidates('lights for the zorblat market', [panels]);
    expect(offered[0]).toBe(panels);
    expect(offered).toContain(PRODUCT_BY_ID.get('led-lights'));
    expect(offered).toContain(PRODUCT_BY_ID.get('lighting'));
    expect(productCandidates('LED lights, lamps and lighting', [], 5)).toHaveLength(5);
  });
});

/** An LLM that answers each criteria call with `answers` in turn, recording what it was sent. */
function scripted(...answers: object[]): Llm & { sent: LlmRequest[] } {
  const sent: LlmRequest[] = [];
  return {
    model: 'scripted',
    sent,
    complete: async (request) => {
      sent.push(request);
      return JSON.stringify(answers[sent.length - 1] ?? {});
    },
  };
}

const blank = { phone: null, email: null, min_employees: null, max_employees: null, company_type: null };
const offeredIn = (request: LlmRequest) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (request.schema!.schema as any).properties.products.items.enum as string[];

describe('understandWithLlm: the model chooses ids', () => {
  it('keeps the built-in reader’s HS codes for the products it keeps', async () => {
    const sentence = 'HS 940511 buyers, the zorblat kind';
    expect(parseQuery(sentence).codes).toEqual(['940511']);
    const answer = (products: string[]) => ({
      role: 'buyer',
      countries: ['es'],
      regions: [],
      products,
      other_goods: [],
      conditions: blank,
    });
    expect((await understandWithLlm(scripted(answer(['decorative-lighting'])), sentence)).codes).toEqual([
      '940511',
    ]);
    // Another product among those offered (one under decorative lighting): no code.
    const other = productCandidates(sentence, parseQuery(sentence).products).find(
      (p) => p.id !== 'decorative-lighting',
    )!;
    expect((await understandWithLlm(scripted(answer([other.id])), sentence)).codes).toBeUndefined();
  });

  it('keeps the built-in reader’s "only" for the same kind, not for another', async () => {
    const sentence = 'only hydrolic pump importers, the zorblat kind';
    expect(parseQuery(sentence).conditions).toMatchObject({ companyType: 'importer', companyTypeOnly: true });
    const answer = (company_type: string) => ({
      role: 'buyer',
      countries: ['de'],
      regions: [],
      products: ['hydraulic-pumps'],
      other_goods: [],
      conditions: { ...blank, company_type },
    });
    expect((await understandWithLlm(scripted(answer('importer')), sentence)).conditions).toEqual({
      companyType: 'importer',
      companyTypeOnly: true,
    });
    expect((await understandWithLlm(scripted(answer('wholesaler')), sentence)).conditions).toEqual({
      companyType: 'wholesaler',
    });
  });

  it('is offered the retrieved candidates as the only product ids its structured output may hold', async () => {
    const sentence = 'hydrolic pumps importers, the zorblat kind';
    const llm = scripted({
      role: 'buyer',
      countries: ['de'],
      regions: ['benelux'],
      products: ['hydraulic-pumps'],
      other_goods: [],
      conditions: { ...blank, phone: true, min_employees: 51, company_type: 'importer' },
    });
    const understood = await understandWithLlm(llm, sentence);
    expect(llm.sent).toHaveLength(1);
    expect(llm.sent[0]!.schema).toMatchObject({ name: 'search_criteria' });
    expect(offeredIn(llm.sent[0]!)).toEqual(
      productCandidates(sentence, parseQuery(sentence).products).map((p) => p.id),
    );
    expect(llm.sent[0]!.messages[0]!.content).toContain('hydraulic-pumps: hydraulic pumps / 液压泵');
    expect(understood).toMatchObject({
      role: 'buyer',
      roleStated: true,
      // The region's countries after the named one.
      countries: ['DE', ...REGION_BY_ID.get('benelux')!.members],
      regions: ['benelux'],
      products: [PRODUCT_BY_ID.get('hydraulic-pumps')],
      conditions: { phone: true, employees: { min: 51 }, companyType: 'importer' },
    });
  });

  it('goods that no candidate is: a second call offers their own candidates, within the budget', async () => {
    const sentence = 'Wer verkauft bei den Nachbarn unsere Thermosflaschen weiter?';
    const named = {
      role: 'buyer',
      countries: ['AT'],
      regions: [],
      products: [],
      other_goods: ['vacuum flasks'],
      conditions: blank,
    };
    const chosen = { ...named, products: ['vacuum-flasks'], other_goods: [] };
    const llm = scripted(named, chosen);
    expect((await understandWithLlm(llm, sentence)).products.map((p) => p.id)).toEqual(['vacuum-flasks']);
    expect(llm.sent).toHaveLength(2);
    expect(offeredIn(llm.sent[1]!)).toEqual(ids('vacuum flasks'));
    expect(llm.sent[1]!.messages.at(-1)!.content).toBe(sentence);

    // Past the user's LLM budget the second call is not made and the parser answers.
    const refused = scripted(named, chosen);
    await expect(
      understandWithLlm(refused, sentence, undefined, parseQuery(sentence), async () => false),
    ).rejects.toThrow(/no product/);
    expect(refused.sent).toHaveLength(1);
  });

  it('a sentence with no candidates still sends a valid schema: no empty enum, and no product possible', async () => {
    const sentence = '帮我看看邻国那边谁会转卖我们的货';
    expect(productCandidates(sentence, parseQuery(sentence).products)).toEqual([]);
    const llm = scripted({
      role: 'buyer',
      countries: [],
      regions: [],
      products: [],
      other_goods: [],
      conditions: blank,
    });
    await expect(understandWithLlm(llm, sentence)).rejects.toThrow(/no product/);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const products = (llm.sent[0]!.schema!.schema as any).properties.products;
    expect(products).toEqual({ type: 'array', items: { type: 'string' }, maxItems: 0 });
  });

  it.each([
    ['an id not offered', { products: ['tents'] }],
    ['a country code we do not know', { countries: ['XQ'], products: ['hydraulic-pumps'] }],
    ['a region we do not know', { regions: ['atlantis'], products: ['hydraulic-pumps'] }],
    ['no product', { products: [] }],
  ])('%s: the answer is not used', async (_name, answer) => {
    const llm = scripted({
      role: 'buyer',
      countries: [],
      regions: [],
      other_goods: [],
      conditions: blank,
      ...answer,
    });
    await expect(understandWithLlm(llm, 'hydrolic pumps importers, the zorblat kind')).rejects.toThrow();
  });
});
