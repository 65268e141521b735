import type { APIContext } from 'astro';
import QRCode from 'qrcode';
import { CONTACT_QR_PLACEHOLDER } from '../../contract/contact.ts';

/**
 * The customer-service QR code of the Chinese plan popup (spec §2), generated at build time from
 * CONTACT_QR_URL (README: Configuration; PUBLIC_CONTACT_URL is still read for older installs), so no
 * QR library ships to the browser. Unset, it encodes CONTACT_QR_PLACEHOLDER and the server warns.
 */
export async function GET(_context: APIContext) {
  const url = import.meta.env.PUBLIC_CONTACT_QR_URL || CONTACT_QR_PLACEHOLDER;
  const svg = await QRCode.toString(url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#0f1b3d', light: '#ffffff' },
  });
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
}
