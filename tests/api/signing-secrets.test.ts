/**
 * Issue 36, item 5: the secrets links are signed with (download links, unsubscribe links, reply
 * tags) are the same on every instance: from their variables when set, else made once in the
 * database (server/platform/secrets.ts). Two instances on one PostgreSQL: tests/pg/instances.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.ts';
import { rowsOf, type Database } from '../../server/platform/db/client.ts';
import { loadSigningSecrets } from '../../server/platform/secrets.ts';
import { sql } from 'drizzle-orm';
import { freshDatabase } from './harness.ts';

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'hl-secrets-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });
const stored = async () =>
  rowsOf<{ name: string; value: string }>(
    await database.db.execute(sql`SELECT name, value FROM server_secrets ORDER BY name`),
  );

describe('signing secrets', () => {
  it('adopt the unsubscribe secret an earlier version kept in DATA_DIR, so links already emailed keep working', async () => {
    const earlier = 'an-earlier-unsubscribe-secret-0123456789abcdef';
    writeFileSync(join(dataDir, 'unsubscribe-secret'), `${earlier}\n`, { mode: 0o600 });
    const secrets = await loadSigningSecrets(database.db, config());
    expect(secrets.unsubscribe).toBe(earlier);
    expect(secrets.source).toEqual({ fileLinks: 'database', unsubscribe: 'database' });
    expect(secrets.fileLinks.length).toBeGreaterThanOrEqual(32);
    expect(secrets.fileLinks).not.toBe(earlier);
  });

  it('are made once: a restart (or another instance) reads the same ones, whatever its own DATA_DIR holds', async () => {
    const first = await loadSigningSecrets(database.db, config());
    writeFileSync(join(dataDir, 'unsubscribe-secret'), 'a-different-file-secret-0123456789abcdefgh');
    const again = await loadSigningSecrets(database.db, config());
    expect(again).toEqual(first);
    expect((await stored()).map((row) => row.name)).toEqual(['file_links', 'unsubscribe']);
  });

  it('come from FILE_URL_SECRET and UNSUBSCRIBE_SECRET when set, and those are never written to the database', async () => {
    const env = {
      FILE_URL_SECRET: 'file-url-secret-from-the-env-0123456789abcdef',
      UNSUBSCRIBE_SECRET: 'unsubscribe-secret-from-the-env-0123456789ab',
    };
    const secrets = await loadSigningSecrets(database.db, config(env));
    expect(secrets).toMatchObject({ fileLinks: env.FILE_URL_SECRET, unsubscribe: env.UNSUBSCRIBE_SECRET });
    expect(secrets.source).toEqual({ fileLinks: 'env', unsubscribe: 'env' });
    const values = (await stored()).map((row) => row.value);
    expect(values).not.toContain(env.FILE_URL_SECRET);
    expect(values).not.toContain(env.UNSUBSCRIBE_SECRET);
  });
});
