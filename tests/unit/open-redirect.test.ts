/**
 * Security guide: "Redirects: `?redirect=` ... only ever lead to a path on this site", proved on
 * the open-redirect corpus (tests/corpus/open-redirect.ts) as the login page uses it: the value
 * arrives decoded from the query string, and whatever safeRedirect returns is navigated to.
 * The same corpus runs against the server's `success_url` check in tests/api/open-redirect.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '@/lib/guard.ts';
import {
  ON_SITE_TARGETS,
  OPEN_REDIRECT_PAYLOADS,
  SITE_ORIGIN,
  staysOnSite,
} from '../corpus/open-redirect.ts';

/** Each payload as sent, and once more decoded (a `redirect` that was encoded twice). */
const inputs = [
  ...new Set(
    OPEN_REDIRECT_PAYLOADS.flatMap((payload) => {
      try {
        return [payload, decodeURIComponent(payload)];
      } catch {
        return [payload];
      }
    }),
  ),
];

describe('safeRedirect on the open-redirect corpus', () => {
  it(`has at least 40 payloads (${OPEN_REDIRECT_PAYLOADS.length}, ${inputs.length} with their decoded forms)`, () => {
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  it('sends none of them off the site', () => {
    const offSite = inputs
      .map((input) => ({ input, target: safeRedirect(input) }))
      .filter(
        ({ target }) => target !== null && !(target.startsWith('/') && staysOnSite(target, SITE_ORIGIN)),
      );
    expect(offSite).toEqual([]);
  });

  it('what it returns is stable: checking it again changes nothing', () => {
    for (const input of inputs) {
      const target = safeRedirect(input);
      if (target !== null) expect(safeRedirect(target), JSON.stringify(input)).toBe(target);
    }
  });

  it('keeps the paths of this site as they are', () => {
    for (const target of ON_SITE_TARGETS) expect(safeRedirect(target)).toBe(target);
  });
});
