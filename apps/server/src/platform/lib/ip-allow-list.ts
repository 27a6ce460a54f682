import net from 'node:net';

export type TAllowList = { allows(address: string): boolean; entries: string[] };

/** '::ffff:1.2.3.4' (an IPv4 client on a dual-stack socket) is the IPv4 address 1.2.3.4. */
function normalise(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Parses a comma-separated list of IP addresses and CIDR ranges (IPv4 or IPv6), e.g.
 * '197.97.145.144/28,144.126.193.139'. Answers null when any item is not one, so configuration
 * fails at start rather than silently allowing nothing (or everything).
 */
export function parseAllowedSources(list: string): TAllowList | null {
  const blockList = new net.BlockList();
  const entries = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefixText, extra] = entry.split('/');
    if (extra !== undefined || !address) return null;
    const family = net.isIP(address);
    if (family === 0) return null;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      blockList.addAddress(address, type);
      continue;
    }
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    const prefix = Number(prefixText);
    if (prefix > (family === 4 ? 32 : 128)) return null;
    blockList.addSubnet(address, prefix, type);
  }
  return {
    entries,
    allows(address: string) {
      const candidate = normalise(address);
      const family = net.isIP(candidate);
      if (family === 0) return false;
      return blockList.check(candidate, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
