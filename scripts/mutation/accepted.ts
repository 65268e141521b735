/**
 * Mutants that survive the tests on purpose, each with the reason no user could see the change
 * (issue 30). Matched by file, mutator and the code it replaces (not by line), so they follow the
 * code as it moves; a change to that code makes the mutant count again until looked at anew.
 */
export interface AcceptedMutant {
  file: string;
  mutator: string;
  /** The source text the mutant replaces (whitespace runs count as one space). */
  original: string;
  /** Its replacement, when the same code has several mutants of that kind. */
  replacement?: string;
  reason: string;
}

export const ACCEPTED: AcceptedMutant[] = [];
