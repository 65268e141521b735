import { describe, expect, it } from 'vitest';
import { givenNameSex } from '../../server/leads/names.ts';
import { countryName, greetedName, greetingLine, leadLanguage } from '../../server/outreach/writer.ts';

describe('the buyer’s language (server/outreach/writer.ts)', () => {
  it('is the country’s own where the writer writes it, Chinese for Chinese-speaking places, else English', () => {
    expect(
      ['DE', 'AT', 'ES', 'MX', 'FR', 'CN', 'HK', 'TW', 'JP', 'US', 'SG', 'XX'].map(leadLanguage),
    ).toEqual(['de', 'de', 'es', 'es', 'fr', 'zh', 'zh', 'zh', 'en', 'en', 'en', 'en']);
  });
});

describe('greeting a person', () => {
  it('in English by first name without a title; a Chinese name whole', () => {
    expect(greetedName('Dr. Peter Schmidt', 'en')).toBe('Peter');
    expect(greetedName('  Ms  Anna   Chen ', 'en')).toBe('Anna');
    expect(greetedName('李伟', 'en')).toBe('李伟');
    expect(greetedName('李伟', 'de')).toBe('李伟');
    expect(greetedName(null, 'en')).toBeNull();
  });

  it('German letters: Frau or Herr and the family name when the person is known to be a woman or a man', () => {
    // An honorific written with the name; a title after it stays ("Frau Dr. Müller").
    expect(greetedName('Frau Dr. Anna Müller', 'de')).toBe('Frau Dr. Müller');
    expect(greetedName('Mr Kim Lee', 'de')).toBe('Herr Lee');
    expect(greetedName('Prof. Dr. Peter Schmidt', 'de')).toBe('Herr Prof. Schmidt');
    // A given name only ever a woman's or a man's; every given name before the family name.
    expect(greetedName('Anna Bianchi', 'de')).toBe('Frau Bianchi');
    expect(greetedName('Anna Maria Bianchi', 'de')).toBe('Frau Bianchi');
    expect(greetedName('Peter van der Berg', 'de')).toBe('Herr van der Berg');
  });

  it('French and Spanish letters: Madame or Monsieur, Sra. or Sr. and the family name, titles left out', () => {
    expect(greetedName('  Ms  Anna   Chen ', 'fr')).toBe('Madame Chen');
    expect(greetedName('Dr. Peter Schmidt', 'fr')).toBe('Monsieur Schmidt');
    expect(greetedName('María López', 'es')).toBe('Sra. López');
    expect(greetedName('Andrea Rossi', 'es')).toBe('Andrea Rossi');
    expect(greetingLine('fr', 'Claire Martin')).toBe('Bonjour Madame Martin,');
  });

  it('German letters never guess: a name borne by women and men, or unknown, is greeted whole', () => {
    expect(givenNameSex('Andrea')).toBeNull(); // a woman in Germany, a man in Italy
    expect(givenNameSex('Nicola')).toBeNull(); // a man in Italy, a woman in Britain
    expect(givenNameSex('Vivian')).toBeNull(); // listed as a woman's and a man's name by the locales
    expect(givenNameSex('Anna')).toBe('female');
    expect(givenNameSex('Peter')).toBe('male');
    for (const name of ['Andrea Rossi', 'Nicola Bianchi', 'Kim Lee', 'Wei Zhang', 'Madonna'])
      expect(greetedName(name, 'de')).toBe(name);
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
