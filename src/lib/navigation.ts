import { ROUTES } from '../../contract/routes.ts';

/** The slice of `window` the back button needs (injectable for tests). */
export interface BackContext {
  history: Pick<History, 'length' | 'back'>;
  location: Pick<Location, 'assign'>;
}

/**
 * Spec §2 "Back button": home `/` when only one page is on the history stack, else back one page.
 * @example goBack(window, '/en') // on a fresh tab: goes to /en
 */
export function goBack(context: BackContext, home: string = ROUTES.home): void {
  if (context.history.length <= 1) context.location.assign(home);
  else context.history.back();
}
