import { describe, expect, it } from 'vitest';
import { PHRASES } from '../../server/outreach/phrases.ts';

/*
 * The built-in writer's sentences, word for word, in each email language (server/outreach/phrases.ts):
 * what the reader of an email sees. The taxonomy names products in Chinese and English only, so
 * German, Spanish and French emails name them in English.
 */

const { en, zh, de, es, fr } = PHRASES;

describe('the intro: who writes, and whether they make or supply the products', () => {
  it('in English', () => {
    expect(en.intro('Shenzhen Lumo Lighting', 'LED panel lights', true)).toBe(
      'I am writing from Shenzhen Lumo Lighting. We make LED panel lights.',
    );
    expect(en.intro('Shenzhen Lumo Lighting', 'LED panel lights', false)).toBe(
      'I am writing from Shenzhen Lumo Lighting. We supply LED panel lights.',
    );
    expect(en.intro(null, 'LED panel lights', true)).toBe('We make LED panel lights.');
    expect(en.intro('Shenzhen Lumo Lighting', null, true)).toBe('I am writing from Shenzhen Lumo Lighting.');
    expect(en.intro(null, null, true)).toBeNull();
  });

  it('in Chinese', () => {
    expect(zh.intro('深圳流明照明', '面板灯', true)).toBe('我是深圳流明照明的联系人。我们生产面板灯。');
    expect(zh.intro('深圳流明照明', '面板灯', false)).toBe('我是深圳流明照明的联系人。我们供应面板灯。');
    expect(zh.intro(null, '面板灯', true)).toBe('我们生产面板灯。');
    expect(zh.intro('深圳流明照明', null, true)).toBe('我是深圳流明照明的联系人。');
    expect(zh.intro(null, null, true)).toBeNull();
  });

  it('in German ("stellen … her" for a manufacturer)', () => {
    expect(de.intro('Shenzhen Lumo Lighting', 'LED panel lights', true)).toBe(
      'Ich schreibe Ihnen im Namen von Shenzhen Lumo Lighting. Wir stellen LED panel lights her.',
    );
    expect(de.intro('Shenzhen Lumo Lighting', 'LED panel lights', false)).toBe(
      'Ich schreibe Ihnen im Namen von Shenzhen Lumo Lighting. Wir liefern LED panel lights.',
    );
    expect(de.intro(null, 'LED panel lights', true)).toBe('Wir stellen LED panel lights her.');
    expect(de.intro('Shenzhen Lumo Lighting', null, true)).toBe(
      'Ich schreibe Ihnen im Namen von Shenzhen Lumo Lighting.',
    );
    expect(de.intro(null, null, false)).toBeNull();
  });

  it('in Spanish', () => {
    expect(es.intro('Shenzhen Lumo Lighting', 'LED panel lights', true)).toBe(
      'Le escribo de parte de Shenzhen Lumo Lighting. Fabricamos LED panel lights.',
    );
    expect(es.intro('Shenzhen Lumo Lighting', 'LED panel lights', false)).toBe(
      'Le escribo de parte de Shenzhen Lumo Lighting. Suministramos LED panel lights.',
    );
    expect(es.intro(null, 'LED panel lights', true)).toBe('Fabricamos LED panel lights.');
    expect(es.intro('Shenzhen Lumo Lighting', null, true)).toBe(
      'Le escribo de parte de Shenzhen Lumo Lighting.',
    );
    expect(es.intro(null, null, true)).toBeNull();
  });

  it('in French', () => {
    expect(fr.intro('Shenzhen Lumo Lighting', 'LED panel lights', true)).toBe(
      'Je vous écris de la part de Shenzhen Lumo Lighting. Nous fabriquons les produits suivants : LED panel lights.',
    );
    expect(fr.intro('Shenzhen Lumo Lighting', 'LED panel lights', false)).toBe(
      'Je vous écris de la part de Shenzhen Lumo Lighting. Nous fournissons les produits suivants : LED panel lights.',
    );
    expect(fr.intro(null, 'LED panel lights', true)).toBe(
      'Nous fabriquons les produits suivants : LED panel lights.',
    );
    expect(fr.intro('Shenzhen Lumo Lighting', null, true)).toBe(
      'Je vous écris de la part de Shenzhen Lumo Lighting.',
    );
    expect(fr.intro(null, null, true)).toBeNull();
  });
});

describe('selling points: one sentence, joined with the language’s "and", starting with a capital', () => {
  // Being a manufacturer and sending samples are said in the intro and the ask, not here.
  const SEVERAL = ['oem_odm', 'fast_delivery', 'export_experience'] as const;
  const ONE_AMONG_OTHERS = ['manufacturer', 'quality_control', 'samples'] as const;

  it('in English', () => {
    expect(en.strengths(SEVERAL)).toBe(
      'We offer OEM and ODM service, we deliver quickly and we are experienced in exporting.',
    );
    expect(en.strengths(ONE_AMONG_OTHERS)).toBe('Every order is inspected before it ships.');
  });

  it('in Chinese', () => {
    expect(zh.strengths(SEVERAL)).toBe('我们提供 OEM 和 ODM 服务，交货快，有丰富的出口经验。');
    expect(zh.strengths(ONE_AMONG_OTHERS)).toBe('我们每批货出货前都经过检验。');
  });

  it('in German', () => {
    expect(de.strengths(SEVERAL)).toBe(
      'Wir bieten OEM- und ODM-Fertigung, wir liefern schnell und wir haben Erfahrung im Export.',
    );
    expect(de.strengths(ONE_AMONG_OTHERS)).toBe('Jeder Auftrag wird vor dem Versand geprüft.');
  });

  it('in Spanish', () => {
    expect(es.strengths(SEVERAL)).toBe(
      'Ofrecemos servicio OEM y ODM, entregamos con rapidez y tenemos experiencia en exportación.',
    );
    expect(es.strengths(ONE_AMONG_OTHERS)).toBe('Cada pedido se inspecciona antes del envío.');
  });

  it('in French', () => {
    expect(fr.strengths(SEVERAL)).toBe(
      'Nous proposons un service OEM et ODM, nous livrons rapidement et nous avons l’expérience de l’export.',
    );
    expect(fr.strengths(ONE_AMONG_OTHERS)).toBe('Chaque commande est contrôlée avant l’expédition.');
  });

  it('nothing to say (no selling point, or only manufacturer and samples): no sentence, in every language', () => {
    for (const phrases of [en, zh, de, es, fr]) {
      expect(phrases.strengths([])).toBeNull();
      expect(phrases.strengths(['manufacturer', 'samples'])).toBeNull();
    }
  });
});

describe('the minimum order', () => {
  it('in English: one piece, carton or ton in the singular; kg never takes an s', () => {
    expect(en.moq(en.quantity(1, 'piece'))).toBe('Our minimum order is 1 piece.');
    expect(en.moq(en.quantity(2, 'piece'))).toBe('Our minimum order is 2 pieces.');
    expect(en.moq(en.quantity(1, 'carton'))).toBe('Our minimum order is 1 carton.');
    expect(en.moq(en.quantity(1, 'ton'))).toBe('Our minimum order is 1 ton.');
    expect(en.moq(en.quantity(1, 'kg'))).toBe('Our minimum order is 1 kg.');
    expect(en.moq(en.quantity(500, 'kg'))).toBe('Our minimum order is 500 kg.');
  });

  it('in Chinese, German, Spanish and French', () => {
    expect(zh.moq(zh.quantity(500, 'kg'))).toBe('最小起订量为500公斤。');
    expect(de.moq(de.quantity(100, 'piece'))).toBe('Unsere Mindestbestellmenge beträgt 100 Stück.');
    expect(es.moq(es.quantity(100, 'piece'))).toBe('Nuestro pedido mínimo es de 100 piezas.');
    expect(fr.moq(fr.quantity(100, 'piece'))).toBe('Notre minimum de commande est de 100 pièces.');
  });
});

describe('the ask to a buyer: the products named, or "our products" when none is', () => {
  it('in each language, with samples offered only when the profile offers them', () => {
    expect(en.offerAsk(null, false)).toBe(
      'If our products could interest you, I would be glad to send our catalogue and price list.',
    );
    expect(en.offerAsk('LED panel lights', true)).toBe(
      'If LED panel lights could interest you, I would be glad to send our catalogue and price list, and samples for your evaluation.',
    );
    expect(zh.offerAsk(null, false)).toBe('如果贵公司对我们的产品感兴趣，我很乐意发送产品目录和报价单。');
    expect(zh.offerAsk('面板灯', true)).toBe(
      '如果贵公司对面板灯感兴趣，我很乐意发送产品目录和报价单，也可以寄送样品供评估。',
    );
    expect(de.offerAsk(null, false)).toBe(
      'Wenn unsere Produkte für Sie interessant sind, sende ich Ihnen gern unseren Katalog und unsere Preisliste.',
    );
    expect(de.offerAsk('LED panel lights', true)).toBe(
      'Wenn LED panel lights für Sie interessant sind, sende ich Ihnen gern unseren Katalog und unsere Preisliste sowie Muster zur Prüfung.',
    );
    expect(es.offerAsk(null, false)).toBe(
      'Si nuestros productos le interesan, con gusto le envío nuestro catálogo y lista de precios.',
    );
    expect(es.offerAsk('LED panel lights', true)).toBe(
      'Si estos productos (LED panel lights) le interesan, con gusto le envío nuestro catálogo y lista de precios, y muestras para su evaluación.',
    );
    expect(fr.offerAsk(null, false)).toBe(
      'Si nos produits vous intéressent, je vous enverrai volontiers notre catalogue et nos tarifs.',
    );
    expect(fr.offerAsk('LED panel lights', true)).toBe(
      'Si ces produits (LED panel lights) vous intéressent, je vous enverrai volontiers notre catalogue et nos tarifs, ainsi que des échantillons pour évaluation.',
    );
  });
});

describe('follow-ups to a buyer: step 2 offers the catalogue again, step 3 is the last note', () => {
  const LEAD = 'Pawsome Imports Ltd';

  it('in English', () => {
    expect(en.offerFollowUp(2, 'LED panel lights', LEAD, true)).toBe(
      'I am following up on my email about LED panel lights. If it helps, I can send our catalogue and price list or samples right away. If someone else at Pawsome Imports Ltd looks after purchasing, I would be grateful if you could point me to them.',
    );
    expect(en.offerFollowUp(2, null, LEAD, false)).toBe(
      'I am following up on my email about our products. If it helps, I can send our catalogue and price list right away. If someone else at Pawsome Imports Ltd looks after purchasing, I would be grateful if you could point me to them.',
    );
    expect(en.offerFollowUp(3, null, LEAD, true)).toBe(
      'I have not heard back, so this is my last note about our products. If the timing is not right, no reply is needed. Should your plans change, a reply to this email reaches me.',
    );
  });

  it('in Chinese', () => {
    expect(zh.offerFollowUp(2, '面板灯', LEAD, true)).toBe(
      '跟进一下我之前关于面板灯的邮件。如有需要，我可以马上发送产品目录和报价单或寄送样品。如果Pawsome Imports Ltd的采购由其他同事负责，烦请告知联系人。',
    );
    expect(zh.offerFollowUp(2, null, LEAD, false)).toBe(
      '跟进一下我之前关于我们产品的邮件。如有需要，我可以马上发送产品目录和报价单。如果Pawsome Imports Ltd的采购由其他同事负责，烦请告知联系人。',
    );
    expect(zh.offerFollowUp(3, null, LEAD, true)).toBe(
      '之前的邮件还没有收到回复，这是我关于我们产品的最后一封邮件。如果现在时机不合适，无需回复。今后如有需要，直接回复这封邮件就能联系到我。',
    );
  });

  it('in German', () => {
    expect(de.offerFollowUp(2, 'LED panel lights', LEAD, true)).toBe(
      'Ich komme auf meine E-Mail zu LED panel lights zurück. Gern sende ich Ihnen sofort unseren Katalog und unsere Preisliste oder Muster. Falls bei Pawsome Imports Ltd jemand anderes für den Einkauf zuständig ist, wäre ich für einen Hinweis dankbar.',
    );
    expect(de.offerFollowUp(2, null, LEAD, false)).toBe(
      'Ich komme auf meine E-Mail zu unseren Produkten zurück. Gern sende ich Ihnen sofort unseren Katalog und unsere Preisliste. Falls bei Pawsome Imports Ltd jemand anderes für den Einkauf zuständig ist, wäre ich für einen Hinweis dankbar.',
    );
    expect(de.offerFollowUp(3, null, LEAD, true)).toBe(
      'Da ich noch keine Antwort erhalten habe, ist dies meine letzte Nachricht zu unseren Produkten. Wenn der Zeitpunkt nicht passt, ist keine Antwort nötig. Sollte sich Ihr Bedarf ändern, erreichen Sie mich über eine Antwort auf diese E-Mail.',
    );
  });

  it('in Spanish', () => {
    expect(es.offerFollowUp(2, 'LED panel lights', LEAD, true)).toBe(
      'Le escribo para dar seguimiento a mi correo sobre LED panel lights. Si le resulta útil, puedo enviarle ahora nuestro catálogo y lista de precios o muestras. Si otra persona de Pawsome Imports Ltd se ocupa de las compras, le agradecería que me lo indicara.',
    );
    expect(es.offerFollowUp(2, null, LEAD, false)).toBe(
      'Le escribo para dar seguimiento a mi correo sobre nuestros productos. Si le resulta útil, puedo enviarle ahora nuestro catálogo y lista de precios. Si otra persona de Pawsome Imports Ltd se ocupa de las compras, le agradecería que me lo indicara.',
    );
    expect(es.offerFollowUp(3, null, LEAD, true)).toBe(
      'Como no he recibido respuesta, este es mi último mensaje sobre nuestros productos. Si no es el momento, no hace falta responder. Si sus planes cambian, puede contactarme respondiendo a este correo.',
    );
  });

  it('in French', () => {
    expect(fr.offerFollowUp(2, 'LED panel lights', LEAD, true)).toBe(
      'Je reviens vers vous au sujet de mon e-mail sur LED panel lights. Je peux vous envoyer dès maintenant notre catalogue et nos tarifs ou des échantillons. Si une autre personne de Pawsome Imports Ltd s’occupe des achats, merci de me l’indiquer.',
    );
    expect(fr.offerFollowUp(2, null, LEAD, false)).toBe(
      'Je reviens vers vous au sujet de mon e-mail sur nos produits. Je peux vous envoyer dès maintenant notre catalogue et nos tarifs. Si une autre personne de Pawsome Imports Ltd s’occupe des achats, merci de me l’indiquer.',
    );
    expect(fr.offerFollowUp(3, null, LEAD, true)).toBe(
      'Sans réponse de votre part, ceci est mon dernier message au sujet de nos produits. Si le moment n’est pas opportun, inutile de répondre. Si vos besoins évoluent, il vous suffit de répondre à cet e-mail.',
    );
  });
});

describe('follow-ups to a supplier: step 2 asks again for the quotation, step 3 is the last note', () => {
  const LEAD = 'Mascotas Iberia SL';

  it('in English and Chinese', () => {
    expect(en.sourcingFollowUp(2, 'pet accessories', LEAD)).toBe(
      'I am following up on my request for your catalogue and prices for pet accessories. We are still looking for a supplier and would be glad to hear from Mascotas Iberia SL.',
    );
    expect(en.sourcingFollowUp(3, 'pet accessories', LEAD)).toBe(
      'This is my last note about our inquiry for pet accessories. If you do not supply them, no reply is needed.',
    );
    expect(zh.sourcingFollowUp(2, '宠物用品', LEAD)).toBe(
      '跟进一下我之前关于宠物用品目录和报价的询问。我们仍在寻找供应商，期待Mascotas Iberia SL的回复。',
    );
    expect(zh.sourcingFollowUp(3, '宠物用品', LEAD)).toBe(
      '这是我关于宠物用品询价的最后一封邮件。如果贵公司不供应这些产品，无需回复。',
    );
  });

  it('in German, Spanish and French', () => {
    expect(de.sourcingFollowUp(2, 'pet accessories', LEAD)).toBe(
      'Ich komme auf meine Anfrage nach Katalog und Preisen für pet accessories zurück. Wir suchen weiterhin einen Lieferanten und würden uns über eine Antwort von Mascotas Iberia SL freuen.',
    );
    expect(de.sourcingFollowUp(3, 'pet accessories', LEAD)).toBe(
      'Dies ist meine letzte Nachricht zu unserer Anfrage für pet accessories. Falls Sie diese Produkte nicht liefern, ist keine Antwort nötig.',
    );
    expect(es.sourcingFollowUp(2, 'pet accessories', LEAD)).toBe(
      'Le escribo para dar seguimiento a mi solicitud de catálogo y precios de pet accessories. Seguimos buscando proveedor y nos gustaría recibir noticias de Mascotas Iberia SL.',
    );
    expect(es.sourcingFollowUp(3, 'pet accessories', LEAD)).toBe(
      'Este es mi último mensaje sobre nuestra consulta de pet accessories. Si no suministran estos productos, no hace falta responder.',
    );
    expect(fr.sourcingFollowUp(2, 'pet accessories', LEAD)).toBe(
      'Je reviens vers vous au sujet de ma demande de catalogue et de prix pour pet accessories. Nous cherchons toujours un fournisseur et serions heureux d’avoir des nouvelles de Mascotas Iberia SL.',
    );
    expect(fr.sourcingFollowUp(3, 'pet accessories', LEAD)).toBe(
      'Ceci est mon dernier message au sujet de notre demande pour pet accessories. Si vous ne fournissez pas ces produits, inutile de répondre.',
    );
  });
});

describe('grammar a reader notices', () => {
  it('a minimum order of one is singular in every language', () => {
    expect(en.quantity(1, 'set')).toBe('1 set');
    expect(de.quantity(1, 'set')).toBe('1 Set');
    expect(de.quantity(1, 'carton')).toBe('1 Karton');
    expect(de.quantity(1, 'ton')).toBe('1 Tonne');
    expect(de.quantity(2, 'ton')).toBe('2 Tonnen');
    expect(es.quantity(1, 'piece')).toBe('1 pieza');
    expect(es.quantity(1, 'carton')).toBe('1 caja');
    expect(es.quantity(3, 'carton')).toBe('3 cajas');
    expect(fr.quantity(1, 'piece')).toBe('1 pièce');
    expect(fr.quantity(1, 'ton')).toBe('1 tonne');
    expect(fr.quantity(2, 'piece')).toBe('2 pièces');
    expect(de.moq(de.quantity(1, 'set'))).toBe('Unsere Mindestbestellmenge beträgt 1 Set.');
  });

  it.each([
    // code, English, German, Spanish, French, Chinese
    [
      'DE',
      'Germany',
      'in Germany',
      'Deutschland',
      'in Deutschland',
      'Alemania',
      'en Alemania',
      'Allemagne',
      'en Allemagne',
    ],
    [
      'US',
      'United States',
      'in the United States',
      'Vereinigte Staaten',
      'in den Vereinigten Staaten',
      'Estados Unidos',
      'en Estados Unidos',
      'États-Unis',
      'aux États-Unis',
    ],
    [
      'GB',
      'United Kingdom',
      'in the United Kingdom',
      'Vereinigtes Königreich',
      'im Vereinigten Königreich',
      'Reino Unido',
      'en el Reino Unido',
      'Royaume-Uni',
      'au Royaume-Uni',
    ],
    [
      'NL',
      'Netherlands',
      'in the Netherlands',
      'Niederlande',
      'in den Niederlanden',
      'Países Bajos',
      'en los Países Bajos',
      'Pays-Bas',
      'aux Pays-Bas',
    ],
    [
      'PH',
      'Philippines',
      'in the Philippines',
      'Philippinen',
      'auf den Philippinen',
      'Filipinas',
      'en Filipinas',
      'Philippines',
      'aux Philippines',
    ],
    [
      'CH',
      'Switzerland',
      'in Switzerland',
      'Schweiz',
      'in der Schweiz',
      'Suiza',
      'en Suiza',
      'Suisse',
      'en Suisse',
    ],
    ['IR', 'Iran', 'in Iran', 'Iran', 'im Iran', 'Irán', 'en Irán', 'Iran', 'en Iran'],
    ['JP', 'Japan', 'in Japan', 'Japan', 'in Japan', 'Japón', 'en Japón', 'Japon', 'au Japon'],
    ['MX', 'Mexico', 'in Mexico', 'Mexiko', 'in Mexiko', 'México', 'en México', 'Mexique', 'au Mexique'],
    [
      'KR',
      'South Korea',
      'in South Korea',
      'Südkorea',
      'in Südkorea',
      'Corea del Sur',
      'en Corea del Sur',
      'Corée du Sud',
      'en Corée du Sud',
    ],
    [
      'SG',
      'Singapore',
      'in Singapore',
      'Singapur',
      'in Singapur',
      'Singapur',
      'en Singapur',
      'Singapour',
      'à Singapour',
    ],
    ['IL', 'Israel', 'in Israel', 'Israel', 'in Israel', 'Israel', 'en Israel', 'Israël', 'en Israël'],
    [
      'HK',
      'Hong Kong SAR China',
      'in Hong Kong',
      'Sonderverwaltungsregion Hongkong',
      'in Hongkong',
      'RAE de Hong Kong (China)',
      'en Hong Kong',
      'R.A.S. chinoise de Hong Kong',
      'à Hong Kong',
    ],
  ])('where %s is said', (code, enName, enWhere, deName, deWhere, esName, esWhere, frName, frWhere) => {
    expect(en.where(code, enName)).toBe(enWhere);
    expect(de.where(code, deName)).toBe(deWhere);
    expect(es.where(code, esName)).toBe(esWhere);
    expect(fr.where(code, frName)).toBe(frWhere);
  });

  it('Chinese says the bare name, Hong Kong, Macao and Taiwan as people say them', () => {
    expect(zh.where('DE', '德国')).toBe('德国');
    expect(zh.where('HK', '中国香港特别行政区')).toBe('香港');
    expect(zh.where('TW', '台湾')).toBe('台湾');
    expect(zh.context('Müller GmbH', zh.where('HK', '中国香港特别行政区'), null)).toBe(
      '我们在寻找香港的买家时注意到了Müller GmbH，希望向贵公司介绍我们的产品。',
    );
  });

  it('the sentences put the place phrase where the preposition was', () => {
    expect(en.context('Acme Lighting', 'in the United States', null)).toBe(
      'I came across Acme Lighting while looking for buyers in the United States, and I would like to introduce what we offer.',
    );
    expect(de.sourcing(null, 'LED panel lights', 'Licht AG', 'in der Schweiz')).toBe(
      'Wir suchen Lieferanten für LED panel lights und sind bei der Suche in der Schweiz auf Licht AG gestoßen.',
    );
    expect(fr.context('Acme Lighting', 'aux États-Unis', null)).toBe(
      'J’ai découvert Acme Lighting en cherchant des acheteurs aux États-Unis et je souhaite vous présenter notre offre.',
    );
    expect(es.sourcing(null, 'LED panel lights', 'Luces SA', 'en el Reino Unido')).toBe(
      'Buscamos proveedores de LED panel lights y encontramos Luces SA en el Reino Unido.',
    );
  });

  it('French elides "de" before a vowel, not before a consonant or h', () => {
    expect(fr.sourcingSubject('LED panel lights', 'Éclairage Moderne SARL')).toBe(
      'Demande d’achat : LED panel lights d’Éclairage Moderne SARL',
    );
    expect(fr.sourcingSubject('LED panel lights', 'Lumière SA')).toBe(
      'Demande d’achat : LED panel lights de Lumière SA',
    );
    expect(fr.sourcingSubject('LED panel lights', 'Hauteville SA')).toBe(
      'Demande d’achat : LED panel lights de Hauteville SA',
    );
    expect(fr.intro('Atelier Lumo', null, true)).toBe('Je vous écris de la part d’Atelier Lumo.');
    expect(fr.offerFollowUp(3, 'ampoules LED', 'Lumière SA', false)).toContain(
      'ceci est mon dernier message au sujet d’ampoules LED.',
    );
  });
});
