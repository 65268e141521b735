/**
 * What the Chinese plan popup's customer-service QR code encodes while CONTACT_QR_URL is unset
 * (README: Configuration). The server's start banner warns while the built site still uses it.
 */
export const CONTACT_QR_PLACEHOLDER = 'mailto:sales@honeyleads.example';

/**
 * The customer-service contact as a link (issue 35: a phone user cannot scan the QR code on their
 * own screen), or null for an address a link must not open (only http, https, mailto, tel and
 * WeChat's weixin: schemes).
 * @example contactLink('https://work.weixin.qq.com/ca/abc') // 'https://work.weixin.qq.com/ca/abc'
 * @example contactLink('javascript:alert(1)') // null
 */
export function contactLink(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return ['http:', 'https:', 'mailto:', 'tel:', 'weixin:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}
