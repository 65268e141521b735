import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES } from '../../server/platform/config.ts';

const dist = join(import.meta.dirname, '../../dist');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return files(file);
    return /\.(?:html|js|css|json|xml|txt)$/.test(name) ? [file] : [];
  });
}

describe('the built site names no server setting (issue 15: plain words when a feature is off)', () => {
  it('no page, script or stylesheet holds an environment variable name', () => {
    expect(existsSync(dist), 'run `npm run build` first').toBe(true);
    const names = ENV_NAMES.filter((name) => name.includes('_'));
    const found: string[] = [];
    for (const file of files(dist)) {
      const text = readFileSync(file, 'utf8');
      for (const name of names) if (text.includes(name)) found.push(`${relative(dist, file)}: ${name}`);
    }
    expect(found).toEqual([]);
  });
});
