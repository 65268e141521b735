/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** The customer-service contact: the QR code's content and the plan popup's link (astro.config.mjs). */
  readonly PUBLIC_CONTACT_QR_URL: string;
}

declare namespace astroHTML.JSX {
  interface IntrinsicAttributes {
    /**
     * Hydrate on the first interaction with the page (src/integrations/interaction.ts); a string
     * names the stylesheet the island needs, loaded with its code.
     */
    'client:interaction'?: boolean | string;
  }
}
