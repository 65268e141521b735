// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Who may import what (docs/architecture in README): the server never imports the site, nor the site the server.
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../src/*', '**/src/**'] }] },
  },
  {
    // contract/schemas.ts is full zod (~24 KB gz): the browser checks fields with contract/rules.ts.
    files: ['src/**/*.{ts,tsx,astro}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/contract/schemas*'] }] },
  },
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', '**/islands/**', '**/server/**', '**/contract/schemas*'] },
      ],
    },
  },
);
