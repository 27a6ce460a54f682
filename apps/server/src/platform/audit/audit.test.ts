import { describe, expect, it } from 'vitest';
import { truncateIp } from './audit.ts';

describe('truncateIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['::ffff:198.51.100.9', '198.51.100.0'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd::'],
    ['2001:0db8::', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['not an address', null],
    ['', null],
    [null, null],
  ])('%s → %s', (ip, expected) => {
    expect(truncateIp(ip)).toBe(expected);
  });
});
