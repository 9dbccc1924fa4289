import { describe, expect, it } from 'vitest';
import { deviceName } from './device.ts';

describe('device names', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0',
      'Edge on macOS',
    ],
    ['curl/8.4.0', 'curl/8.4.0'],
  ])('%s → %s', (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });

  it('has no name without a user agent', () => {
    expect(deviceName('')).toBeNull();
  });
});
