import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { serverSecrets } from './db/schema.ts';

/**
 * The secrets every instance must sign with alike (issue 36): a download link made by one instance
 * is opened on another, an unsubscribe link or a reply address is checked by whichever instance
 * the mail server or the click reaches.
 */
export interface SigningSecrets {
  /** Signs local download links (`/api/files/…`). */
  fileLinks: string;
  /** Signs unsubscribe links and the inbound `reply+`/`bounce+` tags of outreach emails. */
  unsubscribe: string;
  /** Where each came from, for the start-up banner (never the value). */
  source: { fileLinks: SecretSource; unsubscribe: SecretSource };
}

/** `env`: the variable; `database`: made once and kept in `server_secrets`. */
export type SecretSource = 'env' | 'database';

type SecretName = 'file_links' | 'unsubscribe';

/**
 * The secret kept under `name`, made once: the first instance to ask stores `initial()` and every
 * later or concurrent one reads that. `INSERT … ON CONFLICT DO NOTHING` waits for a concurrent
 * insert of the same name to commit (or roll back), so the read after it, a statement of its own,
 * sees the one stored value: two instances starting together agree.
 */
export async function sharedSecret(db: Db, name: SecretName, initial: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: initial() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row || row.value.length < 32) throw new Error(`server_secrets holds no usable ${name} secret`);
  return row.value;
}

const random = () => randomBytes(32).toString('base64url');

/**
 * The file `DATA_DIR/unsubscribe-secret` an earlier version kept the unsubscribe secret in, when
 * there is one: adopted as the stored secret, so links in emails sent before keep working.
 */
function earlierUnsubscribeSecret(dataDir: string): string | undefined {
  try {
    const value = readFileSync(join(dataDir, 'unsubscribe-secret'), 'utf8').trim();
    return value.length >= 32 ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signing secrets: each from its variable when set (`FILE_URL_SECRET`, `UNSUBSCRIBE_SECRET`:
 * then set it alike on every instance), else from the database, made once for every instance.
 */
export async function loadSigningSecrets(
  db: Db,
  config: Pick<Config, 'FILE_URL_SECRET' | 'UNSUBSCRIBE_SECRET' | 'DATA_DIR'>,
): Promise<SigningSecrets> {
  const fileLinks = config.FILE_URL_SECRET ?? (await sharedSecret(db, 'file_links', random));
  const unsubscribe =
    config.UNSUBSCRIBE_SECRET ??
    (await sharedSecret(db, 'unsubscribe', () => earlierUnsubscribeSecret(config.DATA_DIR) ?? random()));
  return {
    fileLinks,
    unsubscribe,
    source: {
      fileLinks: config.FILE_URL_SECRET ? 'env' : 'database',
      unsubscribe: config.UNSUBSCRIBE_SECRET ? 'env' : 'database',
    },
  };
}
