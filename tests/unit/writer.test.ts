import { describe, expect, it } from 'vitest';
import { countryName, greetedName, greetingLine, leadLanguage } from '../../server/outreach/writer.ts';

describe('the buyer’s language (server/outreach/writer.ts)', () => {
  it('is the country’s own where the writer writes it, Chinese for Chinese-speaking places, else English', () => {
    expect(
      ['DE', 'AT', 'ES', 'MX', 'FR', 'CN', 'HK', 'TW', 'JP', 'US', 'SG', 'XX'].map(leadLanguage),
    ).toEqual(['de', 'de', 'es', 'es', 'fr', 'zh', 'zh', 'zh', 'en', 'en', 'en', 'en']);
  });
});

describe('greeting a person', () => {
  it('by first name without a title; a Chinese name whole; German letters by full name', () => {
    expect(greetedName('Dr. Peter Schmidt', 'en')).toBe('Peter');
    expect(greetedName('  Ms  Anna   Chen ', 'fr')).toBe('Anna');
    expect(greetedName('李伟', 'en')).toBe('李伟');
    expect(greetedName('Frau Dr. Anna Müller', 'de')).toBe('Anna Müller');
    expect(greetedName(null, 'en')).toBeNull();
  });

  it('a neutral greeting when nobody is named, in each language', () => {
    expect(['en', 'zh', 'de', 'es', 'fr'].map((l) => greetingLine(l as 'en', null))).toEqual([
      'Hello,',
      '您好！',
      'Guten Tag,',
      'Buenos días:',
      'Bonjour,',
    ]);
  });
});

describe("a country's name in the email's language", () => {
  it('Chinese and English as our pages name them, not as the runtime would', () => {
    // The runtime says 阿拉伯联合酋长国 and Türkiye; our pages and the search say these.
    expect(countryName('AE', 'zh')).toBe('阿联酋');
    expect(countryName('TR', 'en')).toBe('Turkey');
  });

  it('German, Spanish and French from the runtime, each in its own language', () => {
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('AE', 'de')).toBe('Vereinigte Arabische Emirate');
    expect(countryName('ES', 'es')).toBe('España');
    expect(countryName('CI', 'fr')).toBe('Côte d’Ivoire');
  });
});
