/**
 * The owners' analytics classes (issue 29 point 8 "devices"): the device class of a click or visit
 * and the host of the page that sent a visitor. Only these coarse results are stored, never the
 * User-Agent or the referring URL, so neither identifies anyone.
 *
 * Device class from the User-Agent, by the rules the common parsers (ua-parser-js, bowser) use for
 * their device type, without adding a dependency for three words:
 * - 'tablet': iPad, Android without "Mobile" (Android tablets drop it), Kindle/Silk, PlayBook,
 *   "Tablet" (Windows and others);
 * - 'mobile': "Mobi" (every major mobile browser), iPhone/iPod, Android, Windows Phone, BlackBerry,
 *   Opera Mini;
 * - 'desktop': any other browser (iPadOS 13+ in its default desktop mode says Macintosh and is
 *   counted here, as in every UA-based parser).
 * Crawlers are never recorded (click-attribution.rules.ts `isCrawler`), so there is no bot class in
 * the stored figures.
 */

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

const TABLET = /iPad|Tablet|PlayBook|Kindle|Silk\/|Android(?!.*Mobi)/i;
const MOBILE = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|BB10|Opera Mini/i;

/** The device class of a User-Agent; null when there is none (such a request is not recorded anyway). */
export function deviceClass(userAgent: string | null | undefined): DeviceClass | null {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return null;
  if (TABLET.test(ua)) return 'tablet';
  if (MOBILE.test(ua)) return 'mobile';
  return 'desktop';
}

/**
 * The lower-case host of an http(s) referrer (`https://www.Google.com/search?q=…` → `www.google.com`),
 * or null for none, a non-web URL, or one of `ownHosts` (a visitor moving inside our own site is
 * not referred). Never throws.
 */
export function referrerHost(referrer: string | null | undefined, ownHosts: ReadonlyArray<string | null | undefined>): string | null {
  const text = referrer?.trim() ?? '';
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().slice(0, 253);
  if (host === '' || ownHosts.some((h) => h && h.toLowerCase().split(':')[0] === host)) return null;
  return host;
}
