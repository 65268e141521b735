// @ts-check
import { fileURLToPath } from 'node:url';
/**
 * Adds `client:interaction`: an island hydrates on the visitor's first interaction with the page
 * (pointer, touch, key, focus or wheel), so content pages load no script before then
 * (budgets.md: 0 bytes of JS before the user interacts).
 * @returns {import('astro').AstroIntegration}
 */
export function interactionDirective() {
  return {
    name: 'honeyleads:interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)),
        });
      },
    },
  };
}
