/**
 * The search's understanding of a sentence, as the rest of the server imports it: the reader is
 * understand.ts (one pass: annotate, resolve, build), its shape understanding.ts.
 */
export * from './understanding.ts';
export { understand as parseQuery } from './understand.ts';
