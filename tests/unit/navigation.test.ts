import { describe, expect, it, vi } from 'vitest';
import { goBack } from '@/lib/navigation.ts';

function context(length: number) {
  return { history: { length, back: vi.fn() }, location: { assign: vi.fn() } };
}

describe('back button (spec §2)', () => {
  it('goes home when only one page is on the history stack', () => {
    const ctx = context(1);
    goBack(ctx, '/en');
    expect(ctx.location.assign).toHaveBeenCalledWith('/en');
    expect(ctx.history.back).not.toHaveBeenCalled();
  });

  it('goes back one page otherwise', () => {
    const ctx = context(3);
    goBack(ctx);
    expect(ctx.history.back).toHaveBeenCalledOnce();
    expect(ctx.location.assign).not.toHaveBeenCalled();
  });
});
