// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { interactionDirective } from './src/integrations/interaction-directive.mjs';
import { LOCALES, DEFAULT_LOCALE, HTML_LANG } from './src/i18n/locales.ts';
import { isIndexable } from './src/lib/seo.ts';
import { PAGE_BOOTSTRAP } from './src/i18n/bootstrap.ts';
import { scriptHash } from './src/integrations/csp.ts';
import { pageCsp } from './src/integrations/page-csp.ts';
import { CONTACT_QR_PLACEHOLDER } from './contract/contact.ts';
import { scriptsLastIntegration } from './src/integrations/scripts-last.ts';

/**
 * Browser bundles import `dictionaries.client.ts` (the page's one locale, read from the page)
 * where server code imports `dictionaries.ts` (every locale): islands never download both.
 * @returns {import('vite').Plugin}
 */
function clientDictionaries() {
  const client = fileURLToPath(new URL('./src/i18n/dictionaries.client.ts', import.meta.url));
  return {
    name: 'honeyleads:client-dictionaries',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const isClient = this.environment ? this.environment.config.consumer === 'client' : !options?.ssr;
      if (isClient && source === './dictionaries.ts' && importer?.includes('/src/i18n/')) return client;
      return null;
    },
  };
}

/**
 * The account islands' own stylesheets stay out of the pages' CSS (server builds resolve them to
 * nothing): `src/styles/islands.css` carries them, linked on app pages and loaded on first
 * interaction on content pages, so a content page inlines only what its first paint needs.
 * @returns {import('vite').Plugin}
 */
function islandStylesOnDemand() {
  const EMPTY = '\0honeyleads:island-styles';
  return {
    name: 'honeyleads:island-styles',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const isClient = this.environment ? this.environment.config.consumer === 'client' : !options?.ssr;
      if (isClient || !importer?.includes('/src/islands/')) return null;
      return /(^|\/)(account|ui)\.css$/.test(source) ? EMPTY : null;
    },
    load(id) {
      return id === EMPTY ? '' : null;
    },
  };
}

/**
 * Client chunks. Every page with an island first runs the session, API client, toasts, translations,
 * route table and the locale, ui and upload-entry stores. Split by which islands import what, they
 * made eight small files on every app page, each with its own request and gzip frame (about 1.5 KB
 * in all); the `app` group puts these stores and everything they import in one chunk. Three
 * contract modules are reached from there only through constants.ts's re-exports, so they keep their
 * own chunks and load only with the islands that use them: the limits, the plans, and the field
 * rules (with the form checks built on them).
 * @type {import('vite').Rolldown.CodeSplittingOptions}
 */
const CLIENT_CHUNKS = {
  groups: [
    {
      name: (id) =>
        /[\\/]contract[\\/](limits|plans)\.ts$/.exec(id)?.[1] ??
        (/[\\/](contract[\\/]rules|src[\\/]lib[\\/]validation)\.ts$/.test(id) ? 'validation' : null),
      priority: 1,
    },
    { name: 'app', test: /[\\/]src[\\/]lib[\\/](stores[\\/](session|locale|ui)|uploadEntry)\.ts$/ },
  ],
};

/**
 * Build warnings a newcomer cannot act on, left out of the build's output (issue 35: about 90 boxed
 * lines on every build). Each is known and harmless:
 * - MDX posts carry Astro's own `"use astro:head-inject"` directive, which the bundler says it may
 *   not keep; Astro reads it before bundling (one box per post and locale).
 * - session.ts imports the locale store lazily to break the import cycle between the two at
 *   evaluation time; both sit in the `app` chunk (CLIENT_CHUNKS), so nothing is lost by it.
 * Every other warning is still printed.
 * @param {import('vite').Rolldown.LogLevel} level
 * @param {import('vite').Rolldown.RolldownLog} log
 * @param {(level: import('vite').Rolldown.LogLevel, log: import('vite').Rolldown.RolldownLog) => void} handler
 */
export function quietKnownWarnings(level, log, handler) {
  if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use astro:head-inject"')) return;
  if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('src/lib/stores/locale.ts')) return;
  handler(level, log);
}

/**
 * What the Chinese plan popup's customer-service QR code encodes and its link opens (README:
 * CONTACT_QR_URL; PUBLIC_CONTACT_URL is still read for older installs), one value for both.
 */
const CONTACT_URL = process.env.CONTACT_QR_URL || process.env.PUBLIC_CONTACT_URL || CONTACT_QR_PLACEHOLDER;

/** Public origin used for canonical URLs, hreflang, sitemap and RSS (README: SITE_URL). */
const site = process.env.SITE_URL || 'http://localhost:4321';

/**
 * With company files in S3, image previews load from the bucket: its origin (read at build time,
 * e.g. `https://my-bucket.s3.eu-central-1.amazonaws.com`) joins the CSP's img-src (docs/deploy.md).
 */
const FILES_ORIGIN = process.env.PUBLIC_FILES_ORIGIN ? new URL(process.env.PUBLIC_FILES_ORIGIN).origin : '';

export default defineConfig({
  site,
  output: 'static',
  // Shiki's inline styles break the CSP; posts need no code highlighting.
  markdown: { syntaxHighlight: false },
  // `/pages/login/login` is served from `pages/login/login.html`: the spec's paths have no trailing slash.
  trailingSlash: 'never',
  // Content pages paint from inline CSS alone (issue 17: no render-blocking stylesheet).
  build: { format: 'file', inlineStylesheets: 'always' },
  i18n: {
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    // Astro's `fallback` cannot name the default locale; en fallback lives in useTranslations and getPostPages.
    routing: { prefixDefaultLocale: false },
  },
  security: {
    csp: {
      // The inline page bootstrap (locale, arrival) is the one script Astro does not hash by itself.
      scriptDirective: { hashes: [scriptHash(PAGE_BOOTSTRAP)] },
      directives: [
        "default-src 'self'",
        `img-src 'self' data: blob:${FILES_ORIGIN ? ` ${FILES_ORIGIN}` : ''}`,
        "connect-src 'self'",
        "object-src 'none'",
        // The server sends the page's policy as a header too, with frame-ancestors (server/static.ts).
        "base-uri 'none'",
        "form-action 'self'",
      ],
    },
  },
  integrations: [
    react(),
    mdx(),
    interactionDirective(),
    scriptsLastIntegration(),
    pageCsp(),
    sitemap({
      filter: (page) => isIndexable(new URL(page).pathname),
      i18n: { defaultLocale: DEFAULT_LOCALE, locales: HTML_LANG },
    }),
  ],
  server: { port: Number(process.env.PORT) || 4321 },
  vite: {
    plugins: [clientDictionaries(), islandStylesOnDemand()],
    define: { 'import.meta.env.PUBLIC_CONTACT_QR_URL': JSON.stringify(CONTACT_URL) },
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: { rolldownOptions: { onLog: quietKnownWarnings } },
    environments: {
      client: {
        build: { rolldownOptions: { onLog: quietKnownWarnings, output: { codeSplitting: CLIENT_CHUNKS } } },
      },
    },
    server: {
      // `npm run dev` forwards /api to the API server (README: API_DEV_URL).
      proxy: { '/api': process.env.API_DEV_URL || 'http://127.0.0.1:4322' },
    },
  },
});
