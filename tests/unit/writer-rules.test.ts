import { describe, expect, it } from 'vitest';
import { spamSigns } from '../../src/lib/spamCheck.ts';
import { MAX_SUBJECT_LENGTH } from '../../contract/limits.ts';
import { CERTIFICATIONS } from '../../contract/profile.ts';
import { EMPTY_PROFILE, type ProfileValues } from '../../server/profile/extract.ts';
import { productKey } from '../../server/search/keys.ts';
import { PRODUCT_BY_ID } from '../../server/search/products.ts';
import { statesOnlyFacts } from '../../server/outreach/draft.ts';
import {
  countryName,
  draftFacts,
  firstSubject,
  leadFacts,
  writeEmail,
  type DraftFacts,
} from '../../server/outreach/writer.ts';

/*
 * The built-in writer's emails as their reader gets them (server/outreach/writer.ts): the whole
 * first email in German, Spanish, French and English, its follow-ups, and the rule that every fact
 * in it is the profile's or the lead's.
 */

const PET_FOOD = 177;
const PET_ACCESSORIES = 178;
const PET_BEDS = 179;
/** A category id the reference data does not hold (a category since removed). */
const UNKNOWN_CATEGORY = 999_999;

/** A pet-food maker with a full profile. */
const MAKER: ProfileValues = {
  ...EMPTY_PROFILE,
  company_zh: '宁波明亮宠物用品有限公司',
  company_en: 'Ningbo Bright Pet Products Co., Ltd.',
  products: ['cat-food', 'dog-food', 'pet-treats'],
  strengths: ['manufacturer', 'oem_odm', 'samples', 'fast_delivery'],
  certifications: ['ISO 9001', 'BRC'],
  moq: { quantity: 500, unit: 'kg' },
  website: 'www.brightpet.cn',
  name_zh: '李伟',
  name_en: 'Li Wei',
  title_zh: '销售经理',
  title_en: 'Sales Manager',
  phone: '+86 574 8765 4321',
};

/** A trader with a short profile: a Chinese company name only, one product, no samples. */
const TRADER: ProfileValues = {
  ...EMPTY_PROFILE,
  company_zh: '广州宠物贸易有限公司',
  products: ['cat-food'],
  strengths: ['quality_control'],
  moq: { quantity: 20, unit: 'carton' },
  name_en: 'Wang Fang',
};

const lead = (
  name: string,
  country: string,
  categoryIds: number[],
  role: 'buyer' | 'supplier' = 'buyer',
) => ({
  name,
  role,
  country,
  categoryIds,
});
const facts = (profile: ProfileValues, of: ReturnType<typeof lead>): DraftFacts =>
  draftFacts(profile, { ...leadFacts(of), categoryIds: of.categoryIds });

const FUTTERWERK = lead('Futterwerk Nord GmbH', 'DE', [PET_FOOD, PET_ACCESSORIES]);
const MASCOTA = lead('Distribuciones Mascota Feliz SL', 'ES', [PET_ACCESSORIES]);
const ANIMALERIE = lead('Animalerie du Sud SARL', 'FR', [PET_FOOD]);

describe('the first email to a buyer, whole', () => {
  it('in German: greeted as Frau or Herr with the family name, lower case after the greeting, the country in German', () => {
    const email = writeEmail(facts(MAKER, FUTTERWERK), 'de', 1, 'Dr. Anna Müller');
    expect(email.subject).toBe('Cat food und dog food für Futterwerk Nord GmbH');
    expect(email.body).toBe(
      [
        'Guten Tag Frau Dr. Müller,',
        'ich schreibe Ihnen im Namen von Ningbo Bright Pet Products Co., Ltd. Wir stellen cat food, dog food und pet treats her.',
        'Bei der Suche nach Abnehmern in Deutschland bin ich auf Futterwerk Nord GmbH gestoßen und glaube, dass unsere cat food, dog food und pet treats zu Ihrem Einkauf passen könnten.',
        'Wir bieten OEM- und ODM-Fertigung und wir liefern schnell. Unsere Zertifizierungen: ISO 9001 und BRC. Unsere Mindestbestellmenge beträgt 500 kg.',
        'Wenn cat food, dog food und pet treats für Sie interessant sind, sende ich Ihnen gern unseren Katalog und unsere Preisliste sowie Muster zur Prüfung. Hätten Sie nächste Woche Zeit für ein kurzes Telefonat?',
        'Mit freundlichen Grüßen\nLi Wei\nSales Manager\nNingbo Bright Pet Products Co., Ltd.\nTel.: +86 574 8765 4321\nwww.brightpet.cn',
      ].join('\n\n'),
    );
  });

  it('in Spanish: greeted as Sra. with her family name; a buyer of other products is offered ours without a claim that they fit', () => {
    const email = writeEmail(facts(MAKER, MASCOTA), 'es', 1, 'Sra. María López');
    expect(email.subject).toBe('Cat food y dog food para Distribuciones Mascota Feliz SL');
    expect(email.body).toBe(
      [
        'Buenos días, Sra. López:',
        'Le escribo de parte de Ningbo Bright Pet Products Co., Ltd. Fabricamos cat food, dog food y pet treats.',
        'Encontré Distribuciones Mascota Feliz SL buscando compradores en España y me gustaría presentarle lo que ofrecemos.',
        'Ofrecemos servicio OEM y ODM y entregamos con rapidez. Nuestras certificaciones: ISO 9001 y BRC. Nuestro pedido mínimo es de 500 kg.',
        'Si estos productos (cat food, dog food y pet treats) le interesan, con gusto le envío nuestro catálogo y lista de precios, y muestras para su evaluación. ¿Le vendría bien una breve llamada la próxima semana?',
        'Saludos cordiales,\nLi Wei\nSales Manager\nNingbo Bright Pet Products Co., Ltd.\nTel.: +86 574 8765 4321\nwww.brightpet.cn',
      ].join('\n\n'),
    );
  });

  it('in French, from a trader: no Chinese company name, "fournissons", no samples, no certificate sentence', () => {
    const email = writeEmail(facts(TRADER, ANIMALERIE), 'fr', 1, null);
    expect(email.subject).toBe('Cat food pour Animalerie du Sud SARL');
    expect(email.body).toBe(
      [
        'Bonjour,',
        'Nous fournissons les produits suivants : cat food.',
        'J’ai découvert Animalerie du Sud SARL en cherchant des acheteurs en France et je pense que nos produits (cat food) pourraient correspondre à vos achats.',
        'Chaque commande est contrôlée avant l’expédition. Notre minimum de commande est de 20 cartons.',
        'Si ces produits (cat food) vous intéressent, je vous enverrai volontiers notre catalogue et nos tarifs. Un court appel la semaine prochaine vous conviendrait-il ?',
        'Cordialement,\nWang Fang',
      ].join('\n\n'),
    );
  });

  it('in English, a minimum order of one carton in the singular', () => {
    const oneCarton = { ...TRADER, moq: { quantity: 1, unit: 'carton' as const } };
    const email = writeEmail(facts(oneCarton, ANIMALERIE), 'en', 1, 'Mme Claire Martin');
    expect(email.body).toBe(
      [
        'Dear Claire,',
        'We supply cat food.',
        'I came across Animalerie du Sud SARL while looking for buyers in France, and I believe our cat food could fit what you purchase.',
        'Every order is inspected before it ships. Our minimum order is 1 carton.',
        'If cat food could interest you, I would be glad to send our catalogue and price list. Would a short call next week suit you?',
        'Best regards,\nWang Fang',
      ].join('\n\n'),
    );
  });
});

describe('the follow-ups, in the language of the first email', () => {
  it('German: the first subject kept (no "AW:"), and lower case after the greeting', () => {
    const f = facts(MAKER, FUTTERWERK);
    const second = writeEmail(f, 'de', 2, 'Anna Müller');
    expect(second.subject).toBe('Cat food und dog food für Futterwerk Nord GmbH');
    expect(second.body.split('\n\n').slice(0, 2)).toEqual([
      'Guten Tag Frau Müller,',
      'ich komme auf meine E-Mail zu cat food, dog food und pet treats zurück. Gern sende ich Ihnen sofort unseren Katalog und unsere Preisliste oder Muster. Falls bei Futterwerk Nord GmbH jemand anderes für den Einkauf zuständig ist, wäre ich für einen Hinweis dankbar.',
    ]);
    expect(writeEmail(f, 'de', 3, null).body.split('\n\n')[1]).toBe(
      'da ich noch keine Antwort erhalten habe, ist dies meine letzte Nachricht zu cat food, dog food und pet treats. Wenn der Zeitpunkt nicht passt, ist keine Antwort nötig. Sollte sich Ihr Bedarf ändern, erreichen Sie mich über eine Antwort auf diese E-Mail.',
    );
  });

  it('Spanish and French to a supplier: step 2 asks again for its own products, step 3 is the last note', () => {
    const f = facts(MAKER, lead('Accessoires Animaux SAS', 'FR', [PET_ACCESSORIES], 'supplier'));
    expect(writeEmail(f, 'fr', 1, null).subject).toBe(
      'Demande d’achat : pet accessories d’Accessoires Animaux SAS',
    );
    expect(writeEmail(f, 'fr', 2, null)).toEqual({
      subject: 'Demande d’achat : pet accessories d’Accessoires Animaux SAS',
      body: 'Bonjour,\n\nJe reviens vers vous au sujet de ma demande de catalogue et de prix pour pet accessories. Nous cherchons toujours un fournisseur et serions heureux d’avoir des nouvelles d’Accessoires Animaux SAS.\n\nCordialement,\nLi Wei\nSales Manager\nNingbo Bright Pet Products Co., Ltd.\nTél. : +86 574 8765 4321\nwww.brightpet.cn',
    });
    expect(writeEmail(f, 'es', 3, null).body.split('\n\n').slice(0, 2)).toEqual([
      'Buenos días:',
      'Este es mi último mensaje sobre nuestra consulta de pet accessories. Si no suministran estos productos, no hace falta responder.',
    ]);
  });
});

describe('every fact comes from the profile or the lead', () => {
  /** Every whole number and every certification a text names. */
  const claims = (text: string) => ({
    numbers: [...new Set(text.match(/\d+/g) ?? [])].sort(),
    certifications: CERTIFICATIONS.filter((c) =>
      new RegExp(`(?<![A-Za-z])${c.replace(/\s/g, '\\s?')}(?![A-Za-z])`).test(text),
    ),
  });

  /** Every draft the writer makes: each profile, lead role, language and step. */
  function* everyDraft() {
    const leads = [FUTTERWERK, MASCOTA, lead('Mascotas Iberia SL', 'ES', [PET_ACCESSORIES], 'supplier')];
    for (const profile of [MAKER, TRADER, EMPTY_PROFILE])
      for (const of of leads)
        for (const language of ['en', 'zh', 'de', 'es', 'fr'] as const)
          for (const step of [1, 2, 3] as const)
            yield { profile, language, ...writeEmail(facts(profile, of), language, step, 'Peter Schmidt') };
  }

  it('in every language, step and role: no number or certificate the profile does not state', () => {
    for (const { profile, subject, body } of everyDraft()) {
      const said = claims(`${subject}\n${body}`);
      const given = claims(JSON.stringify(profile));
      expect(
        said.numbers.filter((n) => !given.numbers.includes(n)),
        body,
      ).toEqual([]);
      expect(
        said.certifications.filter((c) => !profile.certifications.includes(c)),
        body,
      ).toEqual([]);
    }
  });

  it('in every language, step and role: the built-in drafts show no spam sign (spamSigns)', () => {
    for (const { language, subject, body } of everyDraft())
      expect(spamSigns(subject, body, language), `${subject}\n${body}`).toEqual([]);
  });

  it('an empty profile yields no product, company, certificate or minimum order, only the lead’s own facts', () => {
    expect(writeEmail(facts(EMPTY_PROFILE, MASCOTA), 'es', 1, null).body).toBe(
      [
        'Buenos días:',
        'Encontré Distribuciones Mascota Feliz SL buscando compradores en España y me gustaría presentarle lo que ofrecemos.',
        'Si nuestros productos le interesan, con gusto le envío nuestro catálogo y lista de precios. ¿Le vendría bien una breve llamada la próxima semana?',
        'Saludos cordiales,',
      ].join('\n\n'),
    );
  });
});

describe('what the writer knows of a lead and a profile', () => {
  it('a category the reference data no longer holds is left out of the lead, not named or fatal', () => {
    expect(leadFacts(lead('Futterwerk Nord GmbH', 'DE', [UNKNOWN_CATEGORY, PET_FOOD]))).toEqual({
      name: 'Futterwerk Nord GmbH',
      role: 'buyer',
      country: 'DE',
      categories: [{ zh: '宠物食品', en: 'pet food and treats' }],
    });
  });

  it('an unknown category does not stop the products the buyer buys from coming first', () => {
    const f = facts(TRADER, lead('Futterwerk Nord GmbH', 'DE', [UNKNOWN_CATEGORY, PET_FOOD]));
    expect(f.seller.offer).toEqual([{ id: 'cat-food', zh: '猫粮', en: 'cat food' }]);
    expect(f.seller.fits).toEqual(f.seller.offer);
  });

  it('a buyer known from a customs file by a catalogue product: named by it, and fitting only that product', () => {
    const catFood = productKey(PRODUCT_BY_ID.get('cat-food')!);
    const dogFood = productKey(PRODUCT_BY_ID.get('dog-food')!);
    expect(leadFacts(lead('Katzenhaus GmbH', 'DE', [catFood])).categories).toEqual([
      { zh: '猫粮', en: 'cat food' },
    ]);
    expect(facts(TRADER, lead('Katzenhaus GmbH', 'DE', [catFood])).seller.fits).toEqual([
      { id: 'cat-food', zh: '猫粮', en: 'cat food' },
    ]);
    // Dog food is no cat food: offered, never said to fit.
    const other = facts(TRADER, lead('Hundehaus GmbH', 'DE', [dogFood]));
    expect([other.seller.offer.length, other.seller.fits]).toEqual([1, []]);
  });

  it('a product id the taxonomy does not hold is never offered', () => {
    const f = facts({ ...TRADER, products: ['discontinued-widget', 'cat-food'] }, FUTTERWERK);
    expect(f.seller.offer).toEqual([{ id: 'cat-food', zh: '猫粮', en: 'cat food' }]);
    expect(writeEmail(f, 'en', 1, null).body).toContain('We supply cat food.');
  });

  it('a country code the runtime cannot name is shown as it is, not an error', () => {
    expect(countryName('ABC', 'de')).toBe('ABC');
    expect(countryName('', 'fr')).toBe('');
    expect(countryName('FR', 'es')).toBe('Francia');
  });

  it('a country outside our list is named by the runtime in Chinese and English too, not shown as its code', () => {
    expect(countryName('KH', 'en')).toBe('Cambodia');
    expect(countryName('KH', 'zh')).toBe('柬埔寨');
    expect(countryName('DE', 'zh')).toBe('德国');
  });
});

describe('a long subject', () => {
  it(`is cut to ${MAX_SUBJECT_LENGTH} characters, ending with an ellipsis`, () => {
    const subject = firstSubject(facts(MAKER, lead('A'.repeat(300), 'US', [PET_FOOD])), 'en');
    expect(subject).toBe(`Cat food and dog food for ${'A'.repeat(173)}…`);
    expect(subject).toHaveLength(MAX_SUBJECT_LENGTH);
  });

  it(`of exactly ${MAX_SUBJECT_LENGTH} characters is kept whole`, () => {
    const subject = firstSubject(facts(MAKER, lead('A'.repeat(174), 'US', [PET_FOOD])), 'en');
    expect(subject).toBe(`Cat food and dog food for ${'A'.repeat(174)}`);
    expect(subject).toHaveLength(MAX_SUBJECT_LENGTH);
  });
});

describe('a supplier with many products', () => {
  it('is asked about its first two, in the subject and the email', () => {
    const f = facts(MAKER, lead('Pet Supply Co', 'US', [PET_FOOD, PET_ACCESSORIES, PET_BEDS], 'supplier'));
    const email = writeEmail(f, 'en', 1, null);
    expect(email.subject).toBe(
      'Sourcing inquiry: pet food and treats and pet accessories from Pet Supply Co',
    );
    expect(email.body).toContain(
      'We are sourcing pet food and treats and pet accessories and found Pet Supply Co',
    );
  });
});

describe('the signature’s title', () => {
  const titledInChinese = { ...TRADER, name_zh: '王芳', title_zh: '外贸经理', title_en: '' };

  it('in Chinese only: signed in a Chinese email, left out of an English one', () => {
    const f = facts(titledInChinese, ANIMALERIE);
    expect(writeEmail(f, 'zh', 1, null).body.endsWith('王芳\n外贸经理\n广州宠物贸易有限公司')).toBe(true);
    expect(writeEmail(f, 'en', 1, null).body.endsWith('Best regards,\nWang Fang')).toBe(true);
  });

  it('written in Chinese in the English field is left out of an English email too', () => {
    const f = facts({ ...titledInChinese, title_en: '外贸经理' }, ANIMALERIE);
    expect(writeEmail(f, 'en', 1, null).body.endsWith('Best regards,\nWang Fang')).toBe(true);
  });
});

describe('what an LLM’s draft may state (statesOnlyFacts)', () => {
  const f = facts(MAKER, FUTTERWERK);

  it('the profile’s own certificates and numbers pass', () => {
    expect(statesOnlyFacts('Certified to ISO 9001 and BRC; a minimum order of 500 kg.', f)).toBe(true);
  });

  it('a certificate the profile does not hold fails, even one without a number', () => {
    expect(statesOnlyFacts('All our products carry the CE mark.', f)).toBe(false);
    expect(statesOnlyFacts('We are FDA registered and BRC certified.', f)).toBe(false);
  });

  it('a number the profile does not hold fails', () => {
    expect(statesOnlyFacts('A minimum order of 50 kg.', f)).toBe(false);
  });
});
