/**
 * How every reader of user-supplied text (the search sentence, the company files and the profile
 * read from them, inbound mail, import cells) sees spaces: whatever the Unicode space, one ASCII
 * space. A run of spaces is where a pattern with several optional spaces in a row backtracks
 * (issue 29: a run of U+3000, the ideographic space of every Chinese document, froze the profile
 * reader), so no reader sees one.
 */

/** Line breaks other than LF: CR LF, CR, NEL, line and paragraph separators, VT and FF. */
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029\v\f]/g;
/** Format characters that show nothing and split no words: zero-width spaces and joiners, BOM, soft hyphen. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060\ufeff]/g;
/** A run of any Unicode space (JavaScript's `\s`) but the line feed. */
const SPACES = /[^\S\n]+/g;
/** A space on either side of a line feed. */
const SPACE_AT_BREAK = / ?\n ?/g;
const BLANK_LINES = /\n{3,}/g;

/**
 * The text with every Unicode space run as one ASCII space, line breaks as LF, spaces around a
 * break dropped, at most one blank line in a row, and invisible format characters removed. Linear
 * in the text's length.
 * @example collapseSpaces('德国\u3000\u3000LED\r\n\r\n\r\nbuyers') // '德国 LED\n\nbuyers'
 */
export function collapseSpaces(text: string): string {
  return text
    .replace(LINE_BREAKS, '\n')
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ')
    .replace(SPACE_AT_BREAK, '\n')
    .replace(BLANK_LINES, '\n\n');
}

/**
 * The text without any of `chars` at its end: a scan from the end, where `/[…]+$/` would try
 * every start in a long run of them (quadratic).
 * @example trimEndOf('example.com/a//', '/') // 'example.com/a'
 */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}
