import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useMounted } from '../ui/useMounted.ts';
import { $token, $userInfo, startSession } from '../../lib/stores/session.ts';

/**
 * The session as islands see it: starts it once per page (user info, payment return). Until the
 * island has mounted it reads as logged out, exactly like the prebuilt HTML, so hydration matches.
 */
export function useSession() {
  const token = useStore($token);
  const user = useStore($userInfo);
  const mounted = useMounted();
  useEffect(() => {
    void startSession();
  }, []);
  const loggedIn = mounted && Boolean(token);
  return { token: loggedIn ? token : undefined, user: loggedIn ? user : null, loggedIn };
}
