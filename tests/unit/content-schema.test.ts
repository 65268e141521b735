import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const copies: string[] = [];

/** Builds a copy of the site with one extra post, returning Astro's exit status and output. */
function buildWithPost(name: string, text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'honeyleads-schema-'));
  copies.push(dir);
  for (const entry of ['src', 'contract', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'src/content/blog/en', name), text);
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('blog frontmatter schema', () => {
  it('fails the build naming the file and the field when frontmatter is wrong', () => {
    const { status, output } = buildWithPost(
      'broken-post.mdx',
      [
        '---',
        'title: A post with a typo in its frontmatter',
        'descripton: The field name is misspelled, so the real description is missing.',
        'pubDate: 2026-10-01',
        'tags: [test]',
        'cover: ../../../assets/blog/verify-buyer-emails-before-outreach.png',
        'coverAlt: A cover',
        'translationKey: broken-post',
        '---',
        '',
        'Body.',
      ].join('\n'),
    );
    expect(status).not.toBe(0);
    expect(output).toContain('broken-post.mdx');
    expect(output).toMatch(/description/);
    expect(output).toMatch(/descripton/);
  }, 120_000);
});
