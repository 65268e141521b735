import { serveIsolated } from '../platform/isolate.ts';
import { profileSources, readProfileFacts } from './extract.ts';
import type { ReadJob } from './service.ts';

/**
 * The profile reader's worker (started by `service.ts` through platform/isolate.ts, kept warm: the
 * product lexicon takes seconds to load): reads a seller profile from the company files' text, or
 * finds where the text states a reading's values (the LLM's).
 * Loaded by Node itself (type stripping), also under vitest, so it and what it imports stay
 * erasable TypeScript.
 */
serveIsolated(({ text, values }: ReadJob) =>
  values ? { values, sources: profileSources(text, values) } : readProfileFacts(text),
);
