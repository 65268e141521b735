import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

/** The same swap astro.config.mjs makes: browsers read the page's strings instead of both dictionaries. */
const clientDictionaries = (root: string): Plugin => ({
  name: 'client-dictionaries',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/dictionaries\.ts$/ }, (args) =>
      args.importer.includes('/src/i18n/')
        ? { path: join(root, 'src/i18n/dictionaries.client.ts') }
        : undefined,
    );
    // Each locale's strings are their own chunk, loaded by the client dictionaries: not core weight.
    pluginBuild.onResolve({ filter: /^\.\/ui\/\w+\.ts$/ }, (args) =>
      args.importer.endsWith('dictionaries.client.ts') && args.kind === 'dynamic-import'
        ? { path: args.path, external: true }
        : undefined,
    );
  },
});

/** What every app page's islands load: API client, stores, toast, popup, guard, i18n runtime. */
export const CLIENT_CORE_MODULES = [
  'src/lib/api/calls.ts',
  'src/lib/stores/session.ts',
  'src/lib/stores/beans.ts',
  'src/lib/stores/device.ts',
  'src/lib/stores/locale.ts',
  'src/lib/toast.ts',
  'src/lib/popup.ts',
  'src/lib/guard.ts',
  'src/lib/debounce.ts',
  'src/lib/navigation.ts',
  'src/i18n/index.ts',
];

/** Rules a page loads only with the feature that uses them (forms, plan popup, copy buttons). */
export const FEATURE_MODULES = [
  'src/lib/validation.ts',
  'src/lib/plans.ts',
  'src/lib/subscription.ts',
  'src/lib/payment.ts',
  'src/lib/clipboard.ts',
  'src/lib/format.ts',
  'src/lib/dates.ts',
];

/** Minified and gzipped bytes of the client core bundled together, as a browser would load it. */
export async function bundleSize(
  root: string,
  modules: readonly string[],
): Promise<{ minified: number; gzip: number }> {
  const entry = modules.map((file, i) => `export * as m${i} from './${file}';`).join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    define: { 'import.meta.env': '{}' },
    logLevel: 'silent',
    plugins: [clientDictionaries(root)],
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}
