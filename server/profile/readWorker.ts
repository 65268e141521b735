import { serveIsolated } from '../platform/isolate.ts';
import { readProfile } from './extract.ts';

/**
 * The profile reader's worker (started by `service.ts` through platform/isolate.ts, kept warm: the
 * product lexicon takes seconds to load): reads a seller profile from the company files' text.
 * Loaded by Node itself (type stripping), also under vitest, so it and what it imports stay
 * erasable TypeScript.
 */
serveIsolated((text: string) => readProfile(text));
