import type { APIContext } from 'astro';
import QRCode from 'qrcode';

/**
 * The customer-service QR code of the Chinese plan popup (spec §2), generated at build time from
 * PUBLIC_CONTACT_URL (README), so no QR library ships to the browser.
 */
export async function GET(_context: APIContext) {
  const url = import.meta.env.PUBLIC_CONTACT_URL || 'mailto:sales@honeyleads.example';
  const svg = await QRCode.toString(url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#0f1b3d', light: '#ffffff' },
  });
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
}
