import { describe, expect, it } from 'vitest';
import {
  EMPTY_PROFILE,
  profileSources,
  readProfileFacts,
  SOURCE_MAX_CHARS,
} from '../../server/profile/extract.ts';
import { NO_SOURCES, sourcesShown } from '../../server/profile/service.ts';

/** A one-pager as a small maker writes it: the facts spread over lines, one fact stated twice. */
const ONE_PAGER = [
  'Welcome to Harbourlight Lamps Co., Ltd.',
  'We buy aluminium frames for our LED panel lights from suppliers in Shenzhen.',
  'Our products include LED panel lights and LED downlights for offices.',
  'All lamps are CE and RoHS certified; samples are free.',
  'MOQ: 300 pcs per model. Panels in 40HQ containers: MOQ 1,000 pcs.',
  'Contact person: Mr. Chen Hao, Export Manager',
  'Tel: +86 (574) 8800-1234 | WeChat: chenhao_lamps',
  'www.harbourlight.example',
  'We export to 30 countries.',
].join('\n');

describe('where the files state each fact the profile read (profileSources)', () => {
  it('quotes the line of each one-value field; numbers are found by their digits', () => {
    const { values, sources } = readProfileFacts(ONE_PAGER);
    expect(values.company_en).toBe('Harbourlight Lamps Co., Ltd.');
    expect(sources.fields).toMatchObject({
      company_en: 'Welcome to Harbourlight Lamps Co., Ltd.',
      name_en: 'Contact person: Mr. Chen Hao, Export Manager',
      title_en: 'Contact person: Mr. Chen Hao, Export Manager',
      phone: 'Tel: +86 (574) 8800-1234 | WeChat: chenhao_lamps',
      wechat: 'Tel: +86 (574) 8800-1234 | WeChat: chenhao_lamps',
      website: 'www.harbourlight.example',
    });
  });

  it('a product is quoted from the line it was read in, not from a line about what the company buys', () => {
    const { values, sources } = readProfileFacts(ONE_PAGER);
    expect(values.products).toContain('led-panel-lights');
    expect(sources.products['led-panel-lights']).toBe(
      'Our products include LED panel lights and LED downlights for offices.',
    );
    expect(Object.values(sources.products)).not.toContain(
      'We buy aluminium frames for our LED panel lights from suppliers in Shenzhen.',
    );
  });

  it('a product read in a long line is quoted around its name', () => {
    const filler = 'Founded in 1998 in Ningbo, we have grown steadily and employ many skilled workers, and ';
    const { sources } = readProfileFacts(
      `Brightlamp Co., Ltd.\nWe make ${filler}${filler}our main products are LED panel lights for offices.`,
    );
    const quoted = sources.products['led-panel-lights']!;
    expect(quoted).toContain('LED panel lights');
    expect(quoted.startsWith('…')).toBe(true);
    expect([...quoted].length).toBeLessThanOrEqual(SOURCE_MAX_CHARS);
  });

  it('certifications and selling points are quoted from the line that names them', () => {
    const { sources } = readProfileFacts(ONE_PAGER);
    expect(sources.certifications).toEqual({
      CE: 'All lamps are CE and RoHS certified; samples are free.',
      RoHS: 'All lamps are CE and RoHS certified; samples are free.',
    });
    expect(sources.strengths.samples).toBe('All lamps are CE and RoHS certified; samples are free.');
    // Not from the contact line above it, whose title says "Export".
    expect(sources.strengths.export_experience).toBe('We export to 30 countries.');
  });

  it('the minimum order is quoted, and a different minimum the files also state is flagged', () => {
    const text = 'MOQ: 300 pcs per model.\nFor panels in containers: MOQ 1,000 pcs.\nMOQ: 300 pcs again.';
    const { values, sources } = readProfileFacts(text);
    expect(values.moq).toEqual({ quantity: 300, unit: 'piece' });
    expect(sources.fields.moq).toBe('MOQ: 300 pcs per model.');
    expect(sources.other_moq).toEqual(['For panels in containers: MOQ 1,000 pcs.']);
    expect(readProfileFacts('MOQ: 300 pcs.\nMOQ 300 pcs for samples too.').sources.other_moq).toEqual([]);
    // Two minimums in one line: the line is flagged for the second.
    expect(readProfileFacts(ONE_PAGER).sources.other_moq).toEqual([
      'MOQ: 300 pcs per model. Panels in 40HQ containers: MOQ 1,000 pcs.',
    ]);
  });

  it('a long line is cut around the fact, with "…" where it was cut', () => {
    const filler = 'We have served customers in forty countries for many years with care. '.repeat(6);
    const line = `${filler}Our website is www.lampmaker.example and ${filler}`;
    const quoted = profileSources(line, { ...EMPTY_PROFILE, website: 'www.lampmaker.example' }).fields
      .website!;
    expect([...quoted].length).toBeLessThanOrEqual(SOURCE_MAX_CHARS);
    expect(quoted).toContain('www.lampmaker.example');
    expect(quoted.startsWith('…')).toBe(true);
    expect(quoted.endsWith('…')).toBe(true);
  });

  it('a reading from elsewhere (an LLM) is quoted too; a fact no line holds gets no source', () => {
    const sources = profileSources(ONE_PAGER, {
      ...EMPTY_PROFILE,
      company_en: 'Harbourlight Lamps Co., Ltd.',
      name_en: 'Wang Lei',
      products: ['led-panel-lights', 'ceiling-fans'],
    });
    expect(sources.fields).toEqual({ company_en: 'Welcome to Harbourlight Lamps Co., Ltd.' });
    expect(Object.keys(sources.products)).toEqual(['led-panel-lights']);
  });
});

describe('the sources the profile page shows (sourcesShown)', () => {
  const stored = readProfileFacts(ONE_PAGER);

  it('a field the user edited shows no source; list items keep theirs while still listed', () => {
    const values = {
      ...stored.values,
      company_en: 'Harbourlight Group',
      certifications: ['CE' as const],
      products: stored.values.products.slice(1),
    };
    const shown = sourcesShown(stored.sources, values, ['phone', 'moq', 'certifications']);
    expect(Object.keys(shown.fields).sort()).toEqual(['moq', 'phone']);
    expect(shown.certifications).toEqual({ CE: stored.sources.certifications.CE });
    expect(Object.keys(shown.products)).toEqual(values.products);
    expect(Object.keys(stored.sources.products)).toHaveLength(values.products.length + 1);
    expect(shown.other_moq).toEqual(stored.sources.other_moq);
    expect(sourcesShown(stored.sources, values, ['phone']).other_moq).toEqual([]);
  });

  it('a profile stored before sources existed shows none', () => {
    expect(sourcesShown(NO_SOURCES, stored.values, ['company_en'])).toEqual(NO_SOURCES);
  });
});
