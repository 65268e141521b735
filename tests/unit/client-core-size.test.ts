import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_CORE_MODULES, FEATURE_MODULES, bundleSize } from '../../scripts/lib/libSize.ts';

const root = join(import.meta.dirname, '../..');

describe('client core weight (React excluded)', () => {
  it('the core every app page loads stays under 12 KB gzipped', async () => {
    const core = await bundleSize(root, CLIENT_CORE_MODULES);
    console.log(`client core: ${core.minified} B minified, ${core.gzip} B gzipped`);
    expect(core.gzip).toBeLessThan(12 * 1024);
  });

  it.each(FEATURE_MODULES)('%s adds under 4 KB gzipped to the core', async (module) => {
    const core = await bundleSize(root, CLIENT_CORE_MODULES);
    const withFeature = await bundleSize(root, [...CLIENT_CORE_MODULES, module]);
    console.log(`${module}: +${withFeature.gzip - core.gzip} B gzipped`);
    expect(withFeature.gzip - core.gzip).toBeLessThan(4 * 1024);
  });
});
