import { useEffect, useState } from 'react';

/**
 * False during the prebuilt render and the hydrating render, true after: islands hydrate at
 * different moments, so anything read from a shared store must wait for this to match the HTML.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
