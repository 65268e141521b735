// @ts-check
// The reference blog `npm run bench:web` measures our content pages against (issue 17): a minimal
// blog in the shape of Astro's blog starter, built with the same installed Astro into a temp dir.
import { defineConfig } from 'astro/config';

const out = process.env.REFERENCE_OUT_DIR || './dist';

export default defineConfig({
  site: 'http://localhost:4321',
  trailingSlash: 'never',
  build: { format: 'file' },
  outDir: out,
  // Caches go beside the output, so a build leaves nothing in the fixture.
  cacheDir: `${out}-cache`,
  vite: { cacheDir: `${out}-cache/vite` },
});
