/** Device classes and referrer hosts for the owners' analytics (issue 29 point 8). */
import { describe, expect, it } from 'vitest';
import { deviceClass, referrerHost } from './device-class.rules';

describe('deviceClass', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'mobile',
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'mobile'],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'tablet',
    ],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'desktop'],
  ])('%s → %s', (ua, expected) => {
    expect(deviceClass(ua)).toBe(expected);
  });
  it('has no class without a User-Agent', () => {
    expect(deviceClass(undefined)).toBeNull();
    expect(deviceClass('  ')).toBeNull();
  });
});

describe('referrerHost', () => {
  it('keeps only the lower-case host of a web referrer, and nothing for our own site or other schemes', () => {
    expect(referrerHost('https://www.Google.co.uk/search?q=kettle', ['deals.example'])).toBe('www.google.co.uk');
    expect(referrerHost('https://deals.example/deals/B0AAAAAAA1', ['deals.example:443'])).toBeNull();
    expect(referrerHost('android-app://com.google.android.gm/', [])).toBeNull();
    expect(referrerHost('not a url', [])).toBeNull();
    expect(referrerHost('', [])).toBeNull();
  });
});
