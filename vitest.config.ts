import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      // Framework-free rules, i18n and server code: no build needed.
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // Reads the built site in dist/ (run after `npm run build`).
      { resolve: { alias }, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
    ],
  },
});
