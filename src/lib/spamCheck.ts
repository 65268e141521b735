/**
 * The spam check the composer shows before sending (issue 33): the signs spam filters and busy
 * buyers react to in a first email, read from the subject and message as typed. Advice only: the
 * email can be sent either way. Framework-free; the composer renders each sign in the page's
 * language (`outreach.spam.*`). An unsubscribe line is always added when sent (server
 * `unsubscribeFooter`), so its absence is never a sign.
 */
import type { EmailLanguage, Language } from '../../contract/api.ts';
import type { UIKey } from '../i18n/index.ts';

/** The thresholds, as deliverability guides give them for cold email. */
export const SPAM_LIMITS = {
  /** Words in a first email (Latin-script languages); longer reads as bulk mail. */
  maxWords: 200,
  /** Characters in a Chinese email, where words are not spaced. */
  maxChineseChars: 400,
  /** Links in the message. */
  maxLinks: 2,
  /** Exclamation marks in the message (none in the subject). */
  maxExclamations: 1,
  /** Subject characters shown on a phone's inbox line. */
  subjectChars: 70,
  /** Words in capitals (four letters or more) the message may hold; none in the subject. */
  maxCapsWords: 1,
} as const;

export type SpamSign =
  | { kind: 'long'; count: number; max: number }
  | { kind: 'longChars'; count: number; max: number }
  | { kind: 'links'; count: number; max: number }
  | { kind: 'shortener'; host: string }
  | { kind: 'triggers'; words: string[] }
  | { kind: 'caps'; words: string[] }
  | { kind: 'exclamations'; count: number }
  | { kind: 'subjectLong'; count: number; max: number };

/**
 * Words and phrases spam filters score, in each email language (lower case). Chinese ones match
 * anywhere; the others only as whole words.
 */
const TRIGGERS: Record<EmailLanguage, readonly string[]> = {
  en: [
    'free',
    '100%',
    'guarantee',
    'guaranteed',
    'act now',
    'urgent',
    'limited time',
    'click here',
    'winner',
    'cheapest',
    'risk-free',
    'no obligation',
    'buy now',
    'order now',
    'special promotion',
    'best price',
    'lowest price',
    'cash',
    'earn money',
    'dear friend',
  ],
  de: [
    'kostenlos',
    'gratis',
    'garantiert',
    '100%',
    'jetzt handeln',
    'dringend',
    'hier klicken',
    'billigste',
    'nur heute',
    'sonderangebot',
    'jetzt kaufen',
    'bester preis',
  ],
  es: [
    'gratis',
    'garantizado',
    '100%',
    'urgente',
    'haga clic',
    'haz clic',
    'oferta especial',
    'compre ahora',
    'el mejor precio',
    'más barato',
  ],
  fr: [
    'gratuit',
    'garanti',
    '100%',
    'urgent',
    'cliquez ici',
    'offre spéciale',
    'achetez maintenant',
    'meilleur prix',
    'moins cher',
  ],
  zh: ['免费', '保证', '100%', '最低价', '最便宜', '点击这里', '立即购买', '限时', '紧急', '赚钱'],
};

/** Capitals trade emails write as names, never shouting: terms, marks, standards. */
const ACRONYMS = new Set([
  'BSCI',
  'BIFMA',
  'EUDR',
  'HACCP',
  'IATF',
  'OEKO',
  'SEDEX',
  'SMETA',
  'ASTM',
  'ANSI',
  'GOTS',
  'UKCA',
  'REACH',
  'RFQ',
  'FOB',
  'EXW',
  'CIF',
  'DDP',
  'FOBS',
  'HTTP',
  'HTTPS',
]);

const SHORTENERS = [
  'bit.ly',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  't.ly',
  'shorturl.at',
];

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** The phrases of `list` the text holds (whole words unless the phrase is Chinese), as listed. */
function triggersIn(text: string, list: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return list.filter((phrase) => {
    if (/[\u4e00-\u9fff]/.test(phrase)) return lower.includes(phrase);
    for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
      // "free" in "freestanding" or "carefree" is not the word; "100%" in "1100%" is not either.
      const joinsAfter = isWordChar(phrase.at(-1)) && isWordChar(lower[at + phrase.length]);
      if (!isWordChar(lower[at - 1]) && !joinsAfter) return true;
    }
    return false;
  });
}

/** Words of four or more letters written in capitals (trade acronyms aside), each once. */
function capsWords(text: string): string[] {
  const words = (text.match(/\p{L}+/gu) ?? []).filter(
    (word) =>
      [...word].length >= 4 &&
      word === word.toUpperCase() &&
      word !== word.toLowerCase() &&
      !ACRONYMS.has(word),
  );
  return [...new Set(words)];
}

/** The links the text holds: each http(s) address or www. host. */
function links(text: string): string[] {
  return text.match(/\bhttps?:\/\/\S+|\bwww\.\S+/gi) ?? [];
}

/**
 * The spam signs in a draft, in the order the composer lists them; none for a clean one.
 * @example spamSigns('Hello', 'FREE samples!!! Click here: bit.ly/x', 'en').map((s) => s.kind)
 * // ['shortener', 'triggers', 'caps', 'exclamations']
 */
export function spamSigns(subject: string, body: string, language: EmailLanguage): SpamSign[] {
  const signs: SpamSign[] = [];
  if (language === 'zh') {
    const count = (body.match(/[\u4e00-\u9fff]/g) ?? []).length;
    if (count > SPAM_LIMITS.maxChineseChars)
      signs.push({ kind: 'longChars', count, max: SPAM_LIMITS.maxChineseChars });
  } else {
    const count = (body.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
    if (count > SPAM_LIMITS.maxWords) signs.push({ kind: 'long', count, max: SPAM_LIMITS.maxWords });
  }
  const found = links(body);
  if (found.length > SPAM_LIMITS.maxLinks)
    signs.push({ kind: 'links', count: found.length, max: SPAM_LIMITS.maxLinks });
  const short = SHORTENERS.find((host) =>
    `${subject}\n${body}`
      .toLowerCase()
      .split(/[\s<>()"']+/)
      .some((token) => token.replace(/^https?:\/\//, '').startsWith(`${host}/`)),
  );
  if (short) signs.push({ kind: 'shortener', host: short });
  const text = `${subject}\n${body}`;
  // English triggers count in every language: exporters' emails mix them in.
  const words = [...new Set([...triggersIn(text, TRIGGERS[language]), ...triggersIn(text, TRIGGERS.en)])];
  if (words.length) signs.push({ kind: 'triggers', words });
  const inSubject = capsWords(subject);
  const inBody = capsWords(body);
  if (inSubject.length || inBody.length > SPAM_LIMITS.maxCapsWords)
    signs.push({ kind: 'caps', words: [...new Set([...inSubject, ...inBody])] });
  const marks = (text: string) => (text.match(/[!！]/g) ?? []).length;
  if (marks(subject) > 0 || marks(body) > SPAM_LIMITS.maxExclamations)
    signs.push({ kind: 'exclamations', count: marks(subject) + marks(body) });
  const subjectChars = [...subject.trim()].length;
  if (subjectChars > SPAM_LIMITS.subjectChars)
    signs.push({ kind: 'subjectLong', count: subjectChars, max: SPAM_LIMITS.subjectChars });
  return signs;
}

/** Each sign as the composer says it: its message key and values, lists joined as the page writes them. */
export function spamAdvice(
  signs: readonly SpamSign[],
  locale: Language,
): { key: UIKey; params: Record<string, string | number> }[] {
  const list = (words: readonly string[]) => words.join(locale === 'zh' ? '、' : ', ');
  return signs.map((sign) => {
    const { kind, ...values } = sign;
    const params = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, Array.isArray(value) ? list(value) : value]),
    ) as Record<string, string | number>;
    return { key: `outreach.spam.${kind}` as UIKey, params };
  });
}
