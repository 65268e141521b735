/// <reference types="astro/client" />

declare namespace astroHTML.JSX {
  interface IntrinsicAttributes {
    /** Hydrate on the first interaction with the page (src/integrations/interaction.ts). */
    'client:interaction'?: boolean;
  }
}
