import { eq } from 'drizzle-orm';
import { leads, users } from '../../server/platform/db/schema.ts';
import { recordShown } from '../../server/leads/service.ts';
import type { Api } from './harness.ts';

/**
 * Setup for tests that pick leads straight from the table: records, with the writer a search
 * uses, that a search showed them to the user with this email (only shown leads can be saved
 * or unlocked; tests/api/money-security.test.ts proves that through real searches).
 */
export async function showLeads(api: Api, email: string, leadIds: string[]): Promise<void> {
  const [user] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  await recordShown(api.database.db, user.id, leadIds);
}

/** A new user who was shown every lead of the database (as searches would), so tests can pick any. */
export async function signUpShownAll(api: Api, email: string): Promise<string> {
  const token = await api.signUp(email);
  const all = await api.database.db.select({ id: leads.id }).from(leads);
  await showLeads(
    api,
    email,
    all.map((row) => row.id),
  );
  return token;
}

/**
 * The setup of the outreach tests: the lead shown to and unlocked by this user, then "find more
 * emails" until all `addresses` of it are revealed (five at unlock, five more each time).
 */
export async function unlockAllAddresses(
  api: Api,
  email: string,
  token: string,
  leadId: string,
  addresses: number,
): Promise<void> {
  await showLeads(api, email, [leadId]);
  const unlocked = await api.call('POST', '/leads/unlock', { token, body: { lead_id: leadId } });
  if (unlocked.body.code !== 0)
    throw new Error(`unlock of ${leadId} answered ${JSON.stringify(unlocked.body)}`);
  for (let shown = 5; shown < addresses; shown += 5)
    await api.call('GET', `/user/get_delve_email?lead_id=${leadId}`, { token });
}

/**
 * The two senders of the outreach tests, alice and bob (English accounts), each having unlocked
 * every address of the lead: their tokens.
 */
export async function aliceAndBob(
  api: Api,
  leadId: string,
  addresses: number,
): Promise<{ alice: string; bob: string }> {
  const alice = await api.signUp('alice@example.com', 'Secret123', { language: 'en' });
  const bob = await api.signUp('bob@example.com', 'Secret123', { language: 'en' });
  await unlockAllAddresses(api, 'alice@example.com', alice, leadId, addresses);
  await unlockAllAddresses(api, 'bob@example.com', bob, leadId, addresses);
  return { alice, bob };
}
