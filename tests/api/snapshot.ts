import { sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { rowsOf, type Db } from '../../server/platform/db/client.ts';
import { users } from '../../server/platform/db/schema.ts';
import { grantBeans } from '../../server/billing/ledger.ts';
import { createSession } from '../../server/accounts/sessions.ts';
import type { Api } from './harness.ts';

/** The tables of the app's schema (new tables are picked up without editing this file). */
export async function appTables(db: Db): Promise<string[]> {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`),
  );
  return rows.map((r) => r.table_name);
}

async function tableHash(db: Db, table: string, where = sql``): Promise<string> {
  const [row] = rowsOf<{ h: string }>(
    await db.execute(
      sql`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${sql.identifier(table)} t ${where}`,
    ),
  );
  return row!.h;
}

/** One hash per table of every row it holds: equal before and after means nothing was written. */
export async function databaseState(db: Db): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  for (const table of await appTables(db)) state[table] = await tableHash(db, table);
  return state;
}

/**
 * One hash per table of the rows that belong to one user: the user row, every table with a
 * `user_id` or `agent_id` column, and the messages of the user's chats.
 */
export async function ownedState(db: Db, userId: number): Promise<Record<string, string>> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name IN ('user_id', 'agent_id', 'redeemed_by', 'used_by')
      ORDER BY table_name, column_name`),
  );
  const state: Record<string, string> = {
    users: await tableHash(db, 'users', sql`WHERE t.id = ${userId}`),
    chat_messages: await tableHash(
      db,
      'chat_messages',
      sql`WHERE t.chat_id IN (SELECT id FROM chats WHERE user_id = ${userId})`,
    ),
  };
  for (const { table_name, column_name } of columns) {
    state[`${table_name}.${column_name}`] = await tableHash(
      db,
      table_name,
      sql`WHERE t.${sql.identifier(column_name)} = ${userId}`,
    );
  }
  return state;
}

let passwordHash: Promise<string> | undefined;

/**
 * A verified account made straight in the database (no argon2 per account, no rate limits), with
 * the sign-up bonus through the ledger and a session token.
 */
export async function quickAccount(
  api: Api,
  label: string,
  options: { agent?: boolean; beans?: number } = {},
): Promise<{ id: number; email: string; token: string }> {
  passwordHash ??= hash('Secret123');
  const email = `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const [row] = await api.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      userName: label,
      emailVerifiedAt: api.clock.now(),
      isAgent: options.agent ? 1 : 0,
    })
    .returning({ id: users.id });
  const beans = options.beans ?? 5;
  if (beans > 0)
    await api.database.db.transaction((tx) =>
      grantBeans(tx, row!.id, beans, 'signup_bonus', { text: 'test account' }, `signup:${row!.id}`),
    );
  return { id: row!.id, email, token: await createSession(api.services, row!.id) };
}
