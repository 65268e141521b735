import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/platform/errors.ts';
import { inboundAddress, readInboundAddress, readingOf } from '../../server/outreach/inbound.ts';

/*
 * The two edges of the inbound hook (server/outreach/inbound.ts) that no real message reaches in a
 * test run: what the isolated reader's failures mean for the message, and an envelope address
 * written with spaces around it.
 */

describe('what the reader’s answer means for a message', () => {
  it('a reading is the message’s, as the reader gave it', () => {
    const reading = { ok: false as const, reason: 'headers_too_large' as const, detail: 'over 64 KB' };
    expect(readingOf({ ok: true, value: reading })).toBe(reading);
  });

  it('a reading stopped after 3 s: ignored as too slow, with why', () => {
    expect(readingOf({ ok: false, reason: 'timeout', detail: 'over 3000 ms' })).toEqual({
      ok: false,
      reason: 'too_slow',
      detail: 'over 3000 ms',
    });
  });

  it('a reader that crashed (out of memory): ignored as unreadable, with why', () => {
    expect(readingOf({ ok: false, reason: 'crashed', detail: 'ERR_WORKER_OUT_OF_MEMORY' })).toEqual({
      ok: false,
      reason: 'unreadable',
      detail: 'ERR_WORKER_OUT_OF_MEMORY',
    });
  });

  it('a full waiting room: 42900 with retry_after 60, so the mail server tries later', () => {
    let thrown: unknown;
    try {
      readingOf({ ok: false, reason: 'busy', detail: '16 jobs waiting' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      code: 42900,
      key: 'rateLimited',
      params: { seconds: 60 },
      data: { retry_after: 60 },
    });
  });
});

describe('an envelope address of ours', () => {
  const SECRET = 'inbound-secret-0123456789abcdef0123456789';
  const SEQUENCE = '0b7e3c1a-5d2f-4e8a-9c6b-1f2e3d4c5b6a';
  const { reply, bounce } = inboundAddress('in.honeyleads.example', SECRET, SEQUENCE);

  it('is read with spaces around it and in capitals, as a mail server may pass it', () => {
    expect(readInboundAddress(SECRET, `  ${reply.toUpperCase()} `)).toEqual({
      kind: 'reply',
      sequenceId: SEQUENCE,
    });
    expect(readInboundAddress(SECRET, `\t${bounce}\n`)).toEqual({ kind: 'bounce', sequenceId: SEQUENCE });
  });

  it('with another secret’s tag is not ours', () => {
    expect(readInboundAddress('another-secret-0123456789abcdef012345678', reply)).toBeNull();
  });
});
