import type { EmailLanguage } from '../../contract/outreach.ts';
import type { MoqUnit, Strength } from '../../contract/profile.ts';

/**
 * What the built-in writer says, per email language: every sentence is made from the facts it is
 * given and adds none of its own (no number, no certificate, no customer). The same facts go
 * through each language, so a Chinese profile yields the same email in English, German, Spanish or
 * French, and its Chinese preview says exactly the same.
 */
export interface Phrases {
  /** "a, b and c". */
  list(items: readonly string[]): string;
  /** The greeting: the person by first name when known, else a neutral one (never "Dear X team"). */
  greeting(person: string | null): string;
  /** A minimum order: "500 kg", "500公斤". */
  quantity(quantity: number, unit: MoqUnit): string;
  offerSubject(products: string | null, lead: string): string;
  /** "I am writing from X. We make a, b and c." (either part may be missing). */
  intro(company: string | null, products: string | null, manufacturer: boolean): string | null;
  /**
   * "in Germany", "in the United States", "in der Schweiz", "aux États-Unis", "en el Reino Unido":
   * a country (its ISO code and its name in this language) as the sentences below say where; in
   * Chinese the bare name.
   */
  where(code: string, name: string): string;
  /** Why we write: where we found the lead (`where`'s phrase), and whether our products fit what it buys. */
  context(lead: string, where: string, fits: string | null): string;
  /** One sentence of selling points (manufacturer and samples are said elsewhere). */
  strengths(keys: readonly Strength[]): string | null;
  certifications(names: string): string;
  moq(quantity: string): string;
  offerAsk(products: string | null, samples: boolean): string;
  call: string;
  sourcingSubject(products: string, lead: string): string;
  sourcing(company: string | null, products: string, lead: string, where: string): string;
  sourcingAsk: string;
  lookForward: string;
  /** The follow-ups: step 2 and step 3, to a buyer and to a supplier. */
  offerFollowUp(step: 2 | 3, products: string | null, lead: string, samples: boolean): string;
  sourcingFollowUp(step: 2 | 3, products: string, lead: string): string;
  /** German letters go on in lower case after the greeting's comma (DIN 5008). */
  lowerAfterGreeting?: boolean;
  closing: string;
  labels: { phone: string; wechat: string; whatsapp: string };
}

/** The writer's selling points, one clause each, to be joined into one sentence. */
/** A sentence's clause per strength; none for `manufacturer` and `samples` (the intro and the ask say them). */
type Clauses = Partial<Record<Exclude<Strength, 'manufacturer' | 'samples'>, string>> & {
  manufacturer?: never;
  samples?: never;
};

const joiner =
  (and: string, comma = ', ') =>
  (items: readonly string[]) =>
    items.length <= 1
      ? (items[0] ?? '')
      : `${items.slice(0, -1).join(comma)}${and}${items[items.length - 1]}`;

const sentence = (clauses: Clauses, keys: readonly Strength[], list: (i: readonly string[]) => string) => {
  const said = keys.map((k) => clauses[k]).filter((c): c is string => Boolean(c));
  if (said.length === 0) return null;
  const text = list(said);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * A minimum order as a European language writes it: the unit's singular for one (MOQs are whole
 * numbers, contract/profile.ts isMoqQuantity), its plural otherwise.
 */
const counted = (one: Record<MoqUnit, string>, many: Record<MoqUnit, string>) => (q: number, unit: MoqUnit) =>
  `${q} ${(q === 1 ? one : many)[unit]}`;

const enList = joiner(' and ');
const EN_CLAUSES: Clauses = {
  oem_odm: 'we offer OEM and ODM service',
  customization: 'we can adapt specifications and packaging to your market',
  private_label: 'we can produce under your own brand',
  quality_control: 'every order is inspected before it ships',
  rnd: 'our own R&D team develops new products',
  fast_delivery: 'we deliver quickly',
  export_experience: 'we are experienced in exporting',
};
const EN_UNIT: Record<MoqUnit, string> = {
  piece: 'piece',
  set: 'set',
  pair: 'pair',
  carton: 'carton',
  kg: 'kg',
  ton: 'ton',
  meter: 'meter',
};
const EN_UNITS: Record<MoqUnit, string> = {
  piece: 'pieces',
  set: 'sets',
  pair: 'pairs',
  carton: 'cartons',
  kg: 'kg',
  ton: 'tons',
  meter: 'meters',
};
/** Countries English names with "the" (the United States, the Netherlands, the Philippines). */
const EN_THE = new Set([
  'US',
  'GB',
  'NL',
  'AE',
  'PH',
  'DO',
  'CF',
  'BS',
  'GM',
  'MV',
  'KM',
  'SB',
  'MH',
  'KY',
  'FO',
  'VA',
]);
/** Places the runtime names as administrative regions ("Hong Kong SAR China"): as people say them. */
const EN_WHERE: Record<string, string> = { HK: 'in Hong Kong', MO: 'in Macao' };
const en: Phrases = {
  list: enList,
  greeting: (person) => (person ? `Dear ${person},` : 'Hello,'),
  quantity: counted(EN_UNIT, EN_UNITS),
  offerSubject: (products, lead) => (products ? `${products} for ${lead}` : `Supplying ${lead}`),
  intro: (company, products, manufacturer) =>
    [
      company ? `I am writing from ${company}.` : null,
      products ? `We ${manufacturer ? 'make' : 'supply'} ${products}.` : null,
    ]
      .filter(Boolean)
      .join(' ') || null,
  where: (code, name) =>
    EN_WHERE[code] ?? (EN_THE.has(code) && !/^the /i.test(name) ? `in the ${name}` : `in ${name}`),
  context: (lead, where, fits) =>
    fits
      ? `I came across ${lead} while looking for buyers ${where}, and I believe our ${fits} could fit what you purchase.`
      : `I came across ${lead} while looking for buyers ${where}, and I would like to introduce what we offer.`,
  strengths: (keys) => sentence(EN_CLAUSES, keys, enList) && `${sentence(EN_CLAUSES, keys, enList)}.`,
  certifications: (names) => `Our certifications: ${names}.`,
  moq: (quantity) => `Our minimum order is ${quantity}.`,
  offerAsk: (products, samples) =>
    `If ${products ?? 'our products'} could interest you, I would be glad to send our catalogue and price list${samples ? ', and samples for your evaluation' : ''}.`,
  call: 'Would a short call next week suit you?',
  sourcingSubject: (products, lead) => `Sourcing inquiry: ${products} from ${lead}`,
  sourcing: (company, products, lead, where) =>
    `${company ? `I am writing from ${company}. ` : ''}We are sourcing ${products} and found ${lead} while looking for suppliers ${where}.`,
  sourcingAsk:
    'Could you send us your catalogue and price list (FOB or CIF), together with your minimum order quantity, lead time and the certificates your products carry? Samples would also be welcome.',
  lookForward: 'I look forward to hearing from you.',
  offerFollowUp: (step, products, lead, samples) =>
    step === 2
      ? `I am following up on my email about ${products ?? 'our products'}. If it helps, I can send our catalogue and price list${samples ? ' or samples' : ''} right away. If someone else at ${lead} looks after purchasing, I would be grateful if you could point me to them.`
      : `I have not heard back, so this is my last note about ${products ?? 'our products'}. If the timing is not right, no reply is needed. Should your plans change, a reply to this email reaches me.`,
  sourcingFollowUp: (step, products, lead) =>
    step === 2
      ? `I am following up on my request for your catalogue and prices for ${products}. We are still looking for a supplier and would be glad to hear from ${lead}.`
      : `This is my last note about our inquiry for ${products}. If you do not supply them, no reply is needed.`,
  closing: 'Best regards,',
  labels: { phone: 'Tel', wechat: 'WeChat', whatsapp: 'WhatsApp' },
};

const zhList = joiner('和', '、');
const ZH_CLAUSES: Clauses = {
  oem_odm: '提供 OEM 和 ODM 服务',
  customization: '可以按贵方市场调整规格和包装',
  private_label: '可以使用贵方自有品牌生产',
  quality_control: '每批货出货前都经过检验',
  rnd: '有自己的研发团队开发新品',
  fast_delivery: '交货快',
  export_experience: '有丰富的出口经验',
};
const ZH_UNITS: Record<MoqUnit, string> = {
  piece: '件',
  set: '套',
  pair: '双',
  carton: '箱',
  kg: '公斤',
  ton: '吨',
  meter: '米',
};
const ZH_WHERE: Record<string, string> = { HK: '香港', MO: '澳门', TW: '台湾' };
const zh: Phrases = {
  list: zhList,
  greeting: (person) => (person ? `${person}，您好！` : '您好！'),
  quantity: (q, unit) => `${q}${ZH_UNITS[unit]}`,
  offerSubject: (products, lead) => (products ? `${products}供应 - ${lead}` : `供应合作 - ${lead}`),
  intro: (company, products, manufacturer) =>
    [
      company ? `我是${company}的联系人。` : null,
      products ? `我们${manufacturer ? '生产' : '供应'}${products}。` : null,
    ]
      .filter(Boolean)
      .join('') || null,
  where: (code, name) => ZH_WHERE[code] ?? name,
  context: (lead, where, fits) =>
    fits
      ? `我们在寻找${where}的买家时注意到了${lead}，相信我们的${fits}适合贵公司的采购。`
      : `我们在寻找${where}的买家时注意到了${lead}，希望向贵公司介绍我们的产品。`,
  strengths: (keys) => {
    const said = keys.map((k) => ZH_CLAUSES[k]).filter(Boolean);
    return said.length ? `我们${said.join('，')}。` : null;
  },
  certifications: (names) => `我们的认证：${names}。`,
  moq: (quantity) => `最小起订量为${quantity}。`,
  offerAsk: (products, samples) =>
    `如果贵公司对${products ?? '我们的产品'}感兴趣，我很乐意发送产品目录和报价单${samples ? '，也可以寄送样品供评估' : ''}。`,
  call: '方便的话，下周约个简短的电话沟通可以吗？',
  sourcingSubject: (products, lead) => `${products}采购询价 - ${lead}`,
  sourcing: (company, products, lead, where) =>
    `${company ? `我是${company}的联系人。` : ''}我们正在采购${products}，在寻找${where}的供应商时注意到了${lead}。`,
  sourcingAsk:
    '能否发送贵公司的产品目录和报价单（FOB 或 CIF），并告知最小起订量、交货期以及产品具备的认证？如有样品，也欢迎提供。',
  lookForward: '期待您的回复。',
  offerFollowUp: (step, products, lead, samples) =>
    step === 2
      ? `跟进一下我之前关于${products ?? '我们产品'}的邮件。如有需要，我可以马上发送产品目录和报价单${samples ? '或寄送样品' : ''}。如果${lead}的采购由其他同事负责，烦请告知联系人。`
      : `之前的邮件还没有收到回复，这是我关于${products ?? '我们产品'}的最后一封邮件。如果现在时机不合适，无需回复。今后如有需要，直接回复这封邮件就能联系到我。`,
  sourcingFollowUp: (step, products, lead) =>
    step === 2
      ? `跟进一下我之前关于${products}目录和报价的询问。我们仍在寻找供应商，期待${lead}的回复。`
      : `这是我关于${products}询价的最后一封邮件。如果贵公司不供应这些产品，无需回复。`,
  closing: '此致\n敬礼',
  labels: { phone: '电话', wechat: '微信', whatsapp: 'WhatsApp' },
};

const deList = joiner(' und ');
const DE_CLAUSES: Clauses = {
  oem_odm: 'wir bieten OEM- und ODM-Fertigung',
  customization: 'wir passen Spezifikationen und Verpackung an Ihren Markt an',
  private_label: 'wir produzieren auch unter Ihrer eigenen Marke',
  quality_control: 'jeder Auftrag wird vor dem Versand geprüft',
  rnd: 'unser eigenes Entwicklungsteam entwickelt neue Produkte',
  fast_delivery: 'wir liefern schnell',
  export_experience: 'wir haben Erfahrung im Export',
};
const DE_UNITS: Record<MoqUnit, string> = {
  piece: 'Stück',
  set: 'Sets',
  pair: 'Paar',
  carton: 'Kartons',
  kg: 'kg',
  ton: 'Tonnen',
  meter: 'Meter',
};
/** One of each unit (Mindestbestellmenge "1 Set", "1 Karton"). */
const DE_UNIT: Record<MoqUnit, string> = {
  piece: 'Stück',
  set: 'Set',
  pair: 'Paar',
  carton: 'Karton',
  kg: 'kg',
  ton: 'Tonne',
  meter: 'Meter',
};
/**
 * "in <country>" where German needs an article (dative) or another preposition: plural names,
 * feminine and masculine ones, islands ("auf den Philippinen"). Every other country: "in <name>".
 */
const DE_WHERE: Record<string, string> = {
  US: 'in den Vereinigten Staaten',
  GB: 'im Vereinigten Königreich',
  NL: 'in den Niederlanden',
  AE: 'in den Vereinigten Arabischen Emiraten',
  PH: 'auf den Philippinen',
  MV: 'auf den Malediven',
  SC: 'auf den Seychellen',
  BS: 'auf den Bahamas',
  KY: 'auf den Kaimaninseln',
  CH: 'in der Schweiz',
  TR: 'in der Türkei',
  SK: 'in der Slowakei',
  UA: 'in der Ukraine',
  MN: 'in der Mongolei',
  DO: 'in der Dominikanischen Republik',
  CF: 'in der Zentralafrikanischen Republik',
  CD: 'in der Demokratischen Republik Kongo',
  CG: 'in der Republik Kongo',
  CI: 'in der Elfenbeinküste',
  IR: 'im Iran',
  IQ: 'im Irak',
  LB: 'im Libanon',
  YE: 'im Jemen',
  SD: 'im Sudan',
  SS: 'im Südsudan',
  TD: 'im Tschad',
  NE: 'im Niger',
  SN: 'im Senegal',
  VA: 'im Vatikan',
  HK: 'in Hongkong',
  MO: 'in Macau',
};
const de: Phrases = {
  list: deList,
  greeting: (person) => (person ? `Guten Tag ${person},` : 'Guten Tag,'),
  quantity: counted(DE_UNIT, DE_UNITS),
  offerSubject: (products, lead) => (products ? `${products} für ${lead}` : `Lieferangebot für ${lead}`),
  intro: (company, products, manufacturer) =>
    [
      company ? `Ich schreibe Ihnen im Namen von ${company}.` : null,
      products
        ? `Wir ${manufacturer ? 'stellen' : 'liefern'} ${products}${manufacturer ? ' her' : ''}.`
        : null,
    ]
      .filter(Boolean)
      .join(' ') || null,
  where: (code, name) => DE_WHERE[code] ?? `in ${name}`,
  context: (lead, where, fits) =>
    fits
      ? `Bei der Suche nach Abnehmern ${where} bin ich auf ${lead} gestoßen und glaube, dass unsere ${fits} zu Ihrem Einkauf passen könnten.`
      : `Bei der Suche nach Abnehmern ${where} bin ich auf ${lead} gestoßen und möchte Ihnen unser Angebot vorstellen.`,
  strengths: (keys) => sentence(DE_CLAUSES, keys, deList) && `${sentence(DE_CLAUSES, keys, deList)}.`,
  certifications: (names) => `Unsere Zertifizierungen: ${names}.`,
  moq: (quantity) => `Unsere Mindestbestellmenge beträgt ${quantity}.`,
  offerAsk: (products, samples) =>
    `Wenn ${products ?? 'unsere Produkte'} für Sie interessant sind, sende ich Ihnen gern unseren Katalog und unsere Preisliste${samples ? ' sowie Muster zur Prüfung' : ''}.`,
  call: 'Hätten Sie nächste Woche Zeit für ein kurzes Telefonat?',
  sourcingSubject: (products, lead) => `Anfrage: ${products} von ${lead}`,
  sourcing: (company, products, lead, where) =>
    `${company ? `Ich schreibe Ihnen im Namen von ${company}. ` : ''}Wir suchen Lieferanten für ${products} und sind bei der Suche ${where} auf ${lead} gestoßen.`,
  sourcingAsk:
    'Könnten Sie uns Ihren Katalog und Ihre Preisliste (FOB oder CIF) senden und uns Ihre Mindestbestellmenge, Lieferzeit und die Zertifikate Ihrer Produkte nennen? Muster wären ebenfalls willkommen.',
  lookForward: 'Ich freue mich auf Ihre Antwort.',
  offerFollowUp: (step, products, lead, samples) =>
    step === 2
      ? `Ich komme auf meine E-Mail zu ${products ?? 'unseren Produkten'} zurück. Gern sende ich Ihnen sofort unseren Katalog und unsere Preisliste${samples ? ' oder Muster' : ''}. Falls bei ${lead} jemand anderes für den Einkauf zuständig ist, wäre ich für einen Hinweis dankbar.`
      : `Da ich noch keine Antwort erhalten habe, ist dies meine letzte Nachricht zu ${products ?? 'unseren Produkten'}. Wenn der Zeitpunkt nicht passt, ist keine Antwort nötig. Sollte sich Ihr Bedarf ändern, erreichen Sie mich über eine Antwort auf diese E-Mail.`,
  sourcingFollowUp: (step, products, lead) =>
    step === 2
      ? `Ich komme auf meine Anfrage nach Katalog und Preisen für ${products} zurück. Wir suchen weiterhin einen Lieferanten und würden uns über eine Antwort von ${lead} freuen.`
      : `Dies ist meine letzte Nachricht zu unserer Anfrage für ${products}. Falls Sie diese Produkte nicht liefern, ist keine Antwort nötig.`,
  lowerAfterGreeting: true,
  closing: 'Mit freundlichen Grüßen',
  labels: { phone: 'Tel.', wechat: 'WeChat', whatsapp: 'WhatsApp' },
};

const esList = joiner(' y ');
const ES_CLAUSES: Clauses = {
  oem_odm: 'ofrecemos servicio OEM y ODM',
  customization: 'adaptamos especificaciones y embalaje a su mercado',
  private_label: 'fabricamos con su propia marca',
  quality_control: 'cada pedido se inspecciona antes del envío',
  rnd: 'nuestro propio equipo de I+D desarrolla nuevos productos',
  fast_delivery: 'entregamos con rapidez',
  export_experience: 'tenemos experiencia en exportación',
};
const ES_UNITS: Record<MoqUnit, string> = {
  piece: 'piezas',
  set: 'juegos',
  pair: 'pares',
  carton: 'cajas',
  kg: 'kg',
  ton: 'toneladas',
  meter: 'metros',
};
const ES_UNIT: Record<MoqUnit, string> = {
  piece: 'pieza',
  set: 'juego',
  pair: 'par',
  carton: 'caja',
  kg: 'kg',
  ton: 'tonelada',
  meter: 'metro',
};
/** Countries Spanish names with their article ("en el Reino Unido"); every other one: "en <name>". */
const ES_WHERE: Record<string, string> = {
  GB: 'en el Reino Unido',
  NL: 'en los Países Bajos',
  AE: 'en los Emiratos Árabes Unidos',
  HK: 'en Hong Kong',
  MO: 'en Macao',
};
const es: Phrases = {
  list: esList,
  greeting: (person) => (person ? `Buenos días, ${person}:` : 'Buenos días:'),
  quantity: counted(ES_UNIT, ES_UNITS),
  offerSubject: (products, lead) =>
    products ? `${products} para ${lead}` : `Propuesta de suministro para ${lead}`,
  intro: (company, products, manufacturer) =>
    [
      company ? `Le escribo de parte de ${company}.` : null,
      products ? `${manufacturer ? 'Fabricamos' : 'Suministramos'} ${products}.` : null,
    ]
      .filter(Boolean)
      .join(' ') || null,
  where: (code, name) => ES_WHERE[code] ?? `en ${name}`,
  context: (lead, where, fits) =>
    fits
      ? `Encontré ${lead} buscando compradores ${where} y creo que nuestros productos (${fits}) podrían encajar en sus compras.`
      : `Encontré ${lead} buscando compradores ${where} y me gustaría presentarle lo que ofrecemos.`,
  strengths: (keys) => sentence(ES_CLAUSES, keys, esList) && `${sentence(ES_CLAUSES, keys, esList)}.`,
  certifications: (names) => `Nuestras certificaciones: ${names}.`,
  moq: (quantity) => `Nuestro pedido mínimo es de ${quantity}.`,
  offerAsk: (products, samples) =>
    `Si ${products ? `estos productos (${products})` : 'nuestros productos'} le interesan, con gusto le envío nuestro catálogo y lista de precios${samples ? ', y muestras para su evaluación' : ''}.`,
  call: '¿Le vendría bien una breve llamada la próxima semana?',
  sourcingSubject: (products, lead) => `Consulta de compra: ${products} de ${lead}`,
  sourcing: (company, products, lead, where) =>
    `${company ? `Le escribo de parte de ${company}. ` : ''}Buscamos proveedores de ${products} y encontramos ${lead} ${where}.`,
  sourcingAsk:
    '¿Podría enviarnos su catálogo y lista de precios (FOB o CIF), junto con su cantidad mínima de pedido, plazo de entrega y las certificaciones de sus productos? También agradeceríamos muestras.',
  lookForward: 'Quedo a la espera de su respuesta.',
  offerFollowUp: (step, products, lead, samples) =>
    step === 2
      ? `Le escribo para dar seguimiento a mi correo sobre ${products ?? 'nuestros productos'}. Si le resulta útil, puedo enviarle ahora nuestro catálogo y lista de precios${samples ? ' o muestras' : ''}. Si otra persona de ${lead} se ocupa de las compras, le agradecería que me lo indicara.`
      : `Como no he recibido respuesta, este es mi último mensaje sobre ${products ?? 'nuestros productos'}. Si no es el momento, no hace falta responder. Si sus planes cambian, puede contactarme respondiendo a este correo.`,
  sourcingFollowUp: (step, products, lead) =>
    step === 2
      ? `Le escribo para dar seguimiento a mi solicitud de catálogo y precios de ${products}. Seguimos buscando proveedor y nos gustaría recibir noticias de ${lead}.`
      : `Este es mi último mensaje sobre nuestra consulta de ${products}. Si no suministran estos productos, no hace falta responder.`,
  closing: 'Saludos cordiales,',
  labels: { phone: 'Tel.', wechat: 'WeChat', whatsapp: 'WhatsApp' },
};

const frList = joiner(' et ');
const FR_CLAUSES: Clauses = {
  oem_odm: 'nous proposons un service OEM et ODM',
  customization: 'nous adaptons les spécifications et l’emballage à votre marché',
  private_label: 'nous fabriquons sous votre propre marque',
  quality_control: 'chaque commande est contrôlée avant l’expédition',
  rnd: 'notre propre équipe R&D développe de nouveaux produits',
  fast_delivery: 'nous livrons rapidement',
  export_experience: 'nous avons l’expérience de l’export',
};
const FR_UNITS: Record<MoqUnit, string> = {
  piece: 'pièces',
  set: 'ensembles',
  pair: 'paires',
  carton: 'cartons',
  kg: 'kg',
  ton: 'tonnes',
  meter: 'mètres',
};
const FR_UNIT: Record<MoqUnit, string> = {
  piece: 'pièce',
  set: 'ensemble',
  pair: 'paire',
  carton: 'carton',
  kg: 'kg',
  ton: 'tonne',
  meter: 'mètre',
};
/** A word French elides before ("d’", "l’"): it begins with a vowel; h is left alone (h aspiré or not). */
const FR_VOWEL_START = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;
/** "de" before a word, elided before a vowel ("d’Accessoires Animaux", "de Bright Pet"). */
const frDe = (word: string) => (FR_VOWEL_START.test(word) ? `d’${word}` : `de ${word}`);
/**
 * Where, in French: plural names "aux" (aux États-Unis), islands and city-states "à" (à Singapour),
 * masculine names "au" (au Japon, au Mexique), feminine names and those beginning with a vowel "en"
 * (en Allemagne, en Iran). The gender is read from the name (a first word ending in -e is feminine)
 * but for the masculine names that end in -e.
 */
const FR_WHERE: Record<string, string> = {
  US: 'aux États-Unis',
  NL: 'aux Pays-Bas',
  AE: 'aux Émirats arabes unis',
  PH: 'aux Philippines',
  MV: 'aux Maldives',
  SC: 'aux Seychelles',
  BS: 'aux Bahamas',
  KM: 'aux Comores',
  MH: 'aux Îles Marshall',
  SB: 'aux Îles Salomon',
  KY: 'aux Îles Caïmans',
  FO: 'aux Îles Féroé',
  SG: 'à Singapour',
  HK: 'à Hong Kong',
  MO: 'à Macao',
  TW: 'à Taïwan',
  CU: 'à Cuba',
  MT: 'à Malte',
  CY: 'à Chypre',
  MG: 'à Madagascar',
  MU: 'à Maurice',
  BH: 'à Bahreïn',
  MC: 'à Monaco',
  TT: 'à Trinité-et-Tobago',
  PR: 'à Porto Rico',
  HT: 'en Haïti',
  GB: 'au Royaume-Uni',
};
const FR_MASCULINE_E = new Set(['MX', 'KH', 'MZ', 'ZW', 'BZ', 'SR']);
function frWhere(code: string, name: string): string {
  const table = FR_WHERE[code];
  if (table) return table;
  if (FR_VOWEL_START.test(name)) return `en ${name}`;
  const first = name.split(/[\s-]/)[0] ?? name;
  return first.endsWith('e') && !FR_MASCULINE_E.has(code) ? `en ${name}` : `au ${name}`;
}
const fr: Phrases = {
  list: frList,
  greeting: (person) => (person ? `Bonjour ${person},` : 'Bonjour,'),
  quantity: counted(FR_UNIT, FR_UNITS),
  offerSubject: (products, lead) =>
    products ? `${products} pour ${lead}` : `Proposition de fourniture pour ${lead}`,
  intro: (company, products, manufacturer) =>
    [
      company ? `Je vous écris de la part ${frDe(company)}.` : null,
      products
        ? `Nous ${manufacturer ? 'fabriquons' : 'fournissons'} les produits suivants : ${products}.`
        : null,
    ]
      .filter(Boolean)
      .join(' ') || null,
  where: frWhere,
  context: (lead, where, fits) =>
    fits
      ? `J’ai découvert ${lead} en cherchant des acheteurs ${where} et je pense que nos produits (${fits}) pourraient correspondre à vos achats.`
      : `J’ai découvert ${lead} en cherchant des acheteurs ${where} et je souhaite vous présenter notre offre.`,
  strengths: (keys) => sentence(FR_CLAUSES, keys, frList) && `${sentence(FR_CLAUSES, keys, frList)}.`,
  certifications: (names) => `Nos certifications : ${names}.`,
  moq: (quantity) => `Notre minimum de commande est de ${quantity}.`,
  offerAsk: (products, samples) =>
    `Si ${products ? `ces produits (${products})` : 'nos produits'} vous intéressent, je vous enverrai volontiers notre catalogue et nos tarifs${samples ? ', ainsi que des échantillons pour évaluation' : ''}.`,
  call: 'Un court appel la semaine prochaine vous conviendrait-il ?',
  sourcingSubject: (products, lead) => `Demande d’achat : ${products} ${frDe(lead)}`,
  sourcing: (company, products, lead, where) =>
    `${company ? `Je vous écris de la part ${frDe(company)}. ` : ''}Nous recherchons des fournisseurs des produits suivants : ${products}, et avons trouvé ${lead} ${where}.`,
  sourcingAsk:
    'Pourriez-vous nous envoyer votre catalogue et vos tarifs (FOB ou CIF), avec votre quantité minimale de commande, vos délais et les certifications de vos produits ? Des échantillons seraient également les bienvenus.',
  lookForward: 'Dans l’attente de votre réponse.',
  offerFollowUp: (step, products, lead, samples) =>
    step === 2
      ? `Je reviens vers vous au sujet de mon e-mail sur ${products ?? 'nos produits'}. Je peux vous envoyer dès maintenant notre catalogue et nos tarifs${samples ? ' ou des échantillons' : ''}. Si une autre personne ${frDe(lead)} s’occupe des achats, merci de me l’indiquer.`
      : `Sans réponse de votre part, ceci est mon dernier message au sujet ${frDe(products ?? 'nos produits')}. Si le moment n’est pas opportun, inutile de répondre. Si vos besoins évoluent, il vous suffit de répondre à cet e-mail.`,
  sourcingFollowUp: (step, products, lead) =>
    step === 2
      ? `Je reviens vers vous au sujet de ma demande de catalogue et de prix pour ${products}. Nous cherchons toujours un fournisseur et serions heureux d’avoir des nouvelles ${frDe(lead)}.`
      : `Ceci est mon dernier message au sujet de notre demande pour ${products}. Si vous ne fournissez pas ces produits, inutile de répondre.`,
  closing: 'Cordialement,',
  labels: { phone: 'Tél.', wechat: 'WeChat', whatsapp: 'WhatsApp' },
};

/** Each email language's phrases. */
export const PHRASES: Record<EmailLanguage, Phrases> = { en, zh, de, es, fr };

/** The unsubscribe line of an email in a language the UI catalogue does not hold. */
export const FOOTERS: Record<'de' | 'es' | 'fr', string> = {
  de: '\n\n-- \nWenn Sie keine solchen E-Mails mehr erhalten möchten, melden Sie sich hier ab: {link}',
  es: '\n\n-- \nSi prefiere no recibir correos como este, puede darse de baja aquí: {link}',
  fr: '\n\n-- \nSi vous ne souhaitez plus recevoir ce type d’e-mail, désabonnez-vous ici : {link}',
};
