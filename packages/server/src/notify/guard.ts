/**
 * Webhook URLs are set by users: without the operator's `--allow-private-webhooks` they may reach only
 * public addresses. A name is resolved and every address checked; the connection then goes to the
 * checked address (no second lookup a DNS rebind could answer differently), and redirects are not followed.
 */
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Two lists: a BlockList checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d), so ::ffff:0:0/96 would match them all.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
// IPv4: "this network", private, carrier-grade NAT, loopback, link-local, IETF protocol assignments,
// documentation, benchmarking, multicast, reserved and broadcast.
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked4.addSubnet(net, bits, 'ipv4');
// IPv6: unspecified, loopback and the deprecated IPv4-compatible block (::/96 holds both), IPv4-mapped,
// IPv4-translated, IPv4/IPv6 translation, discard, documentation, 6to4 (which embeds any IPv4 address),
// unique local, link-local, site-local, multicast.
for (const [net, bits] of [
  ['::', 96], ['::ffff:0:0', 96], ['::ffff:0:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['2002::', 16],
  ['2001::', 23], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked6.addSubnet(net, bits, 'ipv6');

/** Whether `ip` (a literal) is a public unicast address a webhook may call. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 4) return !blocked4.check(ip, 'ipv4');
  // IPv4-mapped and NAT64 addresses are refused whole (their /96 prefixes are in the list).
  return !blocked6.check(ip, 'ipv6');
}

export class BlockedAddress extends Error {
  readonly code = 'webhook-address-not-allowed';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address.`);
  }
}

type LookupCb = (err: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves every address and refuses the connection when any is not public
 * (unless `allowPrivate`), then connects to the first one checked.
 */
export function guardedLookup(allowPrivate: boolean): (host: string, opts: { all?: boolean }, cb: LookupCb) => void {
  return (host, opts, cb) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addrs) => {
      if (err) return cb(err, []);
      const bad = allowPrivate ? undefined : addrs.find((a) => !isPublicAddress(a.address));
      if (bad) return cb(Object.assign(new BlockedAddress(host, bad.address), { errno: 0 }) as unknown as NodeJS.ErrnoException, []);
      if (addrs.length === 0) return cb(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }), []);
      if (opts.all) return cb(null, addrs);
      cb(null, addrs[0]!.address, addrs[0]!.family);
    });
  };
}

/** Resolves `host` and checks its addresses now (when a user sets a URL: a clear refusal up front). */
export function checkHost(host: string, allowPrivate: boolean): Promise<void> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIP(bare)) {
    if (!allowPrivate && !isPublicAddress(bare)) return Promise.reject(new BlockedAddress(host, bare));
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    guardedLookup(allowPrivate)(bare, { all: true }, (err) => (err ? reject(err) : resolve()));
  });
}
