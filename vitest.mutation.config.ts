import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { GROUPS, type GroupName } from './scripts/mutation/groups.ts';

/**
 * The test files of one mutation group (MUTATION_GROUP, scripts/mutation/groups.ts), with the same
 * settings as vitest.config.ts: `npm run test:mutation` runs Stryker against these only.
 */
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
const name = process.env.MUTATION_GROUP as GroupName | undefined;
const group = name ? GROUPS[name] : undefined;
if (!group) throw new Error(`MUTATION_GROUP must be one of ${Object.keys(GROUPS).join(', ')}`);

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      ...(group.api.length
        ? [
            {
              resolve: { alias },
              test: {
                name: 'api',
                isolate: false,
                include: group.api,
                globalSetup: ['tests/api/globalSetup.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
                // The lock's property test with fewer generated cases: it runs for every mutant it covers.
                env: { INFERENCE_RUNS: '12' },
              },
            },
          ]
        : []),
      ...(group.unit.length ? [{ resolve: { alias }, test: { name: 'unit', include: group.unit } }] : []),
    ],
  },
});
