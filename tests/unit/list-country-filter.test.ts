import { describe, expect, it } from 'vitest';
import { countryCodes } from '../../server/leads/pipeline.ts';

/**
 * The saved and unlocked lists' country filter as people type it (docs/leads-pipeline.md
 * "Filters"): a code, a name in either language, a common other name, or the start of a name.
 */
describe('countryCodes: what a typed country stands for', () => {
  it('a two-letter code, in any case', () => {
    expect(countryCodes('de')).toEqual(['DE']);
    expect(countryCodes('Jp')).toEqual(['JP']);
  });

  it('a name in English (any case, spaces around) or Chinese, or a three-letter code', () => {
    for (const typed of ['Germany', 'GERMANY', ' germany ', '德国', 'DEU', 'deu'])
      expect(countryCodes(typed), typed).toEqual(['DE']);
    expect(countryCodes('South Korea')).toEqual(['KR']);
  });

  it('another name people use, in English or Chinese', () => {
    expect(countryCodes('Deutschland')).toEqual(['DE']);
    expect(countryCodes('england')).toEqual(['GB']);
    expect(countryCodes('迪拜')).toEqual(['AE']);
    expect(countryCodes('美利坚')).toEqual(['US']);
  });

  it('a whole name is that country only, not every name it begins', () => {
    // "Niger" begins "Nigeria"; 印度 begins 印度尼西亚.
    expect(countryCodes('Niger')).toEqual(['NE']);
    expect(countryCodes('印度')).toEqual(['IN']);
    // 几内亚 begins 几内亚比绍 (Guinea-Bissau) and has no other name on record.
    expect(countryCodes('几内亚')).toEqual(['GN']);
  });

  it('the start of a name: every country it begins, in either language', () => {
    expect(countryCodes('Austr').sort()).toEqual(['AT', 'AU']);
    expect(countryCodes('澳大')).toEqual(['AU']);
    expect(countryCodes('Ger')).toEqual(['DE']);
  });

  it('nothing for a name no country has, nor for the middle or end of one', () => {
    expect(countryCodes('Atlantis')).toEqual([]);
    expect(countryCodes('many')).toEqual([]);
    expect(countryCodes('利亚')).toEqual([]);
  });
});
