import { serveIsolated } from '../platform/isolate.ts';
import { readInboundMessage } from './inboundMessage.ts';

/**
 * The inbound mail reader's worker (started by `inbound.ts` through platform/isolate.ts): reads one
 * raw message at a time and answers what `readInboundMessage` made of it. Loaded by Node itself
 * (type stripping), also under vitest, so it and what it imports stay erasable TypeScript.
 */
serveIsolated((raw: Uint8Array) => readInboundMessage(raw));
