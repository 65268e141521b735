/** Social platforms we recognize and the path each profile URL must have. */
const PLATFORMS: { platform: string; hosts: RegExp; path: RegExp }[] = [
  { platform: 'linkedin', hosts: /(^|\.)linkedin\.com$/, path: /^\/(company|in|school)\/[\w%.-]{2,100}\/?$/ },
  { platform: 'facebook', hosts: /(^|\.)(facebook|fb)\.com$/, path: /^\/[\w.-]{3,100}\/?$/ },
  { platform: 'instagram', hosts: /(^|\.)instagram\.com$/, path: /^\/[\w.]{1,30}\/?$/ },
  { platform: 'x', hosts: /(^|\.)(x|twitter)\.com$/, path: /^\/\w{1,15}\/?$/ },
  { platform: 'whatsapp', hosts: /^(wa\.me|api\.whatsapp\.com)$/, path: /^\/\+?\d{7,15}\/?$|^\/send\/?$/ },
  {
    platform: 'youtube',
    hosts: /(^|\.)youtube\.com$/,
    path: /^\/(@[\w.-]{3,30}|channel\/[\w-]{10,40}|c\/[\w.-]{2,100})\/?$/,
  },
];

/**
 * Checks a social link's platform and format without fetching it (spec §7 spider/verify_media):
 * https only, a known platform, a profile-shaped path.
 * @example verifyMedia('linkedin.com/company/acme') // { platform: 'linkedin', valid: true, url: 'https://linkedin.com/company/acme' }
 */
export function verifyMedia(raw: string): { platform: string; valid: boolean; url: string } {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw.trim()) ? raw.trim() : `https://${raw.trim()}`);
  } catch {
    return { platform: 'unknown', valid: false, url: raw };
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const known = PLATFORMS.find((p) => p.hosts.test(host));
  if (!known) return { platform: 'unknown', valid: false, url: url.href };
  const valid = url.protocol === 'https:' && !url.username && !url.password && known.path.test(url.pathname);
  return { platform: known.platform, valid, url: url.href };
}
