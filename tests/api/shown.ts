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
