import { parentPort } from 'node:worker_threads';
import { readInboundMessage } from './inboundMessage.ts';

/**
 * The inbound mail worker's entry (started by `inbound.ts`, one per message): reads one raw message,
 * answers what `readInboundMessage` made of it, and is terminated by the parent. Loaded by Node
 * itself (type stripping), also under vitest, so it and what it imports stay erasable TypeScript.
 */
parentPort!.once('message', (raw: Uint8Array) => {
  void readInboundMessage(raw).then(
    (reading) => parentPort!.postMessage(reading),
    (error: unknown) =>
      parentPort!.postMessage({ ok: false, reason: 'unreadable', detail: String(error).slice(0, 200) }),
  );
});
