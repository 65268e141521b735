/// <reference types="astro/client" />

declare namespace astroHTML.JSX {
  interface IntrinsicAttributes {
    /**
     * Hydrate on the first interaction with the page (src/integrations/interaction.ts); a string
     * names the stylesheet the island needs, loaded with its code.
     */
    'client:interaction'?: boolean | string;
  }
}
