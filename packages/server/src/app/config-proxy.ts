import { isIP } from 'node:net';
import { z } from 'zod';

/** Named address ranges that Fastify's trustProxy (proxy-addr) understands. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(value: string): boolean {
  if (PROXY_RANGE_NAMES.includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which peers may set the client address with X-Forwarded-For. A hop count (1 to 10:
 * the server is reached only through that many proxies) or a comma-separated list of proxy
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 */
export const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): number | string[] => {
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops >= 1 && hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY as a hop count must be between 1 and 10' });
      return z.NEVER;
    }
    const entries = v
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== '');
    const bad = entries.filter((a) => !isAddressOrCidr(a));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal); not ${bad.join(', ') || v}`,
      });
      return z.NEVER;
    }
    return entries;
  });
