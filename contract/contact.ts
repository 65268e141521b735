/**
 * What the Chinese plan popup's customer-service QR code encodes while CONTACT_QR_URL is unset
 * (README: Configuration). The server's start banner warns while the built site still uses it.
 */
export const CONTACT_QR_PLACEHOLDER = 'mailto:sales@honeyleads.example';
