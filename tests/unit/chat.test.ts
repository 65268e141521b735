import { describe, expect, it } from 'vitest';
import type { ChatTranscriptMessage } from '../../contract/api.ts';
import { nextOption, pairTranscript } from '@/lib/chat.ts';

const message = (role: 'user' | 'assistant', content: string): ChatTranscriptMessage => ({
  role,
  content,
  created_at: '2026-11-22T00:00:00Z',
  more: false,
  understood: null,
  leads: [],
});

describe('a reopened conversation', () => {
  it('pairs each question with the answer that followed it', () => {
    const turns = pairTranscript([
      message('user', 'LED buyers in Germany'),
      message('assistant', 'Found 3'),
      message('user', 'solar in Spain'),
      message('assistant', 'Found 0'),
    ]);
    expect(turns.map((t) => [t.query, t.answer?.content])).toEqual([
      ['LED buyers in Germany', 'Found 3'],
      ['solar in Spain', 'Found 0'],
    ]);
  });

  it('keeps a question without an answer, and ignores an answer without a question', () => {
    const turns = pairTranscript([
      message('assistant', 'orphan'),
      message('user', 'first'),
      message('user', 'second'),
      message('assistant', 'for second'),
    ]);
    expect(turns.map((t) => [t.query, t.answer?.content ?? null])).toEqual([
      ['first', null],
      ['second', 'for second'],
    ]);
  });
});

describe('suggestion list keys', () => {
  it('goes down from the text to the first option and past the last back to the text', () => {
    expect(nextOption(-1, 3, 1)).toBe(0);
    expect(nextOption(0, 3, 1)).toBe(1);
    expect(nextOption(2, 3, 1)).toBe(-1);
  });

  it('goes up from the text to the last option and past the first back to the text', () => {
    expect(nextOption(-1, 3, -1)).toBe(2);
    expect(nextOption(1, 3, -1)).toBe(0);
    expect(nextOption(0, 3, -1)).toBe(-1);
  });

  it('stays on the text when there is nothing to choose', () => {
    expect(nextOption(-1, 0, 1)).toBe(-1);
  });
});
