import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedBefore } from './migrations.ts';

/**
 * Upgrading to migration 0008 (stages and tags on saved leads, issue 16.3) keeps every saved lead
 * and its memo; each starts at stage `new` with no tags.
 */

let db: PGlite;
beforeAll(async () => {
  const old = await migratedBefore('0008');
  db = old.db;
  await db.exec(`
    INSERT INTO users (email, password_hash, user_name) VALUES ('a@example.com', 'x', 'a'), ('b@example.com', 'x', 'b');
    INSERT INTO leads (id, name, role, country, category_ids) VALUES
      ('L000001', 'One', 'buyer', 'DE', '{1}'), ('L000002', 'Two', 'supplier', 'AU', '{2}');
    INSERT INTO collects (user_id, lead_id, memo) VALUES (1, 'L000001', '下周跟进'), (1, 'L000002', ''), (2, 'L000001', 'b');
  `);
  await old.upgrade();
}, 60_000);
afterAll(() => db.close());

describe('migration 0008 (lead stages and tags)', () => {
  it('keeps every saved lead and memo, each at stage new with no tags', async () => {
    const { rows } = await db.query<{
      user_id: number;
      lead_id: string;
      memo: string;
      stage: string;
      tags: string[];
    }>('SELECT user_id, lead_id, memo, stage, tags FROM collects ORDER BY user_id, lead_id');
    expect(rows).toEqual([
      { user_id: 1, lead_id: 'L000001', memo: '下周跟进', stage: 'new', tags: [] },
      { user_id: 1, lead_id: 'L000002', memo: '', stage: 'new', tags: [] },
      { user_id: 2, lead_id: 'L000001', memo: 'b', stage: 'new', tags: [] },
    ]);
  });

  it('refuses a stage outside the pipeline', async () => {
    await expect(db.exec(`UPDATE collects SET stage = 'maybe'`)).rejects.toThrow(/collects_stage_check/);
  });
});
