/**
 * Phrases of the lexicon found in a sentence (issue 31): the one matcher every reader's word list
 * goes through, so the lists are data (lexicon/*.json) and not patterns. A Chinese phrase is found
 * anywhere; a phrase that begins or ends with a Latin letter or a digit only where no letter or digit
 * goes on past it ("eu" in "EU国家" and "eu countries", not in "europe"). An entry may say what must,
 * or must not, stand right after or before it:
 *
 * ```json
 * { "word": "品牌", "before": ["<end>", "的", "客户"] }      // only before these
 * { "word": "turkey", "not_before": ["meat", "breast"] }    // turkey meat is no place
 * { "word": "china", "not_after": ["bone", "fine"] }        // bone china is porcelain
 * ```
 *
 * `later` (with `within`, in characters) asks for a word further on in the same clause, after at
 * least one character ("除…以外"); `not_later` for none anywhere after ("除了" with no "还" after it).
 * `<end>` stands for the end of the text, a space or a clause mark. One space between a Latin
 * phrase and what stands next to it is passed over. Texts are matched as given: callers lower-case.
 */

export type PhraseEntry =
  | string
  | {
      word: string;
      before?: string[];
      not_before?: string[];
      not_after?: string[];
      /** One of these later in the same clause, within `within` characters of the phrase's end. */
      later?: string[];
      within?: number;
      /** None of these anywhere after it. */
      not_later?: string[];
    };

export interface PhraseHit<T> {
  start: number;
  end: number;
  /** The phrase as listed (lower case). */
  word: string;
  value: T;
}

interface Compiled<T> {
  word: string;
  value: T;
  before: string[] | undefined;
  notBefore: string[] | undefined;
  notAfter: string[] | undefined;
  later: string[] | undefined;
  within: number | undefined;
  notLater: string[] | undefined;
  latinStart: boolean;
  latinEnd: boolean;
}

const LATIN_OR_DIGIT = /[\p{Script=Latin}\p{N}]/u;
const isLatin = (char: string | undefined) => char !== undefined && LATIN_OR_DIGIT.test(char);

/** Marks that end a clause. */
export const CLAUSE_MARKS = '，,。.;；!！?？';

/** The regular English plural of a phrase's last word: "factory" → "factories", "box" → "boxes". */
export function plural(word: string): string {
  if (word.endsWith('y') && !'aeiou'.includes(word.at(-2) ?? '')) return `${word.slice(0, -1)}ies`;
  if (['s', 'x', 'z', 'ch', 'sh'].some((end) => word.endsWith(end))) return `${word}es`;
  return `${word}s`;
}

/** Whether `text` starts with `word`, a Latin word ending on a word boundary. */
function startsWithWord(text: string, word: string): boolean {
  if (word === '<end>') return text === '' || text[0] === ' ' || CLAUSE_MARKS.includes(text[0]!);
  return text.startsWith(word) && !(isLatin(word.at(-1)) && isLatin(text[word.length]));
}

/** Whether `text` ends with `word`, a Latin word starting on a word boundary. */
function endsWithWord(text: string, word: string): boolean {
  if (word === '<end>') return text === '' || text.endsWith(' ') || CLAUSE_MARKS.includes(text.at(-1)!);
  return text.endsWith(word) && !(isLatin(word[0]) && isLatin(text[text.length - word.length - 1]));
}

/** The text up to its first clause mark. */
export function untilClauseEnd(text: string): string {
  for (let i = 0; i < text.length; i++) if (CLAUSE_MARKS.includes(text[i]!)) return text.slice(0, i);
  return text;
}

const skipSpace = (text: string) => (text.startsWith(' ') ? text.slice(1) : text);
const skipSpaceEnd = (text: string) => (text.endsWith(' ') ? text.slice(0, -1) : text);

/** A list of phrases, each with a value, to find in texts. */
export class Phrases<T = string> {
  readonly #entries: Compiled<T>[];

  /**
   * @param entries Phrases with their values (`[entry, value]`), or bare entries (the value is the word).
   * @param options `plurals`: a Latin phrase is also found with its last word in the plural.
   */
  constructor(entries: Iterable<PhraseEntry | [PhraseEntry, T]>, options: { plurals?: boolean } = {}) {
    const compiled: Compiled<T>[] = [];
    for (const item of entries) {
      const [entry, given] = Array.isArray(item) ? item : [item, undefined];
      const spec = typeof entry === 'string' ? { word: entry } : entry;
      const word = spec.word.toLowerCase();
      const forms = options.plurals && isLatin(word.at(-1)) ? [word, plural(word)] : [word];
      for (const form of forms)
        compiled.push({
          word: form,
          value: (given ?? word) as T,
          before: spec.before,
          notBefore: 'not_before' in spec ? spec.not_before : undefined,
          notAfter: 'not_after' in spec ? spec.not_after : undefined,
          later: 'later' in spec ? spec.later : undefined,
          within: 'within' in spec ? spec.within : undefined,
          notLater: 'not_later' in spec ? spec.not_later : undefined,
          latinStart: isLatin(form[0]),
          latinEnd: isLatin(form.at(-1)),
        });
    }
    // Longest first, so the longer of two phrases at one place is met first.
    this.#entries = compiled.sort((a, b) => b.word.length - a.word.length);
  }

  /** The phrases listed (lower case), longest first. */
  get words(): string[] {
    return this.#entries.map((entry) => entry.word);
  }

  #fits(entry: Compiled<T>, text: string, start: number, end: number): boolean {
    if (entry.latinStart && isLatin(text[start - 1])) return false;
    if (entry.latinEnd && isLatin(text[end])) return false;
    if (!entry.before && !entry.notBefore && !entry.notAfter && !entry.later && !entry.notLater) return true;
    const after = entry.latinEnd ? skipSpace(text.slice(end)) : text.slice(end);
    const before = entry.latinStart ? skipSpaceEnd(text.slice(0, start)) : text.slice(0, start);
    if (entry.before && !entry.before.some((word) => startsWithWord(after, word))) return false;
    if (entry.notBefore?.some((word) => startsWithWord(after, word))) return false;
    if (entry.notAfter?.some((word) => endsWithWord(before, word))) return false;
    if (entry.notLater?.some((word) => text.includes(word, end))) return false;
    if (entry.later) {
      const clause = untilClauseEnd(text.slice(end, end + (entry.within ?? text.length)));
      if (!entry.later.some((word) => clause.indexOf(word) > 0)) return false;
    }
    return true;
  }

  /** Every place a phrase is written in `text`, overlapping ones too, in order. */
  all(text: string): PhraseHit<T>[] {
    const hits: PhraseHit<T>[] = [];
    for (const entry of this.#entries) {
      for (let at = text.indexOf(entry.word); at >= 0; at = text.indexOf(entry.word, at + 1)) {
        const end = at + entry.word.length;
        if (this.#fits(entry, text, at, end))
          hits.push({ start: at, end, word: entry.word, value: entry.value });
      }
    }
    return hits.sort((a, b) => a.start - b.start || b.end - a.end);
  }

  /** The phrases written in `text` read left to right, the longest where two start together, none overlapping. */
  leftmost(text: string): PhraseHit<T>[] {
    const taken: PhraseHit<T>[] = [];
    for (const hit of this.all(text)) if (hit.start >= (taken.at(-1)?.end ?? 0)) taken.push(hit);
    return taken;
  }

  /** The first phrase written in `text` (the longest where two start together), or null. */
  first(text: string): PhraseHit<T> | null {
    return this.all(text)[0] ?? null;
  }

  /** Whether any phrase is written in `text`. */
  in(text: string): boolean {
    return this.#entries.some((entry) => {
      for (let at = text.indexOf(entry.word); at >= 0; at = text.indexOf(entry.word, at + 1))
        if (this.#fits(entry, text, at, at + entry.word.length)) return true;
      return false;
    });
  }

  /** The longest phrase `text` starts with (after one space), or null. */
  startOf(text: string): PhraseHit<T> | null {
    const offset = text.startsWith(' ') ? 1 : 0;
    for (const entry of this.#entries)
      if (text.startsWith(entry.word, offset) && this.#fits(entry, text, offset, offset + entry.word.length))
        return { start: offset, end: offset + entry.word.length, word: entry.word, value: entry.value };
    return null;
  }

  /** The longest phrase `text` ends with (before one space), or null. */
  endOf(text: string): PhraseHit<T> | null {
    const end = text.endsWith(' ') ? text.length - 1 : text.length;
    for (const entry of this.#entries) {
      const start = end - entry.word.length;
      if (start >= 0 && text.startsWith(entry.word, start) && this.#fits(entry, text, start, end))
        return { start, end, word: entry.word, value: entry.value };
    }
    return null;
  }
}

/** The runs of the letters a to z in a (lower-case) text, with where each starts. */
export function latinWords(text: string): { word: string; at: number }[] {
  const words: { word: string; at: number }[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const letter = i < text.length && text[i]! >= 'a' && text[i]! <= 'z';
    if (letter && start < 0) start = i;
    else if (!letter && start >= 0) {
      words.push({ word: text.slice(start, i), at: start });
      start = -1;
    }
  }
  return words;
}

/** Phrases in both languages of a lexicon entry (`{ zh: [...], en: [...] }`), as one list. */
export function bothLanguages(list: { zh: PhraseEntry[]; en: PhraseEntry[] }): PhraseEntry[] {
  return [...list.zh, ...list.en];
}
