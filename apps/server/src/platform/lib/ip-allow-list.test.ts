import { describe, expect, it } from 'vitest';
import { parseAllowedSources } from './ip-allow-list.ts';

describe('parseAllowedSources', () => {
  const list = parseAllowedSources('197.97.145.144/28, 144.126.193.139,2001:db8::/32')!;

  it.each([
    ['197.97.145.144', true],
    ['197.97.145.159', true], // last address of the /28
    ['197.97.145.160', false],
    ['144.126.193.139', true],
    ['144.126.193.140', false],
    ['::ffff:197.97.145.150', true], // IPv4 on a dual-stack socket
    ['2001:db8::1', true],
    ['2001:db9::1', false],
    ['not-an-ip', false],
  ])('%s allowed: %s', (address, allowed) => {
    expect(list.allows(address)).toBe(allowed);
  });

  it.each(['10.0.0.0/33', '10.0.0.1/8/2', 'example.com', '10.0.0/8', '10.0.0.0/x'])('refuses %s', (item) => {
    expect(parseAllowedSources(item)).toBeNull();
  });

  it('allows nothing when empty', () => {
    expect(parseAllowedSources('')!.allows('127.0.0.1')).toBe(false);
  });
});
