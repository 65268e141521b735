import { useEffect } from 'react';
import { guardRedirect } from '../../lib/guard.ts';
import { $deviceId, $token } from '../../lib/stores/session.ts';

/**
 * Applies the navigation guard (spec §4) on a prebuilt page shell: a private page opened
 * without a token goes to login with `redirect` back here.
 */
export default function PageGate() {
  useEffect(() => {
    const target = guardRedirect(
      location.pathname,
      location.search,
      Boolean($token.get()),
      Boolean($deviceId.get()),
    );
    if (target) location.replace(target);
  }, []);
  return null;
}
