import net from 'node:net';
import { z } from 'zod';

/**
 * Which proxies are believed about the client (docs/security.md "Client addresses behind proxies"):
 * `false` — none, the socket's address is the client; a hop count — the address the n-th proxy from
 * this server saw (X-Forwarded-For read from the right, so addresses a client wrote on the left are
 * never taken); a list — proxies at these addresses or CIDRs (and proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`), the client being the nearest address not in the list. These are the
 * forms of Fastify's `trustProxy`, which reads X-Forwarded-For, -Proto and -Host with them.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names of address ranges, accepted in a TRUST_PROXY list. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const TRUE_REFUSED =
  'true would believe the X-Forwarded-For of any client (a client could choose its own rate-limit key): give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)';

/** Whether `entry` is an IPv4/IPv6 address, an address/prefix CIDR, or a name of RANGE_NAMES. */
function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false` or `0` → false; a whole number 1–20 → that many hops; a comma-separated
 * list of addresses/CIDRs → the list. `true` is refused (trusting every client); so is a list with an
 * entry that is not an address, a CIDR or a range name (the message names it).
 */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const v = value?.trim() ?? '';
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') {
      ctx.addIssue({ code: 'custom', message: TRUE_REFUSED });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 20) {
        ctx.addIssue({ code: 'custom', message: 'a hop count is at most 20' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad.map((b) => JSON.stringify(b)).join(', ')} is not an address or CIDR: give a hop count (e.g. 1) or the proxies' addresses (e.g. 127.0.0.1,10.0.0.0/8)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The `trustProxy` option of Fastify for a TRUST_PROXY setting. A hop count becomes a function trusting
 * the `hops` nearest addresses (socket first), since Fastify 5 reads a bare number as "trust none": a
 * hop count cannot tell the proxy from a client that reaches the node directly, so it is only safe when
 * nodes are reachable through the proxies alone (docs/security.md "Client addresses behind proxies").
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}
