import { startMailbox } from './mailbox.ts';

/** Starts the test SMTP server before the tests; Playwright calls the returned teardown. */
export default async function globalSetup() {
  return startMailbox();
}
