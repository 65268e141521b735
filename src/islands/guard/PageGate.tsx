import { useEffect } from 'react';
import { guardRedirect } from '../../lib/guard.ts';

/** localStorage key of the session token (spec §3: the token persists in local storage). */
const TOKEN_KEY = 'token';

/**
 * Applies the navigation guard (spec §4) on a prebuilt page shell: a private page opened
 * without a token goes to login with `redirect` back here.
 */
export default function PageGate() {
  useEffect(() => {
    const target = guardRedirect(
      location.pathname,
      location.search,
      Boolean(localStorage.getItem(TOKEN_KEY)),
    );
    if (target) location.replace(target);
  }, []);
  return null;
}
